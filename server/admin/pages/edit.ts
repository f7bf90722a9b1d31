import { Router, type Request, type Response } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { CreatePageAction } from '../../actions/create-page';
import { SubmitForModerationAction } from '../../actions/page-workflow';
import { PublishPageAction } from '../../actions/publish-page';
import { PageChangedError, SaveDraftAction, type SaveDraftOptions } from '../../actions/save-draft';
import type { Page } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { ConflictError, PermissionDenied, ValidationError } from '../../errors';
import { getLatestRevision, getPageOrThrow, getParent, revisionSnapshot, snapshotOfPage } from '../../models/pages';
import { subtreeFactsOf } from '../../models/page-listing';
import { getUser } from '../../models/users';
import { restrictedPagePaths } from '../../models/view-restrictions';
import { allowedChildTypes, isAllowedUnder } from '../../pagetypes/allowed-children';
import { displayName, permsOf } from '../access';
import { emptyProblems, problemsFromError, type FormProblems } from '../../forms/problems';
import { adminTimeZone } from '../date-format';
import { mailOrigin } from '../mail-origin';
import { flash } from '../render';
import { automaticRedirectsNotice } from '../redirects-notice';
import type { AdminContext } from '../types';
import { actionsWithChildTypes } from './explore';
import { breadcrumbsFor, explorerUrlOfParent, loadPage } from './load';
import { pageFormValues, readPageForm } from './page-form';
import { referenceProblems } from './reference-check';
import { pageFormRenderer } from './page-form-renderer';
import { pageStatusTags } from './status';
import { liveLinksFor } from '../sites-live-links';
import { moderationPanel, submitLabelFor } from './workflow';
import { bodyOf, MALFORMED_BASE, pageTypeOrThrow, saveBaseOf, submitAction, type SubmitAction } from './edit-input';
import { PagePermissionTester } from '../../models/permission-policies';

/** What saving an edit left: the page as it now stands, and the redirects a new slug created. */
interface SavedEdit {
  saved: Page;
  redirectsCreated: number;
}

/** Add (choose a type, then the form) and edit of pages, saving drafts or publishing. */
export function editRouter({ db, admin, clock, storage }: AdminContext): Router {
  const router = Router();

  const renderForm = pageFormRenderer({ db, admin, storage });

  router.get('/pages/add/:pageId/', async (req, res) => {
    const parent = await loadPage(db, req);
    if (!new PagePermissionTester(permsOf(res), parent).actions().canAddSubpage) throw new PermissionDenied('You do not have permission to add pages here.');
    const types = allowedChildTypes(parent.page_type);
    if (types.length === 1) return res.redirect(302, `/wagtail/pages/add/${parent.id}/${types[0]!.name}/`);
    admin.render(req, res, 'page-choose-type', {
      title: interpolate('Add a page under "{title}"', { title: parent.draft_title }),
      activeNav: 'pages',
      parent,
      types,
      breadcrumbs: await breadcrumbsFor(db, parent, { linkLast: true }),
    });
  });

  async function loadAddTarget(req: Request, res: Response) {
    const parent = await loadPage(db, req);
    const pageType = pageTypeOrThrow(String(req.params.pageType));
    const actions = new PagePermissionTester(permsOf(res), parent).actions();
    if (!actions.canAddSubpage) throw new PermissionDenied('You do not have permission to add pages here.');
    if (!isAllowedUnder(pageType.name, parent.page_type)) throw new PermissionDenied(`A ${pageType.label} cannot be created under "${parent.draft_title}".`);
    const child = { ...parent, depth: parent.depth + 1, locked: false, locked_by: null, owner: null, numchild: 0, live: false, workflow_task_id: null };
    return { parent, pageType, canPublish: new PagePermissionTester(permsOf(res), child).actions().canPublish, submitLabel: await submitLabelFor(db, parent.path) };
  }

  router.get('/pages/add/:pageId/:pageType/', async (req, res) => {
    const { parent, pageType, canPublish, submitLabel } = await loadAddTarget(req, res);
    const defaults = pageType.fields.safeParse({});
    const snapshot = { title: '', slug: '', seo_title: '', search_description: '', show_in_menus: false, content: defaults.success ? (defaults.data as Record<string, unknown>) : {} };
    await renderForm(req, res, {
      pageType,
      problems: emptyProblems(pageFormValues(pageType, snapshot, adminTimeZone(res))),
      title: interpolate('New {type}', { type: pageType.label }),
      action: req.originalUrl,
      parent,
      canPublish,
      extra: { breadcrumbs: await breadcrumbsFor(db, parent, { linkLast: true }), submitLabel },
    });
  });

  router.post('/pages/add/:pageId/:pageType/', async (req, res) => {
    const { parent, pageType, canPublish, submitLabel } = await loadAddTarget(req, res);
    const body = bodyOf(req);
    const form = readPageForm(pageType, body, {}, { validateBlocks: true, now: clock(), timeZone: adminTimeZone(res) });
    const rerender = async (problems: FormProblems) =>
      renderForm(
        req,
        res,
        {
          pageType,
          problems,
          title: interpolate('New {type}', { type: pageType.label }),
          action: req.originalUrl,
          parent,
          canPublish,
          extra: { breadcrumbs: await breadcrumbsFor(db, parent, { linkLast: true }), submitLabel },
        },
        400,
      );
    if (!form.ok) return rerender(form);
    const gone = await referenceProblems(db, pageType, form.data.snapshot.content, { ...body });
    if (gone) return rerender(gone);
    const mode = submitAction.parse(body.action);
    const perms = permsOf(res);
    const mail = { origin: await mailOrigin(req, db) };
    let page: Page;
    try {
      page = await withTransaction(db, async (trx) => {
        const created = await new CreatePageAction(trx, parent, perms, {
          title: form.data.snapshot.title,
          slug: form.data.snapshot.slug,
          pageType: pageType.name,
          content: form.data.snapshot.content,
          seoTitle: form.data.snapshot.seo_title,
          searchDescription: form.data.snapshot.search_description,
          showInMenus: form.data.snapshot.show_in_menus,
          goLiveAt: form.data.goLiveAt,
          expireAt: form.data.expireAt,
        }).execute();
        if (mode === 'publish') return new PublishPageAction(trx, created, perms, { now: clock() }).execute();
        if (mode === 'submit') await new SubmitForModerationAction(trx, created, perms, mail).execute();
        return created;
      });
    } catch (error) {
      return rerender(problemsFromError(error, form.ok ? { ...body } : {}));
    }
    if (mode === 'publish') return landAfterPublish(req, res, page);
    const created = { submit: 'Page "{title}" created and submitted for moderation.', save: 'Page "{title}" created as a draft.' };
    flash(req, 'success', interpolate(created[mode], { title: page.draft_title }));
    res.redirect(303, mode === 'submit' ? explorerUrlOfParent(page, parent) : `/wagtail/pages/${page.id}/edit/`);
  });

  async function loadEditTarget(req: Request, res: Response) {
    const page = await loadPage(db, req);
    const subtree = await subtreeFactsOf(db, page);
    const actions = new PagePermissionTester(permsOf(res), page, subtree).actions();
    if (!actions.canEdit) {
      if (page.locked && page.locked_by !== permsOf(res).user.id) {
        const locker = page.locked_by === null ? undefined : await getUser(db, page.locked_by);
        throw new PermissionDenied(interpolate('This page is locked by {name} and cannot be edited.', { name: locker ? displayName(locker) : gettext('another user') }));
      }
      if (new PagePermissionTester(permsOf(res), page).isInModerationAgainst())
        throw new PermissionDenied('This page is awaiting moderation: only the reviewers of its current task can edit it.');
      throw new PermissionDenied('You do not have permission to edit this page.');
    }
    const pageType = pageTypeOrThrow(page.page_type);
    const parent = await breadcrumbsFor(db, page, { linkLast: true });
    return { page, pageType, actions, subtree, breadcrumbs: parent };
  }

  /**
   * Where publishing lands, from the add form and the edit form alike (Wagtail's): the parent's
   * explorer listing, saying so, with a "View live" link once the page is live.
   */
  async function landAfterPublish(req: Request, res: Response, page: Page, redirectsCreated = 0): Promise<void> {
    const live = page.live && !page.has_unpublished_changes;
    const url = live ? (await liveLinksFor(db, req)).urlOf(page) : null;
    const text =
      interpolate(live ? "Page '{title}' has been published." : "Page '{title}' has been scheduled for publishing.", { title: page.draft_title }) +
      automaticRedirectsNotice(redirectsCreated);
    flash(req, 'success', text, url ? { link: { url, label: gettext('View live') } } : {});
    res.redirect(303, explorerUrlOfParent(page, await getParent(db, page)));
  }

  async function editExtras(page: Page, breadcrumbs: unknown, req: Request, res: Response) {
    const [restricted, liveLinks, moderation] = await Promise.all([restrictedPagePaths(db), liveLinksFor(db, req), moderationPanel(db, permsOf(res), page)]);
    return {
      moderation,
      submitLabel: moderation.submitLabel,
      breadcrumbs,
      status: pageStatusTags(page, restricted),
      liveUrl: liveLinks.urlOf(page),
      revisionId: page.latest_revision_id,
    };
  }

  router.get('/pages/:pageId/edit/', async (req, res) => {
    const { page, pageType, actions, subtree, breadcrumbs } = await loadEditTarget(req, res);
    const latest = await getLatestRevision(db, page);
    const snapshot = latest ? revisionSnapshot(latest) : snapshotOfPage(page);
    await renderForm(req, res, {
      pageType,
      problems: emptyProblems(pageFormValues(pageType, snapshot, adminTimeZone(res), page)),
      title: interpolate('Editing {title}', { title: page.draft_title }),
      action: req.originalUrl,
      page,
      parent: page,
      canPublish: actions.canPublish,
      extra: { ...(await editExtras(page, breadcrumbs, req, res)), actions: actionsWithChildTypes(permsOf(res), page, subtree) },
    });
  });

  router.post('/pages/:pageId/edit/', async (req, res) => {
    const { page, pageType, actions, subtree, breadcrumbs } = await loadEditTarget(req, res);
    const body = bodyOf(req);
    const base = saveBaseOf(body, { required: false });
    if (!base) throw new ValidationError(MALFORMED_BASE);
    const latest = await getLatestRevision(db, page);
    const form = readPageForm(pageType, body, latest ? revisionSnapshot(latest).content : page.content, { validateBlocks: true, now: clock(), timeZone: adminTimeZone(res) });
    const rerender = async (problems: FormProblems, status = 400, more: Record<string, unknown> = {}) =>
      renderForm(
        req,
        res,
        {
          pageType,
          problems,
          title: interpolate('Editing {title}', { title: page.draft_title }),
          action: req.originalUrl,
          page,
          parent: page,
          canPublish: actions.canPublish,
          extra: { ...(await editExtras(page, breadcrumbs, req, res)), actions: actionsWithChildTypes(permsOf(res), page, subtree), ...more },
        },
        status,
      );
    if (!form.ok) return rerender(form);
    const gone = await referenceProblems(db, pageType, form.data.snapshot.content, { ...body });
    if (gone) return rerender(gone);
    const mode = submitAction.parse(body.action);
    let outcome: SavedEdit;
    try {
      outcome = await saveEdit(page, { ...form.data, ...base }, mode, req, res);
    } catch (error) {
      // What was typed stays in the form, still based on the old revision, until the editor chooses.
      if (error instanceof PageChangedError) return rerender(emptyProblems({ ...body }), 409, { conflict: true, revisionId: base.baseRevisionId });
      return rerender(problemsFromError(error, { ...body }));
    }
    if (base.overwrite && base.baseRevisionId !== page.latest_revision_id) {
      flash(req, 'warning', gettext("Your version is now the newest revision; the other user's version is kept in the revision history."));
    }
    const { saved, redirectsCreated } = outcome;
    if (mode === 'publish') return landAfterPublish(req, res, saved, redirectsCreated);
    const messages = { submit: 'Page "{title}" submitted for moderation.', save: 'Draft of "{title}" saved.' };
    flash(req, 'success', interpolate(messages[mode], { title: saved.draft_title }));
    res.redirect(303, mode === 'save' ? `/wagtail/pages/${saved.id}/edit/` : explorerUrlOfParent(saved, await getParent(db, saved)));
  });

  // Autosave while the editor types: a draft revision with the blocks unchecked (publishing
  // checks them), so nothing typed is lost to a closed tab. JSON in, JSON out.
  router.post('/pages/:pageId/edit/autosave/', async (req, res) => {
    const { page, pageType } = await loadEditTarget(req, res);
    const body = bodyOf(req);
    const base = saveBaseOf(body, { required: true });
    if (!base) return res.status(400).json({ error: MALFORMED_BASE });
    const latest = await getLatestRevision(db, page);
    const form = readPageForm(pageType, body, latest ? revisionSnapshot(latest).content : page.content, { validateBlocks: false, now: clock(), timeZone: adminTimeZone(res) });
    if (!form.ok) return res.status(400).json({ error: form.formErrors.join(' ') });
    try {
      const revision = await new SaveDraftAction(db, page, permsOf(res), { ...form.data, ...base }).execute();
      res.json({ revision_id: revision.id, saved_at: revision.created_at.toISOString() });
    } catch (error) {
      // The client stops autosaving and lets the editor choose: refresh, or save anyway.
      if (error instanceof PageChangedError) return res.status(409).json({ error: error.message, page_changed: true, latest_revision_id: error.latestRevisionId });
      if (!(error instanceof ConflictError || error instanceof ValidationError)) throw error;
      res.status(400).json({ error: error.message });
    }
  });

  /**
   * Saves the edit, and publishes or submits it; answers the page as it now stands and how many
   * redirects a new slug created. Publishing is one action that saves the draft too.
   */
  async function saveEdit(page: Page, draft: SaveDraftOptions, mode: SubmitAction, req: Request, res: Response): Promise<SavedEdit> {
    const perms = permsOf(res);
    if (mode === 'publish') {
      const publish = new PublishPageAction(db, page, perms, { draft, now: clock() });
      return { saved: await publish.execute(), redirectsCreated: publish.redirectsCreated };
    }
    const mail = { origin: await mailOrigin(req, db) };
    await withTransaction(db, async (trx) => {
      await new SaveDraftAction(trx, page, perms, draft).execute();
      if (mode === 'submit') await new SubmitForModerationAction(trx, await getPageOrThrow(trx, page.id), perms, mail).execute();
    });
    return { saved: await getPageOrThrow(db, page.id), redirectsCreated: 0 };
  }

  return router;
}
