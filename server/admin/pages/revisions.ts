import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { RevertPageAction } from '../../actions/revert-page';
import type { Page, PageRevision } from '../../db/schema';
import { NotFoundError, PermissionDenied } from '../../errors';
import { pageHistory } from '../../models/admin-log';
import { getLatestRevision, getRevision, getRevisions, revisionSnapshot, snapshotOfPage, type RevisionSnapshot } from '../../models/pages';
import { PAGE_TYPES } from '../../pagetypes/index';
import { siteForPage } from '../../models/sites';
import { usernamesByIds } from '../../models/users';
import { permsOf } from '../access';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { breadcrumbsFor, loadPage } from './load';
import { diffSnapshots, type DiffContext } from './revision-diff';
import { databaseId } from '../../db/database-id';
import { definitionsByType } from '../../../admin-client/streamfield/value-ops';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { serializeBlockDefinitions } from '../block-definitions';
import { referencesInContent } from '../media-usage';
import { CHOOSER_TARGETS, type ChooserTarget } from '../../../admin-client/streamfield/schemas';
import { adminTimeZone, formatAdminDate } from '../date-format';
import { titlesOfReferences } from '../chooser-data';
import { PagePermissionTester } from '../../models/permission-policies';

/** One side of a compare URL (Wagtail's): 'live', 'latest' (the current draft) or a revision id. */
const compareEnd = z.union([z.enum(['live', 'latest']), databaseId]);
const compareRange = z.tuple([compareEnd, compareEnd]);

interface CompareSide {
  label: string;
  snapshot: RevisionSnapshot;
}

/** Audit codes as the history screen words them. */
const ACTION_LABELS: Record<string, string> = {
  'page.create': 'Created',
  'page.edit': 'Draft saved',
  'page.publish': 'Published',
  'page.schedule': 'Scheduled',
  'page.unpublish': 'Unpublished',
  'page.move': 'Moved',
  'page.copy': 'Copied',
  'page.delete': 'Deleted',
  'page.lock': 'Locked',
  'page.unlock': 'Unlocked',
  'page.revert': 'Reverted to an earlier revision',
  'page.reorder': 'Reordered',
  'page.expire': 'Expired',
  'page.view_restriction.create': 'Privacy restricted',
  'page.view_restriction.delete': 'Privacy restriction removed',
  'page.workflow.start': 'Submitted for moderation',
  'page.workflow.resume': 'Resubmitted for moderation',
  'page.workflow.approve': 'Approved',
  'page.workflow.reject': 'Changes requested',
  'page.workflow.cancel': 'Workflow cancelled',
};

/** What a history entry may add to its line: the workflow it concerns and a reviewer's comment. */
const historyDetail = z.object({ workflow: z.string().optional(), comment: z.string().optional() }).catch({});

/** Revisions (list, revert), history, and preview of the latest draft with the real template. */
export function revisionsRouter({ db, admin, storage, sendPage }: AdminContext): Router {
  const router = Router();
  const definitions = definitionsByType(serializeBlockDefinitions());

  /** The blocks' field trees and the titles of what either side refers to (its own fields and its blocks), for the diff's words. */
  async function diffContext(pageType: PageTypeDefinition, snapshots: readonly RevisionSnapshot[]): Promise<DiffContext> {
    const found = snapshots.map((snapshot) => referencesInContent(pageType.name, snapshot.content));
    const ids = Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, found.flatMap((each) => each[target])])) as Record<ChooserTarget, number[]>;
    return { definitions, referenceTitles: await titlesOfReferences(db, storage, ids) };
  }

  async function loadEditable(req: Request, res: Response): Promise<Page> {
    const page = await loadPage(db, req);
    if (!new PagePermissionTester(permsOf(res), page).canViewRevisions()) throw new PermissionDenied('You do not have permission to see the revisions or the history of this page.');
    return page;
  }

  router.get('/pages/:pageId/revisions/', async (req, res) => {
    const page = await loadEditable(req, res);
    const revisions = await getRevisions(db, page);
    const names = await usernamesByIds(
      db,
      revisions.flatMap((revision) => (revision.user_id === null ? [] : [revision.user_id])),
    );
    admin.render(req, res, 'page-revisions', {
      title: interpolate('Revisions of {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      canRevert: new PagePermissionTester(permsOf(res), page).canEdit(),
      revisions: revisions.map((revision) => ({
        revision,
        title: revisionSnapshot(revision).title,
        user: revision.user_id === null ? gettext('system') : (names.get(revision.user_id) ?? gettext('deleted user')),
        isLive: revision.id === page.live_revision_id,
        isLatest: revision.id === page.latest_revision_id,
      })),
    });
  });

  async function compareSide(page: Page, end: z.infer<typeof compareEnd>, timeZone: string): Promise<CompareSide> {
    if (end === 'live') {
      if (!page.live) throw new NotFoundError('This page is not live, so there is no live version to compare.');
      const live = page.live_revision_id === null ? undefined : await getRevision(db, page, page.live_revision_id);
      return { label: gettext('Live version'), snapshot: live ? revisionSnapshot(live) : snapshotOfPage(page) };
    }
    const revision = end === 'latest' ? await getLatestRevision(db, page) : await getRevision(db, page, end);
    if (!revision) throw new NotFoundError('There is no such revision.');
    const label = end === 'latest' ? gettext('Current draft') : interpolate('Revision of {date}', { date: formatAdminDate(revision.created_at, timeZone) });
    return { label, snapshot: revisionSnapshot(revision) };
  }

  router.get('/pages/:pageId/revisions/compare/:range/', async (req, res) => {
    const page = await loadEditable(req, res);
    const range = compareRange.safeParse(String(req.params.range).split('...'));
    if (!range.success) throw new NotFoundError('Compare two revisions as /compare/{a}...{b}/, each a revision id, "live" or "latest".');
    const [before, after] = await Promise.all([compareSide(page, range.data[0], adminTimeZone(res)), compareSide(page, range.data[1], adminTimeZone(res))]);
    const pageType = PAGE_TYPES[page.page_type];
    if (!pageType) throw new NotFoundError(`There is no page type "${page.page_type}".`);
    const diff = diffSnapshots(pageType, before.snapshot, after.snapshot, await diffContext(pageType, [before.snapshot, after.snapshot]));
    admin.render(req, res, 'page-compare', {
      title: interpolate('Comparing revisions of {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      before: before.label,
      after: after.label,
      diff,
      unchanged: diff.fields.length === 0 && diff.streams.length === 0,
    });
  });

  async function loadRevertTarget(req: Request, res: Response): Promise<{ page: Page; revision: PageRevision; action: RevertPageAction }> {
    const page = await loadPage(db, req);
    const id = databaseId.safeParse(req.params.revisionId);
    const revision = id.success ? await getRevision(db, page, id.data) : undefined;
    if (!revision) throw new NotFoundError('There is no such revision.');
    return { page, revision, action: new RevertPageAction(db, page, permsOf(res), revision.id) };
  }

  // Reverting replaces the draft, so it asks first, as deleting and unpublishing do.
  router.get('/pages/:pageId/revisions/:revisionId/revert/', async (req, res) => {
    const { page, revision, action } = await loadRevertTarget(req, res);
    await action.check();
    admin.render(req, res, 'page-confirm', {
      title: interpolate('Revert {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      question: interpolate('Revert to the revision of {date}? Its content becomes the newest draft; the live page stays as it is until you publish.', {
        date: formatAdminDate(revision.created_at, adminTimeZone(res)),
      }),
      compareUrl: `/wagtail/pages/${page.id}/revisions/compare/latest...${revision.id}/`,
      confirmLabel: gettext('Yes, revert'),
    });
  });

  router.post('/pages/:pageId/revisions/:revisionId/revert/', async (req, res) => {
    const { page, action } = await loadRevertTarget(req, res);
    await action.execute();
    flash(req, 'success', gettext('The earlier revision is now the newest draft. Publish it to make it live.'));
    res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
  });

  router.get('/pages/:pageId/history/', async (req, res) => {
    const page = await loadEditable(req, res);
    const entries = await pageHistory(db, page.id);
    admin.render(req, res, 'page-history', {
      title: interpolate('History of {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      entries: entries.map((entry) => ({ ...entry, actionLabel: gettext(ACTION_LABELS[entry.action] ?? entry.action), ...historyDetail.parse(entry.data) })),
    });
  });

  /** The latest revision (or one named by ?revision=) rendered like the live page. */
  router.get('/pages/:pageId/preview/', async (req, res) => {
    const page = await loadEditable(req, res);
    const chosen = databaseId.safeParse(req.query.revision);
    const revision = chosen.success ? await getRevision(db, page, chosen.data) : await getLatestRevision(db, page);
    if (!revision) throw new NotFoundError('This page has no revision to preview.');
    await sendRevisionPreview({ db, sendPage }, req, res, page, revision);
  });

  return router;
}

/** Renders a revision of a page with its real template, never cached nor indexed. */
export async function sendRevisionPreview({ db, sendPage }: Pick<AdminContext, 'db' | 'sendPage'>, req: Request, res: Response, page: Page, revision: PageRevision): Promise<void> {
  const site = await siteForPage(db, page);
  if (!site) throw new NotFoundError('This page belongs to no site, so it cannot be previewed.');
  const snapshot = revisionSnapshot(revision);
  res.set('Cache-Control', 'private, no-store');
  res.set('X-Robots-Tag', 'noindex');
  await sendPage(req, res, site, { ...page, ...snapshot, content: snapshot.content });
}
