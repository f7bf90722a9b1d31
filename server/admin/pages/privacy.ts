import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { refuseWith } from '../../actions/action';
import { SetPagePrivacyAction } from '../../actions/set-page-privacy';
import type { Page } from '../../db/schema';
import { restrictionsForPage } from '../../models/view-restrictions';
import { permsOf } from '../access';
import { parseForm, emptyProblems, type FormProblems } from '../../forms/problems';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { breadcrumbsFor, loadPage } from './load';
import { PagePermissionTester } from '../../models/permission-policies';

const privacyForm = z.discriminatedUnion('restriction', [
  z.object({ restriction: z.literal('public') }),
  z.object({ restriction: z.literal('login') }),
  z.object({ restriction: z.literal('password'), password: z.string().min(1, 'Enter the password visitors must give.').max(255) }),
]);

/** /wagtail/pages/{id}/privacy/: public, password, or signed-in users only, for the page and its subtree. */
export function privacyRouter({ db, admin }: AdminContext): Router {
  const router = Router();

  async function loadAllowed(req: Request, res: Response): Promise<Page> {
    const page = await loadPage(db, req);
    refuseWith(new PagePermissionTester(permsOf(res), page).privacyRefusal());
    return page;
  }

  async function render(req: Request, res: Response, page: Page, form: FormProblems, status = 200) {
    const restrictions = await restrictionsForPage(db, page);
    admin.render(
      req,
      res,
      'page-privacy',
      {
        title: interpolate('Privacy of {title}', { title: page.draft_title }),
        activeNav: 'pages',
        breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
        page,
        form,
        inherited: restrictions.some((restriction) => restriction.page_id !== page.id),
      },
      status,
    );
  }

  router.get('/pages/:pageId/privacy/', async (req, res) => {
    const page = await loadAllowed(req, res);
    const own = (await restrictionsForPage(db, page)).find((restriction) => restriction.page_id === page.id);
    await render(req, res, page, emptyProblems({ restriction: own?.restriction_type ?? 'public' }));
  });

  router.post('/pages/:pageId/privacy/', async (req, res) => {
    const page = await loadAllowed(req, res);
    const form = parseForm(privacyForm, req.body);
    if (!form.ok) return render(req, res, page, { ...form, values: { ...form.values, password: '' } }, 400);
    const privacy = form.data.restriction === 'password' ? { type: 'password' as const, password: form.data.password } : { type: form.data.restriction };
    await new SetPagePrivacyAction(db, page, permsOf(res), privacy).execute();
    flash(req, 'success', gettext('The privacy of the page has been saved.'));
    res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
  });

  return router;
}
