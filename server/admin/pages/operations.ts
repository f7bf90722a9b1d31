import { Router, type Request, type Response } from 'express';
import { gettext, interpolate, ngettext } from '../../../client/lib/i18n';
import { DeletePageAction } from '../../actions/delete-page';
import { LockPageAction, UnlockPageAction } from '../../actions/lock-page';
import { refuseWith } from '../../actions/action';
import { UnpublishPageAction } from '../../actions/unpublish-page';
import { countDescendants, subtreeFactsOf } from '../../models/page-listing';
import { getParent } from '../../models/pages';
import { permsOf } from '../access';
import { adminNextUrl } from '../next-url';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { breadcrumbsFor, explorerUrlOfParent, loadPage } from './load';
import { formBody } from '../../forms/posted';
import { PagePermissionTester } from '../../models/permission-policies';

/** Delete and unpublish (each with a confirmation page), lock and unlock. */
export function operationsRouter({ db, admin }: AdminContext): Router {
  const router = Router();

  async function loadUnpublishable(req: Request, res: Response) {
    const page = await loadPage(db, req);
    refuseWith(new PagePermissionTester(permsOf(res), page).unpublishRefusal());
    return page;
  }

  async function loadDeletable(req: Request, res: Response) {
    const page = await loadPage(db, req);
    refuseWith(new PagePermissionTester(permsOf(res), page, await subtreeFactsOf(db, page)).removalRefusal('delete'));
    return page;
  }

  router.get('/pages/:pageId/delete/', async (req, res) => {
    const page = await loadDeletable(req, res);
    admin.render(req, res, 'page-confirm', {
      title: interpolate('Delete {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      descendants: await countDescendants(db, page),
      question: gettext('Are you sure you want to delete this page?'),
      descendantsNote: gettext('These subpages will be deleted too:'),
      confirmLabel: gettext('Yes, delete it'),
      danger: true,
    });
  });

  router.post('/pages/:pageId/delete/', async (req, res) => {
    const page = await loadDeletable(req, res);
    const parent = await getParent(db, page);
    const deleted = await new DeletePageAction(db, page, permsOf(res)).execute();
    flash(req, 'success', ngettext('Page "{title}" deleted ({count} page in all).', 'Page "{title}" deleted ({count} pages in all).', deleted, { title: page.draft_title }));
    res.redirect(303, explorerUrlOfParent(page, parent));
  });

  router.get('/pages/:pageId/unpublish/', async (req, res) => {
    const page = await loadUnpublishable(req, res);
    admin.render(req, res, 'page-confirm', {
      title: interpolate('Unpublish {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      descendants: await countDescendants(db, page),
      question: gettext('Are you sure you want to unpublish this page? It stays in the back office as a draft.'),
      includeDescendantsChoice: true,
      confirmLabel: gettext('Yes, unpublish it'),
    });
  });

  router.post('/pages/:pageId/unpublish/', async (req, res) => {
    const page = await loadUnpublishable(req, res);
    const unpublished = await new UnpublishPageAction(db, page, permsOf(res), { includeDescendants: formBody(req).include_descendants === 'on' }).execute();
    flash(
      req,
      'success',
      ngettext('Page "{title}" unpublished ({count} page in all).', 'Page "{title}" unpublished ({count} pages in all).', unpublished.length, { title: page.draft_title }),
    );
    res.redirect(303, explorerUrlOfParent(page, await getParent(db, page)));
  });

  router.post('/pages/:pageId/lock/', async (req, res) => {
    const page = await loadPage(db, req);
    await new LockPageAction(db, page, permsOf(res)).execute();
    flash(req, 'success', interpolate('Page "{title}" is now locked.', { title: page.draft_title }));
    res.redirect(303, adminNextUrl(formBody(req).next, `/wagtail/pages/${page.id}/edit/`));
  });

  router.post('/pages/:pageId/unlock/', async (req, res) => {
    const page = await loadPage(db, req);
    await new UnlockPageAction(db, page, permsOf(res)).execute();
    flash(req, 'success', interpolate('Page "{title}" is now unlocked.', { title: page.draft_title }));
    res.redirect(303, adminNextUrl(formBody(req).next, `/wagtail/pages/${page.id}/edit/`));
  });

  return router;
}
