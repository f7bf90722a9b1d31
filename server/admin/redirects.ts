import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { CreateRedirectAction, DeleteRedirectAction, EditRedirectAction, RedirectFormError, redirectFields, requireRedirectPermission } from '../actions/manage-redirects';
import type { Redirect } from '../db/schema';
import { NotFoundError, PermissionDenied } from '../errors';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { getRedirect, listRedirects, REDIRECT_ORDERINGS, REDIRECTS_PAGE_SIZE, type RedirectListQuery, type RedirectRow } from '../models/redirects';
import { getRootPage } from '../models/pages';
import { listSites } from '../models/sites';
import { permsOf } from './access';
import { emptyProblems, parseForm, problemsFromError, type FormProblems } from '../forms/problems';
import { formBody } from '../forms/posted';
import { databaseId } from '../db/database-id';
import { pageSelectOptions } from './generic/select-options';
import { flash } from './render';
import { redirectsImportRouter } from './redirects-import';
import type { AdminContext } from './types';
import { MODEL_POLICIES } from '../models/permission-policies';

/** The redirects listing, Wagtail's address. */
export const REDIRECTS_URL = '/wagtail/redirects/';

const listQuery = z.object({
  q: z.string().max(255).catch(''),
  site: databaseId.optional().catch(undefined),
  ordering: z.enum(REDIRECT_ORDERINGS).catch('old_path'),
  p: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** The add and edit form: a checkbox sends 'on' when ticked and nothing otherwise. */
const redirectForm = z.preprocess((body) => ({ ...(body as Record<string, unknown>), is_permanent: (body as Record<string, unknown>).is_permanent !== undefined }), redirectFields);

/** Sites as the form's and the filter's select show them, the chosen one marked. */
async function siteOptions(db: AdminContext['db'], chosen: unknown) {
  return (await listSites(db)).map((site) => ({ id: site.id, label: site.site_name || site.hostname, selected: String(site.id) === String(chosen) }));
}

/** Links of the listing: sorting, filtering and paging keep the rest of the query. */
function listingLinks(query: RedirectListQuery, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / REDIRECTS_PAGE_SIZE));
  const link = (changes: Partial<RedirectListQuery>) => {
    const next = { ...query, ...changes };
    const params = new URLSearchParams();
    if (next.q) params.set('q', next.q);
    if (next.siteId !== undefined) params.set('site', String(next.siteId));
    if (next.ordering !== 'old_path') params.set('ordering', next.ordering);
    if (next.page > 1) params.set('p', String(next.page));
    return `?${params.toString()}`;
  };
  const sortLink = (field: 'old_path' | 'site' | 'is_permanent') => ({
    url: link({ ordering: query.ordering === field ? `-${field}` : field, page: 1 }),
    sort: query.ordering === field ? 'ascending' : query.ordering === `-${field}` ? 'descending' : 'none',
  });
  return {
    sortFrom: sortLink('old_path'),
    sortSite: sortLink('site'),
    sortType: sortLink('is_permanent'),
    pagination: {
      previous: query.page > 1 ? link({ page: query.page - 1 }) : null,
      next: query.page < pageCount ? link({ page: query.page + 1 }) : null,
      summary: interpolate('Page {current} of {count}', { current: Math.min(query.page, pageCount), count: pageCount }),
    },
  };
}

/** A listing row: where it comes from and where it goes, as Wagtail's columns show them. */
function rowView(row: RedirectRow) {
  return {
    id: row.id,
    oldPath: row.old_path,
    site: row.site_id === null ? gettext('All sites') : row.site_name || row.site_hostname,
    toPage: row.redirect_page_id === null ? null : { title: row.page_title, url: `/wagtail/pages/${row.redirect_page_id}/edit/` },
    toLink: row.redirect_link,
    isPermanent: row.is_permanent,
    automaticallyCreated: row.automatically_created,
  };
}

/**
 * /wagtail/redirects/ as Wagtail's: the listing (search, site filter, sorting, 20 a page),
 * add/, {id}/ (edit) and {id}/delete/, and the import (redirects-import.ts). Each needs the
 * 'redirect' object permission it changes with; the listing any of them.
 */
export function redirectsRouter(context: AdminContext): Router {
  const { db, admin } = context;
  const router = Router();
  router.use('/redirects/', (_req, res, next) => {
    if (!MODEL_POLICIES.redirect.userHasAnyPermission(permsOf(res), OBJECT_PERMISSIONS)) throw new PermissionDenied(gettext('You do not have permission to manage redirects.'));
    next();
  });
  router.use(redirectsImportRouter(context));

  async function loadRedirect(req: Request): Promise<Redirect> {
    const id = databaseId.safeParse(req.params.redirectId);
    const redirect = id.success ? await getRedirect(db, id.data) : undefined;
    if (!redirect) throw new NotFoundError(gettext('There is no redirect with this id.'));
    return redirect;
  }

  router.get('/redirects/', async (req, res) => {
    const parsed = listQuery.parse({ q: req.query.q ?? '', site: req.query.site || undefined, ordering: req.query.ordering, p: req.query.p });
    const query: RedirectListQuery = { q: parsed.q, siteId: parsed.site, ordering: parsed.ordering, page: parsed.p };
    const perms = permsOf(res);
    const [{ rows, total }, sites] = await Promise.all([listRedirects(db, query), siteOptions(db, parsed.site)]);
    admin.render(req, res, 'redirects-index', {
      title: gettext('Redirects'),
      activeNav: 'redirects',
      q: parsed.q,
      sites,
      siteFilter: parsed.site,
      ordering: parsed.ordering,
      total,
      totalText:
        parsed.q || parsed.site ? ngettext('There is {count} match', 'There are {count} matches', total) : ngettext('There is {count} redirect', 'There are {count} redirects', total),
      redirects: rows.map(rowView),
      canAdd: MODEL_POLICIES.redirect.userHasPermission(perms, 'add'),
      canEdit: MODEL_POLICIES.redirect.userHasPermission(perms, 'change'),
      canDelete: MODEL_POLICIES.redirect.userHasPermission(perms, 'delete'),
      ...listingLinks(query, total),
    });
  });

  async function renderForm(req: Request, res: Response, redirect: Redirect | undefined, form: FormProblems, status = 200) {
    const [sites, pages, root] = await Promise.all([siteOptions(db, form.values.site ?? ''), pageSelectOptions(db), getRootPage(db)]);
    const chosenPage = String(form.values.redirect_page ?? '');
    admin.render(
      req,
      res,
      'redirects-edit',
      {
        title: redirect ? gettext('Editing redirect') : gettext('Add redirect'),
        subtitle: redirect?.old_path,
        activeNav: 'redirects',
        breadcrumbs: [{ label: gettext('Redirects'), url: REDIRECTS_URL }, { label: redirect ? redirect.old_path : gettext('Add redirect') }],
        redirect,
        form,
        isPermanent: form.values.is_permanent !== undefined && form.values.is_permanent !== false,
        sites,
        // The root serves no address, so nothing redirects to it.
        pages: pages.filter((page) => page.id !== root?.id).map((page) => ({ ...page, selected: String(page.id) === chosenPage })),
        canDelete: redirect !== undefined && MODEL_POLICIES.redirect.userHasPermission(permsOf(res), 'delete'),
        action: redirect ? `${REDIRECTS_URL}${redirect.id}/` : `${REDIRECTS_URL}add/`,
      },
      status,
    );
  }

  /** Runs a save; what the form or the rules refuse is shown beside its field (400), answering undefined. */
  async function saveOrShow(req: Request, res: Response, redirect: Redirect | undefined, save: (input: z.output<typeof redirectFields>) => Promise<Redirect>) {
    const form = parseForm(redirectForm, req.body);
    if (!form.ok) return void (await renderForm(req, res, redirect, form, 400));
    try {
      return await save(form.data);
    } catch (error) {
      if (!(error instanceof RedirectFormError)) throw error;
      return void (await renderForm(req, res, redirect, problemsFromError(error, { ...formBody(req) }), 400));
    }
  }

  router.get('/redirects/add/', async (req, res) => {
    requireRedirectPermission(permsOf(res), 'add');
    await renderForm(req, res, undefined, emptyProblems({ is_permanent: 'on', site: '' }));
  });

  router.post('/redirects/add/', async (req, res) => {
    requireRedirectPermission(permsOf(res), 'add');
    const created = await saveOrShow(req, res, undefined, (input) => new CreateRedirectAction(db, input, permsOf(res)).execute());
    if (!created) return;
    flash(req, 'success', interpolate("Redirect '{title}' added.", { title: created.old_path }));
    res.redirect(303, REDIRECTS_URL);
  });

  router.get('/redirects/:redirectId/', async (req, res) => {
    requireRedirectPermission(permsOf(res), 'change');
    const redirect = await loadRedirect(req);
    await renderForm(
      req,
      res,
      redirect,
      emptyProblems({
        old_path: redirect.old_path,
        site: redirect.site_id ?? '',
        ...(redirect.is_permanent ? { is_permanent: 'on' } : {}),
        redirect_page: redirect.redirect_page_id ?? '',
        redirect_link: redirect.redirect_link,
      }),
    );
  });

  router.post('/redirects/:redirectId/', async (req, res) => {
    requireRedirectPermission(permsOf(res), 'change');
    const redirect = await loadRedirect(req);
    const updated = await saveOrShow(req, res, redirect, (input) => new EditRedirectAction(db, redirect, permsOf(res), input).execute());
    if (!updated) return;
    flash(req, 'success', interpolate("Redirect '{title}' updated.", { title: updated.old_path }));
    res.redirect(303, REDIRECTS_URL);
  });

  router.get('/redirects/:redirectId/delete/', async (req, res) => {
    requireRedirectPermission(permsOf(res), 'delete');
    const redirect = await loadRedirect(req);
    admin.render(req, res, 'confirm', {
      title: gettext('Delete redirect'),
      subtitle: redirect.old_path,
      activeNav: 'redirects',
      breadcrumbs: [{ label: gettext('Redirects'), url: REDIRECTS_URL }, { label: redirect.old_path, url: `${REDIRECTS_URL}${redirect.id}/` }, { label: gettext('Delete') }],
      question: gettext('Are you sure you want to delete this redirect?'),
      confirmLabel: gettext('Yes, delete'),
      danger: true,
      cancelUrl: REDIRECTS_URL,
    });
  });

  router.post('/redirects/:redirectId/delete/', async (req, res) => {
    requireRedirectPermission(permsOf(res), 'delete');
    const redirect = await loadRedirect(req);
    await new DeleteRedirectAction(db, redirect, permsOf(res)).execute();
    flash(req, 'success', interpolate("Redirect '{title}' deleted.", { title: redirect.old_path }));
    res.redirect(303, REDIRECTS_URL);
  });

  return router;
}
