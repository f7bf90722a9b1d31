/** The redirect add and edit form (Wagtail's RedirectForm): how a redirect fills it, how a post is read, and how it is drawn. */
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { CreateRedirectAction, EditRedirectAction, redirectFields } from '../actions/manage-redirects';
import type { Db } from '../db/database';
import type { Redirect } from '../db/schema';
import { emptyProblems, parseForm } from '../forms/problems';
import { getRootPage } from '../models/pages';
import { MODEL_POLICIES } from '../models/permission-policies';
import { listSites } from '../models/sites';
import type { ModelForm } from './generic/models';
import { pageSelectOptions } from './generic/select-options';

const REDIRECTS_URL = '/wagtail/redirects/';

/** The add and edit form: a checkbox sends 'on' when ticked and nothing otherwise. */
const postedRedirect = z.preprocess((body) => ({ ...(body as Record<string, unknown>), is_permanent: (body as Record<string, unknown>).is_permanent !== undefined }), redirectFields);

/** Sites as the form's and the filter's select show them, the chosen one marked. */
export async function siteOptions(db: Db, chosen: unknown) {
  return (await listSites(db)).map((site) => ({ id: site.id, label: site.site_name || site.hostname, selected: String(site.id) === String(chosen) }));
}

/** The form's values of a stored redirect. */
function redirectValues(redirect: Redirect): Record<string, unknown> {
  const { old_path, site_id, is_permanent, redirect_page_id, redirect_link } = redirect;
  return { old_path, site: site_id ?? '', ...(is_permanent ? { is_permanent: 'on' } : {}), redirect_page: redirect_page_id ?? '', redirect_link };
}

/** The form, its actions and their messages. */
export function redirectForm(db: Db): ModelForm<Redirect, z.output<typeof redirectFields>> {
  return {
    initial: (_request, redirect?: Redirect) => emptyProblems(redirect ? redirectValues(redirect) : { is_permanent: 'on', site: '' }),
    read: ({ req }) => parseForm(postedRedirect, req.body),
    view: async ({ perms }, redirect, form) => {
      const [sites, pages, root] = await Promise.all([siteOptions(db, form.values.site ?? ''), pageSelectOptions(db), getRootPage(db)]);
      const chosenPage = String(form.values.redirect_page ?? '');
      return {
        template: 'redirects-edit',
        context: {
          title: redirect ? gettext('Editing redirect') : gettext('Add redirect'),
          subtitle: redirect?.old_path,
          breadcrumbs: [{ label: gettext('Redirects'), url: REDIRECTS_URL }, { label: redirect ? redirect.old_path : gettext('Add redirect') }],
          redirect,
          form,
          isPermanent: form.values.is_permanent !== undefined && form.values.is_permanent !== false,
          sites,
          // The root serves no address, so nothing redirects to it.
          pages: pages.filter((page) => page.id !== root?.id).map((page) => ({ ...page, selected: String(page.id) === chosenPage })),
          canDelete: redirect !== undefined && MODEL_POLICIES.redirect.userHasPermission(perms, 'delete'),
          action: redirect ? `${REDIRECTS_URL}${redirect.id}/` : `${REDIRECTS_URL}add/`,
        },
      };
    },
    create: {
      run: ({ perms }, input) => new CreateRedirectAction(db, input, perms).execute(),
      message: (created) => interpolate("Redirect '{title}' added.", { title: created.old_path }),
    },
    edit: {
      run: ({ perms }, redirect, input) => new EditRedirectAction(db, redirect, perms, input).execute(),
      message: (updated) => interpolate("Redirect '{title}' updated.", { title: updated.old_path }),
    },
  };
}
