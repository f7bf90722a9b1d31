import type { ObjectPermission } from '../../db/schema';
import { SNIPPET_MODELS, type PermissionModel } from '../object-permissions';
import { BasePermissionPolicy, type UserGrants } from './base';

/**
 * Add, change and delete on a whole kind of object, granted to groups (Wagtail's
 * ModelPermissionPolicy): redirects, sites, site settings and each snippet model.
 */
export class ModelPermissionPolicy extends BasePermissionPolicy<ObjectPermission, unknown> {
  constructor(readonly model: PermissionModel) {
    super();
  }

  userHasPermission(perms: UserGrants, action: ObjectPermission): boolean {
    if (!perms.user.is_active) return false;
    if (perms.user.is_superuser) return true;
    return perms.objectGrants.some((grant) => grant.model === this.model && grant.permission === action);
  }
}

/** The policy of each kind of object with object permissions. */
export const MODEL_POLICIES = {
  redirect: new ModelPermissionPolicy('redirect'),
  site: new ModelPermissionPolicy('site'),
  site_settings: new ModelPermissionPolicy('site_settings'),
  ...(Object.fromEntries(SNIPPET_MODELS.map((model) => [model, new ModelPermissionPolicy(model)])) as Record<(typeof SNIPPET_MODELS)[number], ModelPermissionPolicy>),
} satisfies Record<PermissionModel, ModelPermissionPolicy>;
