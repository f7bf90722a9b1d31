import { Router, type Request, type Response } from 'express';
import type { PageFieldsConfig } from '../../admin-client/streamfield/schemas';
import { gettext, interpolate } from '../../client/lib/i18n';
import { EditSiteSettingsAction } from '../actions/manage-site-settings';
import { siteLabel } from '../actions/manage-sites';
import type { Site } from '../db/schema';
import { NotFoundError, PermissionDenied } from '../errors';
import { getSiteSettings, siteSettingsSchema, usesNewHeader, type SiteSettings } from '../models/site-settings';
import { getDefaultSite, getSite, listSites } from '../models/sites';
import { serializeForScript } from '../render';
import { resolveRequestSite } from '../views/site-request';
import { permsOf } from './access';
import { addProblem, emptyProblems, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { pathLabel } from './pages/page-form';
import { flash } from './render';
import { headerEditorNode, headerEditorValue, readHeaderField } from './settings-header';
import { issueMessage } from './stream-validation';
import { loadStreamFieldManifest } from './streamfield-assets';
import type { AdminContext } from './types';
import { MODEL_POLICIES } from '../models/permission-policies';

/** Wagtail's address of a site setting model: /settings/{app}/{model}/{site_pk}/. */
const SETTINGS_URL = '/wagtail/settings/core/sitesettings/';

/** The form field of each setting (or part of one), for errors to land beside the right field. */
const FIELD_OF_PATH: Record<string, string> = {
  brandName: 'brand_name',
  tagline: 'tagline',
  nationalPhone: 'national_phone',
  guestRelationsHours: 'guest_relations_hours',
  privateDiningGuests: 'private_dining_max',
  'privateDiningGuests.min': 'private_dining_min',
  'privateDiningGuests.max': 'private_dining_max',
  accountLoginUrl: 'account_login_url',
  securityContact: 'security_contact',
  'mapDefaultCenter.lat': 'map_lat',
  'mapDefaultCenter.lng': 'map_lng',
};

/** What the form's text fields hold for these settings. */
function formValuesOf(settings: SiteSettings, newHeader: boolean): Record<string, unknown> {
  return {
    brand_name: settings.brandName,
    tagline: settings.tagline,
    national_phone: settings.nationalPhone,
    guest_relations_hours: settings.guestRelationsHours,
    private_dining_min: String(settings.privateDiningGuests.min),
    private_dining_max: String(settings.privateDiningGuests.max),
    account_login_url: settings.accountLoginUrl,
    security_contact: settings.securityContact,
    map_lat: String(settings.mapDefaultCenter.lat),
    map_lng: String(settings.mapDefaultCenter.lng),
    use_new_header: newHeader ? 'on' : undefined,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

// A number typed as something else stays as typed, so the schema names what is wrong with it.
function numberOf(value: unknown): unknown {
  const typed = text(value).trim();
  if (typed === '') return undefined;
  return Number.isFinite(Number(typed)) ? Number(typed) : typed;
}

/** The settings a posted form describes, before validation; the header comes separately. */
function settingsFromForm(body: Record<string, unknown>): Record<string, unknown> {
  return {
    brandName: text(body.brand_name),
    tagline: text(body.tagline),
    nationalPhone: text(body.national_phone),
    guestRelationsHours: text(body.guest_relations_hours),
    privateDiningGuests: { min: numberOf(body.private_dining_min), max: numberOf(body.private_dining_max) },
    accountLoginUrl: text(body.account_login_url),
    securityContact: text(body.security_contact),
    mapDefaultCenter: { lat: numberOf(body.map_lat), lng: numberOf(body.map_lng) },
    useNewHeader: body.use_new_header === 'on',
  };
}

/**
 * /wagtail/settings/: the site settings of each site, as Wagtail's BaseSiteSetting edit view at
 * /wagtail/settings/core/sitesettings/{site_id}/ with a site switcher when there are several.
 * Only for users holding 'change' on site settings.
 */
export function settingsRouter({ db, admin, config }: AdminContext): Router {
  const router = Router();
  const editorAssets = loadStreamFieldManifest();
  // As Wagtail's settings views: only 'change' lets a user see or save settings.
  router.use('/settings/', (_req, res, next) => {
    if (!MODEL_POLICIES.site_settings.userHasPermission(permsOf(res), 'change')) throw new PermissionDenied('You do not have permission to change site settings.');
    next();
  });

  /** The site whose settings open first: the one chosen in the switcher, else the request's, else the default, else the first. */
  async function siteToOpen(req: Request): Promise<Site | undefined> {
    const chosen = databaseId.safeParse(req.query.site);
    if (chosen.success) {
      const site = await getSite(db, chosen.data);
      if (!site) throw new NotFoundError('There is no site with this id.');
      return site;
    }
    return (await resolveRequestSite(db, req))?.site ?? (await getDefaultSite(db)) ?? (await listSites(db))[0];
  }

  const openSettings = async (req: Request, res: Response) => {
    const site = await siteToOpen(req);
    if (!site) throw new NotFoundError('There is no site yet: add one under Sites first.');
    res.redirect(302, `${SETTINGS_URL}${site.id}/`);
  };
  router.get('/settings/', openSettings);
  router.get('/settings/core/sitesettings/', openSettings);

  async function loadSite(req: Request): Promise<Site> {
    const id = databaseId.safeParse(req.params.siteId);
    const site = id.success ? await getSite(db, id.data) : undefined;
    if (!site) throw new NotFoundError('There is no site with this id.');
    return site;
  }

  async function renderForm(
    req: Request,
    res: Response,
    site: Site,
    form: FormProblems & { header: unknown; headerErrors: PageFieldsConfig['fields'][number]['errors'] },
    status = 200,
  ) {
    const sites = await listSites(db);
    const node = headerEditorNode();
    const editorConfig: PageFieldsConfig = { fields: [{ name: 'header', node, value: form.header, errors: form.headerErrors }], definitions: [], choosers: {}, reference_titles: {} };
    admin.render(
      req,
      res,
      'settings-edit',
      {
        title: gettext('Site settings'),
        subtitle: siteLabel(site),
        activeNav: 'site-settings',
        site,
        form,
        headerJson: JSON.stringify(form.header),
        headerConfig: serializeForScript(editorConfig),
        editorAssets,
        sites:
          sites.length > 1
            ? sites.map((each) => ({ id: each.id, label: `${siteLabel(each)}${each.is_default_site ? ` [${gettext('default')}]` : ''}`, selected: each.id === site.id }))
            : null,
      },
      status,
    );
  }

  router.get('/settings/core/sitesettings/:siteId/', async (req, res) => {
    const site = await loadSite(req);
    const settings = await getSiteSettings(db, site.id, req.log);
    const form = emptyProblems(formValuesOf(settings, usesNewHeader(settings, config.OLO_NEW_HEADER)));
    await renderForm(req, res, site, { ...form, header: headerEditorValue(settings.header), headerErrors: [] });
  });

  router.post('/settings/core/sitesettings/:siteId/', async (req, res) => {
    const site = await loadSite(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const form = emptyProblems({ ...body });
    const header = readHeaderField(body.header);
    const parsed = siteSettingsSchema.safeParse({ ...settingsFromForm(body), header: header.ok ? header.header : null });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF_PATH[issue.path.join('.')] ?? FIELD_OF_PATH[String(issue.path[0])];
        addProblem(form, field, gettext(issueMessage(issue)));
      }
    }
    if (!header.ok) {
      for (const error of header.errors) addProblem(form, 'header', `${pathLabel(headerEditorNode(), error.path)}: ${error.message}`);
    }
    if (!parsed.success || !header.ok) {
      return renderForm(req, res, site, { ...form, header: header.ok ? headerEditorValue(header.header) : header.typed, headerErrors: header.ok ? [] : header.errors }, 400);
    }
    await new EditSiteSettingsAction(db, site, permsOf(res), parsed.data).execute();
    flash(req, 'success', interpolate("Site settings for '{site}' updated.", { site: siteLabel(site) }));
    res.redirect(303, `${SETTINGS_URL}${site.id}/`);
  });

  return router;
}
