/** What the snippet screens and the snippet chooser share: addresses, the list query, the model named in the address. */
import type { Request } from 'express';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { MODEL_POLICIES } from '../models/permission-policies';
import type { UserPermissions } from '../models/permissions';
import { SNIPPET_APP_LABEL, SNIPPET_NAMING, snippetModelByName, type SnippetModel } from '../models/snippets/registry';

/** Objects a listing page shows, as Wagtail's snippet index. */
export const LIST_PAGE_SIZE = 20;

/** A listing's or chooser's search (`q`) and page (`p`); nonsense reads as none and the first page. */
export const listQuery = z.object({
  q: z.string().max(200).catch(''),
  p: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const INDEX_URL = '/wagtail/snippets/';

/** The listing of a snippet model, `/wagtail/snippets/{app_label}/{model_name}/`. */
export const listUrl = (model: SnippetModel) => `${INDEX_URL}${SNIPPET_APP_LABEL}/${SNIPPET_NAMING[model].modelName}/`;

/** The verbose names capitalised for headings ('Tiered navigations'). */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The snippet model the address names; NotFoundError for any other. */
export function modelOf(req: Request): SnippetModel {
  const model = req.params.appLabel === SNIPPET_APP_LABEL ? snippetModelByName(String(req.params.modelName)) : undefined;
  if (!model) throw new NotFoundError('There is no such snippet model.');
  return model;
}

/** Why the user may not see the model's screens at all: no permission on it, or null. */
export function anyPermissionRefusal({ perms }: { perms: UserPermissions }, model: SnippetModel): string | null {
  return MODEL_POLICIES[model].userHasAnyPermission(perms, OBJECT_PERMISSIONS) ? null : `You do not have permission to access ${SNIPPET_NAMING[model].verboseNamePlural}.`;
}
