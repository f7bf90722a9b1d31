import type { Router } from 'express';
import { gettext, interpolate } from '../../client/lib/i18n';
import { AddSiteAction, DeleteSiteAction, EditSiteAction, siteLabel } from '../actions/manage-sites';
import type { Site } from '../db/schema';
import { emptyProblems, type FormProblems } from '../forms/problems';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { getRootPage } from '../models/pages';
import { MODEL_POLICIES } from '../models/permission-policies';
import { getSite, listSitesWithRoots } from '../models/sites';
import { pageSelectOptions } from './generic/select-options';
import { modelViewSetRouter, policyRefusal } from './generic/viewset';
import { readSiteForm, siteValues } from './sites-form';
import type { AdminContext } from './types';

const LIST_URL = '/wagtail/sites/';

const sitePolicy = MODEL_POLICIES.site;

/**
 * /wagtail/sites/ as Wagtail's: the listing, add/, {id}/ (edit) and {id}/delete/, each for
 * users holding the matching 'site' object permission (any of them for the listing).
 */
export function sitesRouter(context: AdminContext): Router {
  const { db } = context;

  async function rootPageChoices(selected: unknown) {
    const [options, root] = await Promise.all([pageSelectOptions(db), getRootPage(db)]);
    return options.filter((option) => option.id !== root?.id).map((option) => ({ ...option, selected: String(option.id) === String(selected) }));
  }

  return modelViewSetRouter(context, {
    prefix: '/sites/',
    activeNav: 'sites',
    access: ({ perms }) => (sitePolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS) ? null : 'You do not have permission to manage sites.'),
    load: (id) => getSite(db, id),
    notFound: 'There is no site with this id.',
    refusal: policyRefusal(sitePolicy, {
      add: 'You do not have permission to add a site.',
      change: 'You do not have permission to change sites.',
      delete: 'You do not have permission to delete sites.',
    }),
    listing: {
      query: () => ({}),
      rows: async () => {
        const rows = await listSitesWithRoots(db);
        return { rows, total: rows.length };
      },
      view: ({ perms }, { rows }) => ({
        template: 'sites-list',
        context: {
          title: gettext('Sites'),
          canAdd: sitePolicy.userHasPermission(perms, 'add'),
          canChange: sitePolicy.userHasPermission(perms, 'change'),
          canDelete: sitePolicy.userHasPermission(perms, 'delete'),
          rows: rows.map((site) => ({ ...site, label: siteLabel(site) })),
        },
      }),
    },
    form: {
      initial: (_request, site?: Site) => emptyProblems(site ? siteValues(site) : { hostname: '', port: '80', site_name: '', root_page: '' }),
      read: readSiteForm,
      view: async ({ perms }, site, form: FormProblems) => ({
        template: 'sites-edit',
        context: {
          title: site ? interpolate('Editing site {name}', { name: siteLabel(site) }) : gettext('Add site'),
          breadcrumbs: [{ label: gettext('Sites'), url: LIST_URL }, { label: site ? siteLabel(site) : gettext('Add site') }],
          site,
          form,
          pages: await rootPageChoices(form.values.root_page),
          canDelete: site !== undefined && sitePolicy.userHasPermission(perms, 'delete'),
          action: site ? `${LIST_URL}${site.id}/` : `${LIST_URL}add/`,
        },
      }),
      create: {
        run: ({ perms }, fields) => new AddSiteAction(db, fields, perms).execute(),
        message: (saved) => interpolate("Site '{name}' created.", { name: siteLabel(saved) }),
      },
      edit: {
        run: ({ perms }, site, fields) => new EditSiteAction(db, site, perms, fields).execute(),
        message: (saved) => interpolate("Site '{name}' updated.", { name: siteLabel(saved) }),
      },
    },
    delete: {
      view: (_request, site) => ({
        template: 'sites-delete',
        context: {
          title: gettext('Delete site'),
          breadcrumbs: [{ label: gettext('Sites'), url: LIST_URL }, { label: siteLabel(site), url: `${LIST_URL}${site.id}/` }, { label: gettext('Delete') }],
          site,
          label: siteLabel(site),
        },
      }),
      run: async ({ perms }, site) => void (await new DeleteSiteAction(db, site, perms).execute()),
      message: (site) => interpolate("Site '{name}' deleted.", { name: siteLabel(site) }),
    },
  });
}
