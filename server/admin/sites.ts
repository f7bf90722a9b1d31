import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { AddSiteAction, DeleteSiteAction, EditSiteAction, siteLabel, SiteFormError } from '../actions/manage-sites';
import type { Site } from '../db/schema';
import { NotFoundError, PermissionDenied } from '../errors';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { getRootPage } from '../models/pages';
import type { UserPermissions } from '../models/permissions';
import { getSite, listSitesWithRoots, type SiteFields } from '../models/sites';
import { permsOf } from './access';
import { emptyProblems, parseForm, problemsFromError, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { pageSelectOptions } from './generic/select-options';
import { flash } from './render';
import type { AdminContext } from './types';
import { formBody } from '../forms/posted';
import { MODEL_POLICIES } from '../models/permission-policies';

const LIST_URL = '/wagtail/sites/';

const required = 'This field is required.';

/** Wagtail's site form: hostname, port, site name, root page and the default flag. */
const siteForm = z.object({
  hostname: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(255, 'The hostname can be at most 255 characters.')
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'Enter a hostname such as www.example.com, without http:// or a port.'),
  port: z
    .string()
    .trim()
    .min(1, required)
    .transform(Number)
    .pipe(z.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1, 'Enter a port from 1 to 65535.').max(65535, 'Enter a port from 1 to 65535.')),
  site_name: z.string().trim().max(255, 'The site name can be at most 255 characters.').default(''),
  root_page: z.string().min(1, 'Choose a root page.').transform(Number).pipe(z.number().int().positive('Choose a root page.')),
  is_default_site: z.literal('on').optional(),
});

/** What the user may do with sites: the listing shows to anyone holding one of these. */
function siteAbilities(perms: UserPermissions) {
  return {
    canAdd: MODEL_POLICIES.site.userHasPermission(perms, 'add'),
    canChange: MODEL_POLICIES.site.userHasPermission(perms, 'change'),
    canDelete: MODEL_POLICIES.site.userHasPermission(perms, 'delete'),
  };
}

function refuseUnless(allowed: boolean, message: string): void {
  if (!allowed) throw new PermissionDenied(message);
}

/** The form's values of a stored site. */
function siteValues(site: Site): Record<string, unknown> {
  return { hostname: site.hostname, port: String(site.port), site_name: site.site_name, root_page: String(site.root_page_id), is_default_site: site.is_default_site ? 'on' : undefined };
}

/**
 * /wagtail/sites/ as Wagtail's: the listing, add/, {id}/ (edit) and {id}/delete/, each for
 * users holding the matching 'site' object permission (any of them for the listing).
 */
export function sitesRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.use('/sites/', (_req, res, next) => {
    refuseUnless(MODEL_POLICIES.site.userHasAnyPermission(permsOf(res), OBJECT_PERMISSIONS), 'You do not have permission to manage sites.');
    next();
  });

  async function loadSite(req: Request): Promise<Site> {
    const id = databaseId.safeParse(req.params.siteId);
    const site = id.success ? await getSite(db, id.data) : undefined;
    if (!site) throw new NotFoundError('There is no site with this id.');
    return site;
  }

  router.get('/sites/', async (req, res) => {
    const abilities = siteAbilities(permsOf(res));
    const sites = await listSitesWithRoots(db);
    admin.render(req, res, 'sites-list', {
      title: gettext('Sites'),
      activeNav: 'sites',
      ...abilities,
      rows: sites.map((site) => ({ ...site, label: siteLabel(site) })),
    });
  });

  async function rootPageChoices(selected: unknown) {
    const [options, root] = await Promise.all([pageSelectOptions(db), getRootPage(db)]);
    return options.filter((option) => option.id !== root?.id).map((option) => ({ ...option, selected: String(option.id) === String(selected) }));
  }

  async function renderForm(req: Request, res: Response, site: Site | undefined, form: FormProblems, status = 200) {
    const title = site ? interpolate('Editing site {name}', { name: siteLabel(site) }) : gettext('Add site');
    admin.render(
      req,
      res,
      'sites-edit',
      {
        title,
        activeNav: 'sites',
        breadcrumbs: [{ label: gettext('Sites'), url: LIST_URL }, { label: site ? siteLabel(site) : gettext('Add site') }],
        site,
        form,
        pages: await rootPageChoices(form.values.root_page),
        canDelete: site !== undefined && MODEL_POLICIES.site.userHasPermission(permsOf(res), 'delete'),
        action: site ? `${LIST_URL}${site.id}/` : `${LIST_URL}add/`,
      },
      status,
    );
  }

  /** Reads the form and runs the save; problems are shown beside their fields (400) and nothing is saved. */
  async function save(req: Request, res: Response, site: Site | undefined): Promise<void> {
    const form = parseForm(siteForm, req.body);
    if (!form.ok) return renderForm(req, res, site, form, 400);
    const fields: SiteFields = {
      hostname: form.data.hostname,
      port: form.data.port,
      siteName: form.data.site_name,
      rootPageId: form.data.root_page,
      isDefault: form.data.is_default_site === 'on',
    };
    try {
      const saved = await (site ? new EditSiteAction(db, site, permsOf(res), fields) : new AddSiteAction(db, fields, permsOf(res))).execute();
      flash(req, 'success', interpolate(site ? "Site '{name}' updated." : "Site '{name}' created.", { name: siteLabel(saved) }));
      res.redirect(303, LIST_URL);
    } catch (error) {
      if (!(error instanceof SiteFormError)) throw error;
      await renderForm(req, res, site, problemsFromError(error, { ...formBody(req) }), 400);
    }
  }

  router.get('/sites/add/', async (req, res) => {
    refuseUnless(siteAbilities(permsOf(res)).canAdd, 'You do not have permission to add a site.');
    await renderForm(req, res, undefined, emptyProblems({ hostname: '', port: '80', site_name: '', root_page: '' }));
  });
  router.post('/sites/add/', async (req, res) => {
    refuseUnless(siteAbilities(permsOf(res)).canAdd, 'You do not have permission to add a site.');
    await save(req, res, undefined);
  });

  router.get('/sites/:siteId/', async (req, res) => {
    refuseUnless(siteAbilities(permsOf(res)).canChange, 'You do not have permission to change sites.');
    const site = await loadSite(req);
    await renderForm(req, res, site, emptyProblems(siteValues(site)));
  });
  router.post('/sites/:siteId/', async (req, res) => {
    refuseUnless(siteAbilities(permsOf(res)).canChange, 'You do not have permission to change sites.');
    await save(req, res, await loadSite(req));
  });

  router.get('/sites/:siteId/delete/', async (req, res) => {
    refuseUnless(siteAbilities(permsOf(res)).canDelete, 'You do not have permission to delete sites.');
    const site = await loadSite(req);
    admin.render(req, res, 'sites-delete', {
      title: gettext('Delete site'),
      activeNav: 'sites',
      breadcrumbs: [{ label: gettext('Sites'), url: LIST_URL }, { label: siteLabel(site), url: `${LIST_URL}${site.id}/` }, { label: gettext('Delete') }],
      site,
      label: siteLabel(site),
    });
  });
  router.post('/sites/:siteId/delete/', async (req, res) => {
    refuseUnless(siteAbilities(permsOf(res)).canDelete, 'You do not have permission to delete sites.');
    const site = await loadSite(req);
    await new DeleteSiteAction(db, site, permsOf(res)).execute();
    flash(req, 'success', interpolate("Site '{name}' deleted.", { name: siteLabel(site) }));
    res.redirect(303, LIST_URL);
  });

  return router;
}
