/** What every generic view hands the area it serves: the request, and one page to draw. */
import type { Request, Response } from 'express';
import { PermissionDenied } from '../../errors';
import type { UserPermissions } from '../../models/permissions';
import { permsOf } from '../access';
import { adminTimeZone } from '../date-format';
import { adminNextUrl } from '../next-url';
import { flash, type FlashMessage } from '../render';
import type { AdminContext } from '../types';

/** One request to an admin view: the HTTP pair, the acting user's permissions, the time, and the zone the user reads dates in. */
export interface ViewRequest {
  req: Request;
  res: Response;
  perms: UserPermissions;
  now: Date;
  timeZone: string;
}

/** A page an area draws: its template and the one context the template reads. */
export interface View {
  template: string;
  context: Record<string, unknown> & { title: string };
}

/** The request as the views read it; only after requireAdminAccess. */
export function viewRequest({ clock }: Pick<AdminContext, 'clock'>, req: Request, res: Response): ViewRequest {
  return { req, res, perms: permsOf(res), now: clock(), timeZone: adminTimeZone(res) };
}

/** Refuses with 403 and the reason, when there is one. */
export function refuse(refusal: string | null): void {
  if (refusal !== null) throw new PermissionDenied(refusal);
}

/** Draws a view in the admin layout, in the area's part of the menu. */
export function renderView({ admin }: Pick<AdminContext, 'admin'>, { req, res }: ViewRequest, activeNav: string, view: View, status = 200): void {
  admin.render(req, res, view.template, { activeNav, ...view.context }, status);
}

/** A link after a flash message (Wagtail's "Edit" button on "Image 'X' added."). */
export type FlashLink = NonNullable<FlashMessage['link']>;

/** After a change: the message (and its link) for the next page, then 303 to a validated `next` inside the admin, else `fallback` (Wagtail's get_success_url). */
export function flashAndRedirect({ req, res }: ViewRequest, message: string, fallback: string, link?: FlashLink): void {
  flash(req, 'success', message, link ? { link } : {});
  const next: unknown = (req.body as Record<string, unknown> | undefined)?.next ?? req.query.next;
  res.redirect(303, next === undefined ? fallback : adminNextUrl(next, fallback));
}
