import type { Router } from 'express';
import { z } from 'zod';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { DeleteRedirectAction } from '../actions/manage-redirects';
import { databaseId } from '../db/database-id';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { MODEL_POLICIES } from '../models/permission-policies';
import { getRedirect, listRedirects, REDIRECT_ORDERINGS, REDIRECTS_PAGE_SIZE, type RedirectListQuery, type RedirectRow } from '../models/redirects';
import { sortLink } from './generic/listing';
import { confirmDeleteView } from './generic/models';
import { modelViewSetRouter, policyRefusal } from './generic/viewset';
import { redirectForm, siteOptions } from './redirects-form';
import { redirectsImportRouter } from './redirects-import';
import type { AdminContext } from './types';

const REDIRECTS_URL = '/wagtail/redirects/';

const redirectPolicy = MODEL_POLICIES.redirect;

const listQuery = z.object({
  q: z.string().max(255).catch(''),
  site: databaseId.optional().catch(undefined),
  ordering: z.enum(REDIRECT_ORDERINGS).catch('old_path'),
});

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
  const { db } = context;
  const refused = gettext('You do not have permission to do this to redirects.');
  return modelViewSetRouter(context, {
    prefix: '/redirects/',
    activeNav: 'redirects',
    access: ({ perms }) => (redirectPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS) ? null : gettext('You do not have permission to manage redirects.')),
    load: (id) => getRedirect(db, id),
    notFound: gettext('There is no redirect with this id.'),
    refusal: policyRefusal(redirectPolicy, { add: refused, change: refused, delete: refused }),
    routes: (router) => router.use(redirectsImportRouter(context)),
    listing: {
      query: ({ req }): RedirectListQuery => {
        const parsed = listQuery.parse({ q: req.query.q ?? '', site: req.query.site || undefined, ordering: req.query.ordering });
        return { q: parsed.q, siteId: parsed.site, ordering: parsed.ordering };
      },
      pageSize: REDIRECTS_PAGE_SIZE,
      rows: (_request, query, slice) => listRedirects(db, query, slice!),
      view: async (request, { query, rows, total, pagination }) => {
        const ordering = { current: query.ordering, default: 'old_path' };
        const filtered = query.q || query.siteId;
        return {
          template: 'redirects-index',
          context: {
            title: gettext('Redirects'),
            q: query.q,
            sites: await siteOptions(db, query.siteId),
            siteFilter: query.siteId,
            ordering: query.ordering,
            total,
            totalText: filtered ? ngettext('There is {count} match', 'There are {count} matches', total) : ngettext('There is {count} redirect', 'There are {count} redirects', total),
            redirects: rows.map(rowView),
            canAdd: redirectPolicy.userHasPermission(request.perms, 'add'),
            canEdit: redirectPolicy.userHasPermission(request.perms, 'change'),
            canDelete: redirectPolicy.userHasPermission(request.perms, 'delete'),
            sortFrom: sortLink(request, ordering, 'old_path'),
            sortSite: sortLink(request, ordering, 'site'),
            sortType: sortLink(request, ordering, 'is_permanent'),
            pagination,
          },
        };
      },
    },
    form: redirectForm(db),
    delete: {
      view: (_request, redirect) =>
        confirmDeleteView(gettext('Delete redirect'), gettext('Are you sure you want to delete this redirect?'), REDIRECTS_URL, {
          subtitle: redirect.old_path,
          breadcrumbs: [{ label: gettext('Redirects'), url: REDIRECTS_URL }, { label: redirect.old_path, url: `${REDIRECTS_URL}${redirect.id}/` }, { label: gettext('Delete') }],
        }),
      run: async ({ perms }, redirect) => void (await new DeleteRedirectAction(db, redirect, perms).execute()),
      message: (redirect) => interpolate("Redirect '{title}' deleted.", { title: redirect.old_path }),
    },
  });
}
