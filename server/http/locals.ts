/**
 * What a request carries in `res.locals` from the middleware that sets it to the handlers that
 * read it, declared once onto Express's own type (declaration merging), so no reader casts.
 */
import type { AdminChrome } from '../admin/admin-chrome';
import type { UserPermissions } from '../models/permissions';
import type { PageCacheTicket } from '../page-cache/page-cache';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express declares Locals in this namespace for apps to extend.
  namespace Express {
    interface Locals {
      /** The signed-in user's permissions on an admin request (admin/access.ts); absent when nobody is signed in. */
      adminPerms?: UserPermissions;
      /** What the admin layout shows besides the page body (admin/access.ts), on every admin request. */
      adminChrome?: AdminChrome;
      /** A public request the page cache may keep, and what it knew of the address (page-cache.ts). */
      pageCacheTicket?: PageCacheTicket;
      /** The public pages' generation, read once per request however many values ask (page-cache.ts). */
      publicPagesGeneration?: Promise<string>;
    }
  }
}
