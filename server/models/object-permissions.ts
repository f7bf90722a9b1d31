import type { ObjectPermission } from '../db/schema';

/**
 * The kinds of object a group may be given add, change and delete permissions on, with the
 * names the group form shows (Wagtail's "Object permissions"). Snippet models, redirects, sites
 * and site settings each check theirs through their ModelPermissionPolicy (permission-policies/model.ts).
 */
export const PERMISSION_MODELS = {
  redirect: 'Redirects',
  site: 'Sites',
  site_settings: 'Site settings',
  toolbox_snippet: 'Toolbox snippets',
  country: 'Countries',
  tiered_navigation: 'Tiered navigations',
} as const;

/** A kind of object with object permissions. */
export type PermissionModel = keyof typeof PERMISSION_MODELS;

/** Every object permission, in the order the group form shows them. */
export const OBJECT_PERMISSIONS: readonly ObjectPermission[] = ['add', 'change', 'delete'];

/** The snippet models, in the order the snippets index lists them. */
export const SNIPPET_MODELS = ['toolbox_snippet', 'country', 'tiered_navigation'] as const satisfies readonly PermissionModel[];

/** Whether a string names a model with object permissions. */
export function isPermissionModel(model: string): model is PermissionModel {
  return Object.hasOwn(PERMISSION_MODELS, model);
}
