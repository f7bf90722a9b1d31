import type { Request, RequestHandler, Response } from 'express';
import { currentUser } from '../auth';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { PermissionDenied } from '../errors';
import { loadUserPermissions, type UserPermissions } from '../models/permissions';
import { DEFAULT_SITE_SETTINGS, getSiteSettings } from '../models/site-settings';
import { resolveRequestSite } from '../views/site-request';
import { adminMenu } from './menu';
import type { AdminChrome } from './admin-chrome';
import { mediaPolicy, userManagementPolicy } from '../models/permission-policies';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';

/** The login page's address with a `next` back to where the visitor was going. */
export function loginUrlFor(req: Request): string {
  return `/wagtail/login/?next=${encodeURIComponent(req.originalUrl)}`;
}

/** A user's name as the admin shows it. */
export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'username'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.username;
}

/**
 * Loads the signed-in user, their permissions and the brand for the layout into res.locals;
 * every admin request passes through it, signed in or not.
 */
export function loadAdminUser(db: Db, siteTimeZone: string): RequestHandler {
  return async function loadAdminUserHandler(req, res, next) {
    const [user, site] = await Promise.all([currentUser(db, req), resolveRequestSite(db, req)]);
    const settings = site ? await getSiteSettings(db, site.site.id, req.log) : DEFAULT_SITE_SETTINGS;
    const perms = user ? await loadUserPermissions(db, user) : undefined;
    res.locals.adminPerms = perms;
    const chrome: AdminChrome = {
      brandName: settings.brandName,
      user: user && perms?.canAccessAdmin ? { id: user.id, name: displayName(user), username: user.username, isSuperuser: user.is_superuser } : null,
      canUseMedia: perms ? mediaPolicy.userMayUseMedia(perms) : false,
      menu: perms?.canAccessAdmin ? adminMenu(perms) : [],
      timeZone: user?.current_time_zone || siteTimeZone,
    };
    res.locals.adminChrome = chrome;
    next();
  };
}

/** Anonymous visitors go to the login page; signed-in users without admin access get 403. */
export const requireAdminAccess: RequestHandler = function requireAdminAccess(req, res, next) {
  const perms = res.locals.adminPerms;
  if (!perms) {
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(302, loginUrlFor(req));
    throw new PermissionDenied('Sign in to the admin first.');
  }
  if (!perms.canAccessAdmin) throw new PermissionDenied('You do not have permission to access the admin.');
  next();
};

/** The acting user's permissions; only after requireAdminAccess. */
export function permsOf(res: Response): UserPermissions {
  const perms = res.locals.adminPerms;
  if (!perms) throw new PermissionDenied('Sign in to the admin first.');
  return perms;
}

/** Why the acting user may not manage users and groups (superusers only, as Wagtail's defaults), or null. */
export function userManagementRefusal({ perms }: { perms: UserPermissions }): string | null {
  return userManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS) ? null : 'You do not have permission to manage users and groups.';
}
