/**
 * Wagtail's bulk action screens at its addresses, `/wagtail/bulk/wagtailcore/page/{action}/
 * ?id=1&id=2&next=…`: GET lists the selected pages the user may act on and, apart, those they
 * may not with the reason; POST re-reads the pages, runs the action on each allowed one
 * (bulk-actions-definitions.ts) and goes back to `next` with the outcome.
 */
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { Page } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { childrenSlice } from '../models/page-listing';
import { descendantCounts, pagesByIds, type DescendantCounts } from '../models/page-selection';
import { getPage } from '../models/pages';
import type { UserPermissions } from '../models/permissions';
import { permsOf } from './access';
import { BULK_ACTIONS, MAX_SELECTED, outermostPages, PAGE_BULK_ACTIONS, runBulkAction, UNSAFE_PAGE_DELETION_LIMIT, type PageBulkAction } from './bulk-actions-definitions';
import { databaseId } from '../db/database-id';
import { adminNextUrl } from './next-url';
import { bulkMoveDestinations } from './bulk-actions-destinations';
import { flash } from './render';
import type { AdminContext } from './types';
import { PagePermissionTester } from '../models/permission-policies';

const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((ids): unknown[] => (Array.isArray(ids) ? ids : [ids]))
  .pipe(z.array(databaseId).min(1).max(MAX_SELECTED));

// `id=all&childOf={parent}` is Wagtail's "Select all pages in listing": every child of the explored page.
const selectionSchema = z.union([
  z.object({ id: z.literal('all').or(z.array(z.string()).refine((ids) => ids.includes('all'))), childOf: databaseId, next: z.unknown().optional() }),
  z.object({ id: idList, next: z.unknown().optional() }),
]);

const confirmSchema = z.object({
  include_descendants: z.literal('on').optional(),
  destination: databaseId.optional(),
  confirm_site_name: z.string().max(255).optional(),
});

/** Problems of a sent confirmation form, beside the field they concern. */
interface ConfirmErrors {
  destination?: string[];
  confirm_site_name?: string[];
}

/** The selection an address names: its pages in tree order (404 when none exists) and where to go back. */
async function loadSelection(db: AdminContext['db'], req: Request) {
  const parsed = selectionSchema.safeParse(req.query);
  if (!parsed.success) throw new ValidationError(gettext('Select at least one page, and no more than 500.'));
  const pages = 'childOf' in parsed.data ? await childrenOf(db, parsed.data.childOf) : await pagesByIds(db, parsed.data.id);
  if (pages.length === 0) throw new NotFoundError('There is no page with these ids.');
  return { pages, next: adminNextUrl(parsed.data.next, '/wagtail/pages/') };
}

async function childrenOf(db: AdminContext['db'], parentId: number): Promise<Page[]> {
  const parent = await getPage(db, parentId);
  return parent ? (await childrenSlice(db, parent, 0, MAX_SELECTED)).pages : [];
}

/** The selected pages split into those the user may act on and those refused, each with the reason. */
async function sortByPermission(db: AdminContext['db'], perms: UserPermissions, action: PageBulkAction, pages: readonly Page[]) {
  const allowed: Page[] = [];
  const refused: Array<{ page: Page; reason: string }> = [];
  for (const page of pages) {
    const reason = await action.refusal(db, perms, page);
    if (reason === null) allowed.push(page);
    else refused.push({ page, reason });
  }
  return { allowed, refused };
}

function actionOf(req: Request): PageBulkAction {
  const type = z.enum(PAGE_BULK_ACTIONS).safeParse(req.params.action);
  if (!type.success) throw new NotFoundError('There is no such bulk action.');
  return BULK_ACTIONS[type.data];
}

const editUrl = (page: Page) => `/wagtail/pages/${page.id}/edit/`;

/** The pages a run would touch, the subpages of each included and a page under another selected one counted once. */
function totalWithSubpages(pages: readonly Page[], counts: Map<number, DescendantCounts>): number {
  return outermostPages(pages).reduce((sum, page) => sum + 1 + (counts.get(page.id)?.all ?? 0), 0);
}

/** Whether a delete is large enough that the user must type the site's name first (Wagtail's rule). */
function deletesMany(action: PageBulkAction, pages: readonly Page[], counts: Map<number, DescendantCounts>): boolean {
  return action.type === 'delete' && totalWithSubpages(pages, counts) >= UNSAFE_PAGE_DELETION_LIMIT;
}

/** The name typed to confirm a large delete: the brand the back office shows, as Wagtail's WAGTAIL_SITE_NAME. */
function siteNameOf(res: Response): string {
  const chrome = res.locals.adminChrome;
  if (!chrome) throw new Error('The admin chrome is loaded (loadAdminUser) before any admin route runs.');
  return chrome.brandName;
}

/** The bulk action screens for pages. */
export function bulkActionsRouter({ db, admin, clock }: AdminContext): Router {
  const router = Router();

  /** The confirmation screen; after a refused form, 400 with each error beside its field. */
  async function renderConfirm(req: Request, res: Response, action: PageBulkAction, errors: ConfirmErrors = {}) {
    const refusedForm = Object.keys(errors).length > 0;
    admin.render(req, res, 'bulk-confirm', await buildContext(req, res, action, errors), refusedForm ? 400 : 200);
  }

  async function buildContext(req: Request, res: Response, action: PageBulkAction, errors: ConfirmErrors) {
    const perms = permsOf(res);
    const { pages, next } = await loadSelection(db, req);
    const { allowed, refused } = await sortByPermission(db, perms, action, pages);
    const counts = await descendantCounts(db, allowed);
    const countsOf = (page: Page) => counts.get(page.id) ?? { all: 0, live: 0 };
    return {
      title: action.title(allowed.length),
      heading: action.label(),
      activeNav: 'pages',
      action: { type: action.type, question: action.question(), confirmLabel: action.confirmLabel(), cancelLabel: action.cancelLabel(), danger: action.danger },
      items: allowed.map((page) => ({ id: page.id, title: page.draft_title, editUrl: editUrl(page), note: action.note(countsOf(page)) })),
      refused: refused.length
        ? {
            message: action.noAccessMessage(refused.length),
            items: refused.map(({ page, reason }) => ({ title: page.draft_title, editUrl: new PagePermissionTester(perms, page).canEdit() ? editUrl(page) : null, reason })),
          }
        : null,
      offersDescendants: action.offersDescendants(allowed.map(countsOf)),
      move: action.type === 'move' && allowed.length ? { ...(await bulkMoveDestinations(db, perms, allowed)), errors: errors.destination } : null,
      typeToConfirm: deletesMany(action, allowed, counts)
        ? { total: totalWithSubpages(allowed, counts), label: interpolate('Please type "{site_name}" to confirm.', { site_name: siteNameOf(res) }), errors: errors.confirm_site_name }
        : null,
      next,
      submitUrl: req.originalUrl,
    };
  }

  router.get('/bulk/wagtailcore/page/:action/', async (req, res) => renderConfirm(req, res, actionOf(req)));

  router.post('/bulk/wagtailcore/page/:action/', async (req, res) => {
    const action = actionOf(req);
    const perms = permsOf(res);
    const form = confirmSchema.safeParse(req.body ?? {});
    if (!form.success) throw new ValidationError(gettext('The confirmation form was not understood; go back and try again.'));
    const destination = form.data.destination === undefined ? undefined : await getPage(db, form.data.destination);
    if (action.type === 'move' && !destination) return renderConfirm(req, res, action, { destination: [gettext('Choose where to move the pages.')] });
    // The rows as they are now: a page locked or published since the screen was shown is judged again.
    const { pages, next } = await loadSelection(db, req);
    const { allowed, refused } = await sortByPermission(db, perms, action, pages);
    if (deletesMany(action, allowed, await descendantCounts(db, allowed)) && form.data.confirm_site_name?.trim() !== siteNameOf(res)) {
      return renderConfirm(req, res, action, { confirm_site_name: [gettext('This is not the site name; type it as shown to delete these pages.')] });
    }
    const outcomes = await runBulkAction(db, perms, action, allowed, { includeDescendants: form.data.include_descendants === 'on', destination, now: clock() });
    const done = outcomes.filter((outcome) => outcome.ok);
    if (done.length > 0) {
      flash(
        req,
        'success',
        action.successMessage(
          done.length,
          done.reduce((sum, outcome) => sum + outcome.children, 0),
        ),
      );
    }
    const failures = [...refused, ...outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome]))];
    for (const { page, reason } of failures) flash(req, 'error', action.failureMessage(page.draft_title, reason));
    res.redirect(303, next);
  });

  return router;
}
