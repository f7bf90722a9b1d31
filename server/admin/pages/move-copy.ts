import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { CopyPageAction } from '../../actions/copy-page';
import { MovePageAction } from '../../actions/move-page';
import { refuseWith } from '../../actions/action';
import type { Page } from '../../db/schema';
import { ConflictError, PermissionDenied, ValidationError } from '../../errors';
import { pageTreeOutline, subtreeFactsOf } from '../../models/page-listing';
import { getPage, getParent } from '../../models/pages';
import type { UserPermissions } from '../../models/permissions';
import { SLUG_PATTERN } from '../../../client/lib/slugs';
import { permsOf } from '../access';
import { databaseId } from '../../db/database-id';
import { addProblem, emptyProblems, parseForm, type FormProblems } from '../../forms/problems';
import { isChoosable, PAGE_CHOOSER_URL, type PageChoiceRule } from '../page-chooser';
import { flash } from '../render';
import { automaticRedirectsNotice } from '../redirects-notice';
import type { AdminContext } from '../types';
import { breadcrumbsFor, loadPage } from './load';
import { formBody } from '../../forms/posted';
import { PagePermissionTester } from '../../models/permission-policies';

const copyForm = z.object({
  destination: databaseId,
  new_title: z.string().trim().min(1, 'Title is required').max(255),
  new_slug: z.string().trim().max(255).regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens'),
  copy_subpages: z.literal('on').optional(),
  publish_copies: z.literal('on').optional(),
});

/**
 * Every page the user may put `page` under, for the no-script list the page chooser enhances;
 * the same rule as the chooser's (page-chooser.ts).
 */
async function destinationsFor(db: AdminContext['db'], perms: UserPermissions, page: Page, action: 'move' | 'copy') {
  return destinationChoices(db, perms, { kind: 'destination', action, targets: [{ page, subtree: await subtreeFactsOf(db, page) }] });
}

/** How far a page's row is indented under Root: its class names steps up to 8 (static/css/admin.css), deeper pages sit at the last. */
function treeIndent(depth: number): number {
  return Math.min(8, Math.max(0, depth - 2));
}

/** The pages a destination rule lets the user choose, as the radio list's rows (also the bulk move's). */
export async function destinationChoices(db: AdminContext['db'], perms: UserPermissions, rule: PageChoiceRule) {
  return (await pageTreeOutline(db))
    .filter((candidate) => isChoosable(perms, rule, candidate))
    .map((candidate) => ({ ...candidate, label: candidate.depth === 1 ? gettext('Root') : candidate.draft_title, indent: treeIndent(candidate.depth) }));
}

/** The page chooser's address for picking where `page` goes, and the parent it starts browsing. */
async function chooserFor(db: AdminContext['db'], page: Page, action: 'move' | 'copy') {
  return {
    url: `${PAGE_CHOOSER_URL}?${new URLSearchParams({ user_perms: `${action}_to`, target_pages: String(page.id) })}`,
    parent: (await getParent(db, page))?.id,
  };
}

/** Move (choose a destination allowed for the type) and copy (with or without subpages). */
export function moveCopyRouter({ db, admin }: AdminContext): Router {
  const router = Router();

  async function loadMovable(req: Request, res: Response) {
    const page = await loadPage(db, req);
    refuseWith(new PagePermissionTester(permsOf(res), page, await subtreeFactsOf(db, page)).removalRefusal('move'));
    return page;
  }

  async function loadCopyable(req: Request, res: Response) {
    const page = await loadPage(db, req);
    if (!new PagePermissionTester(permsOf(res), page).canCopy()) throw new PermissionDenied('You do not have permission to copy this page.');
    return page;
  }

  router.get('/pages/:pageId/move/', async (req, res) => {
    const page = await loadMovable(req, res);
    admin.render(req, res, 'page-move', {
      title: interpolate('Move {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      destinations: await destinationsFor(db, permsOf(res), page, 'move'),
      chooser: await chooserFor(db, page, 'move'),
    });
  });

  router.post('/pages/:pageId/move/', async (req, res) => {
    const page = await loadMovable(req, res);
    const id = databaseId.safeParse(formBody(req).destination);
    const destination = id.success ? await getPage(db, id.data) : undefined;
    if (!destination) throw new ValidationError('Choose where to move the page.');
    const move = new MovePageAction(db, page, permsOf(res), destination);
    const moved = await move.execute();
    flash(
      req,
      'success',
      interpolate('Page "{title}" moved under "{parent}".', { title: moved.draft_title, parent: destination.draft_title }) + automaticRedirectsNotice(move.redirectsCreated),
    );
    res.redirect(303, destination.depth === 1 ? '/wagtail/pages/' : `/wagtail/pages/${destination.id}/`);
  });

  async function renderCopy(req: Request, res: Response, page: Page, form: FormProblems, status = 200) {
    const destinations = await destinationsFor(db, permsOf(res), page, 'copy');
    admin.render(
      req,
      res,
      'page-copy',
      {
        title: interpolate('Copy {title}', { title: page.draft_title }),
        activeNav: 'pages',
        breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
        page,
        form,
        destinations,
        chosenLabel: destinations.find((destination) => String(destination.id) === form.values.destination)?.label,
        chooser: await chooserFor(db, page, 'copy'),
      },
      status,
    );
  }

  router.get('/pages/:pageId/copy/', async (req, res) => {
    const page = await loadCopyable(req, res);
    const parent = await getParent(db, page);
    await renderCopy(req, res, page, emptyProblems({ new_title: page.draft_title, new_slug: `${page.slug}-copy`, destination: String(parent?.id ?? '') }));
  });

  router.post('/pages/:pageId/copy/', async (req, res) => {
    const page = await loadCopyable(req, res);
    const form = parseForm(copyForm, req.body);
    if (!form.ok) return renderCopy(req, res, page, form, 400);
    const destination = await getPage(db, form.data.destination);
    if (!destination) {
      const problems = emptyProblems({ ...formBody(req) });
      addProblem(problems, 'destination', gettext('Choose where to put the copy.'));
      return renderCopy(req, res, page, problems, 400);
    }
    try {
      const copy = await new CopyPageAction(db, page, permsOf(res), {
        destination,
        recursive: form.data.copy_subpages === 'on',
        keepLive: form.data.publish_copies === 'on',
        title: form.data.new_title,
        slug: form.data.new_slug,
      }).execute();
      flash(req, 'success', interpolate('Page "{title}" copied.', { title: page.draft_title }));
      res.redirect(303, `/wagtail/pages/${copy.id}/edit/`);
    } catch (error) {
      if (!(error instanceof ConflictError || error instanceof ValidationError)) throw error;
      const problems = emptyProblems({ ...formBody(req) });
      addProblem(problems, error instanceof ConflictError ? 'new_slug' : undefined, error.message);
      await renderCopy(req, res, page, problems, 400);
    }
  });

  return router;
}
