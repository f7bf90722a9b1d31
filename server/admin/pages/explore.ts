import { Router } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { ReorderPageAction } from '../../actions/reorder-page';
import { NotFoundError } from '../../errors';
import { EXPLORER_PAGE_SIZE, childrenSlice, subtreeFacts } from '../../models/page-listing';
import { getRootPage } from '../../models/pages';
import type { UserPermissions } from '../../models/permissions';
import { restrictedPagePaths } from '../../models/view-restrictions';
import { allowedChildTypes } from '../../pagetypes/allowed-children';
import { PAGE_TYPES } from '../../pagetypes/index';
import type { Page } from '../../db/schema';
import { permsOf } from '../access';
import { bulkActionChoices, bulkListingChoice } from '../bulk-actions-definitions';
import { flash } from '../render';
import { liveLinksFor } from '../sites-live-links';
import { pageNumber, pageSlice, paginate } from '../generic/paginator';
import type { AdminContext } from '../types';
import { breadcrumbsFor, loadPage } from './load';
import { pageStatusTags } from './status';
import { formBody } from '../../forms/posted';
import { PagePermissionTester, type SubtreeFacts } from '../../models/permission-policies';

/** The page's actions, offering "add child page" only where some type may go under it. */
export function actionsWithChildTypes(perms: UserPermissions, page: Page, subtree: SubtreeFacts | undefined) {
  const actions = new PagePermissionTester(perms, page, subtree).actions();
  return { ...actions, canAddSubpage: actions.canAddSubpage && allowedChildTypes(page.page_type).length > 0 };
}

/** /wagtail/pages/ and /wagtail/pages/{id}/: a page's children with status, actions and order arrows. */
export function exploreRouter({ db, admin }: AdminContext): Router {
  const router = Router();

  async function explore(req: Parameters<typeof admin.render>[0], res: Parameters<typeof admin.render>[1], parent: Page) {
    const perms = permsOf(res);
    const current = pageNumber.parse(req.query.p);
    const { offset } = pageSlice(current, EXPLORER_PAGE_SIZE);
    const [{ pages, total }, restricted, breadcrumbs, liveLinks] = await Promise.all([
      childrenSlice(db, parent, offset),
      restrictedPagePaths(db),
      breadcrumbsFor(db, parent),
      liveLinksFor(db, req),
    ]);
    const facts = await subtreeFacts(db, pages);
    const rows = pages.map((page, index) => ({
      page,
      typeLabel: PAGE_TYPES[page.page_type]?.label ?? page.page_type,
      status: pageStatusTags(page, restricted),
      actions: actionsWithChildTypes(perms, page, facts.get(page.id)),
      liveUrl: liveLinks.urlOf(page),
      isFirst: offset + index === 0,
      isLast: offset + index === total - 1,
    }));
    const parentActions = new PagePermissionTester(perms, parent).actions();
    admin.render(req, res, 'pages-explore', {
      title: parent.depth === 1 ? gettext('Pages') : parent.draft_title,
      activeNav: 'pages',
      parent,
      isRoot: parent.depth === 1,
      breadcrumbs,
      rows,
      parentActions,
      // The order column only for users who may reorder these pages (Wagtail's can_reorder_children).
      canReorder: rows.some((row) => row.actions.canReorder),
      canAddChild: parentActions.canAddSubpage && allowedChildTypes(parent.page_type).length > 0,
      bulkActions: bulkActionChoices(),
      bulkListing: bulkListingChoice(parent.id, total, rows.length),
      pagination: paginate(req, current, total, EXPLORER_PAGE_SIZE),
    });
  }

  router.get('/pages/', async (req, res) => {
    const root = await getRootPage(db);
    if (!root) throw new NotFoundError('The page tree is empty.');
    await explore(req, res, root);
  });

  router.get('/pages/:pageId/', async (req, res) => explore(req, res, await loadPage(db, req)));

  router.post('/pages/:pageId/move/:direction/', async (req, res) => {
    const direction = z.enum(['up', 'down']).safeParse(req.params.direction);
    if (!direction.success) throw new NotFoundError('Unknown direction.');
    const page = await loadPage(db, req);
    await new ReorderPageAction(db, page, permsOf(res), direction.data).execute();
    flash(req, 'success', interpolate('Page "{title}" moved.', { title: page.draft_title }));
    const back = formBody(req).next;
    // Back to the moved row, not the top of the listing: the browser scrolls to it and focuses it.
    res.redirect(303, `${typeof back === 'string' && /^\/wagtail\/pages\/(\d+\/)?(\?p=\d+)?$/.test(back) ? back : '/wagtail/pages/'}#page-${page.id}`);
  });

  return router;
}
