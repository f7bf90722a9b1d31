import { Router, type ErrorRequestHandler } from 'express';
import { gettext } from '../../client/lib/i18n';
import type { AssetManifest } from '../asset-manifest';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { CsrfProtection } from '../csrf';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import { HttpError, NotFoundError } from '../errors';
import type { Logger } from 'pino';
import type { PublicPages } from '../views/serve';
import { loadAdminUser, requireAdminAccess } from './access';
import { accountsRouter } from './accounts';
import { blockPreviewRouter } from './block-preview';
import { bulkActionsRouter } from './bulk-actions';
import { choosersRouter } from './choosers';
import { collectionsRouter } from './collections';
import { settingsRouter } from './settings';
import { sitesRouter } from './sites';
import { adminApiRouter } from './api';
import { dashboardRouter } from './dashboard';
import { documentsRouter } from './documents';
import { formsSubmissionsRouter } from './forms-submissions';
import { reportsRouter } from './reports/router';
import { videosRouter } from './videos/router';
import { editingSessionsRouter } from './editing-sessions';
import { pagesRouter } from './pages/router';
import { groupsRouter } from './groups';
import { imagesRouter } from './images/router';
import { usersRouter } from './users';
import { workflowsRouter } from './workflows';
import { redirectsRouter } from './redirects';
import { reservationsRouter } from './reservations';
import { waitlistRouter } from './waitlist';
import { passwordResetRouter } from './password-reset';
import { snippetsRouter } from './snippets';
import { styleguideRouter } from './styleguide';
import { createAdminRenderer, type AdminRenderer } from './render';
import type { AdminContext } from './types';

/** What the back office is assembled from. */
export interface AdminRouterOptions {
  db: Db;
  config: Config;
  logger: Logger;
  manifest: AssetManifest;
  csrf: CsrfProtection;
  /** The time the host stand's queue, reservations and page schedules read. */
  clock: Clock;
  /** Where media files live (local folder or S3), the same storage the public routes read. */
  storage: MediaStorage;
  /** The public render path, for previews of drafts. */
  sendPage: PublicPages['sendPage'];
  /** The public render of blocks alone, for the block preview. */
  sendBlocks: PublicPages['sendBlocks'];
}

const ERROR_TITLES: Record<number, string> = {
  400: 'Bad request',
  403: 'Permission denied',
  404: 'Not found',
  409: 'Conflict',
  429: 'Too many requests',
};

/**
 * The back office at /wagtail/: sign-in and password reset are open; everything else needs
 * a signed-in user with admin access, and each area checks its own permissions.
 */
export function adminRouter(options: AdminRouterOptions): Router {
  const admin = createAdminRenderer(options.manifest, options.csrf);
  const context: AdminContext = {
    db: options.db,
    config: options.config,
    logger: options.logger,
    clock: options.clock,
    storage: options.storage,
    admin,
    csrf: options.csrf,
    sendPage: options.sendPage,
    sendBlocks: options.sendBlocks,
  };
  const router = Router();
  router.use(loadAdminUser(options.db, options.config.TIME_ZONE));
  router.use(accountsRouter(context));
  router.use(passwordResetRouter(context));
  router.use(adminApiRouter(context));
  router.use(choosersRouter(context));
  router.use(requireAdminAccess);
  router.use(dashboardRouter(context));
  router.use(pagesRouter(context));
  router.use(bulkActionsRouter(context));
  router.use(blockPreviewRouter(context));
  router.use(styleguideRouter(context));
  router.use(editingSessionsRouter(context));
  router.use(usersRouter(context));
  router.use(groupsRouter(context));
  router.use(collectionsRouter(context));
  router.use(sitesRouter(context));
  router.use(settingsRouter(context));
  router.use(imagesRouter(context));
  router.use(workflowsRouter(context));
  router.use(waitlistRouter(context));
  router.use(reservationsRouter(context));
  router.use(documentsRouter(context));
  router.use(videosRouter(context));
  router.use(redirectsRouter(context));
  router.use(formsSubmissionsRouter(context));
  router.use(reportsRouter(context));
  router.use(snippetsRouter(context));
  router.use(() => {
    throw new NotFoundError('There is nothing at this address.');
  });
  router.use(adminErrorPage(admin));
  return router;
}

/** Client errors as admin pages (403 with the layout, nothing changed); server errors go on. */
function adminErrorPage(admin: AdminRenderer): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (!(error instanceof HttpError) || error.status >= 500 || res.headersSent) return next(error);
    if (req.accepts(['html', 'json']) === 'json') return res.status(error.status).json({ error: error.message });
    const title = gettext(ERROR_TITLES[error.status] ?? 'Error');
    admin.render(req, res, 'error', { title, status: error.status, message: error.message }, error.status);
  };
}
