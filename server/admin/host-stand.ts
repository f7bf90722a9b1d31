import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { gettext } from '../../client/lib/i18n';
import { requireHost } from '../actions/host-stand';
import { HttpError, NotFoundError, PermissionDenied, ValidationError } from '../errors';
import { getHostLocation, hostableLocations, type HostLocation } from '../models/host-locations';
import { timeZoneName } from '../../client/lib/local-clock';
import { permsOf } from './access';
import { flash, type AdminRenderer, type FlashAction } from './render';
import type { AdminContext } from './types';
import { databaseId } from '../db/database-id';
import { locationPolicy } from '../models/permission-policies';

/** The two host-stand areas: the wait list and the day's reservations. */
export type HostArea = 'waitlist' | 'reservations';

/** Refuses (403) users who run no location's host stand. */
export const requireSomeHostRight: RequestHandler = function requireSomeHostRight(_req, res, next) {
  if (!locationPolicy.userHasPermission(permsOf(res), 'host')) throw new PermissionDenied('You do not have permission to run a host stand.');
  next();
};

/** A location's name as the host stand shows it: "Portland, ME — 100 Harbor St (#42)". */
export function locationLabel(location: HostLocation): string {
  return `${location.city}, ${location.state} — ${location.address1} (#${location.restaurantNumber})`;
}

/** The subtitle of a location's host stand: its label and the zone its times are in, "… · Pacific Time (America/Los_Angeles)". */
export function hostStandSubtitle(location: HostLocation, now: Date): string {
  return `${locationLabel(location)} · ${timeZoneName(location.timeZone, now, 'en-US')} (${location.timeZone})`;
}

/** The location of the :rlid param, once the user's host right there is checked (403 before 404). */
export async function loadHostedLocation(ctx: Pick<AdminContext, 'db'>, req: Request, res: Response): Promise<HostLocation> {
  const rlid = databaseId.safeParse(req.params.rlid);
  if (!rlid.success) throw new NotFoundError('There is no location with this number.');
  requireHost(permsOf(res), rlid.data);
  const location = await getHostLocation(ctx.db, rlid.data);
  if (!location) throw new NotFoundError('There is no location with this number.');
  return location;
}

/** Renders the location chooser of an area: the user's locations, or a search over all of them. */
export async function renderLocationChooser(ctx: Pick<AdminContext, 'db'> & { admin: AdminRenderer }, req: Request, res: Response, area: HostArea): Promise<void> {
  const perms = permsOf(res);
  const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
  const locations = await hostableLocations(ctx.db, perms, q);
  ctx.admin.render(req, res, 'host-locations', {
    title: area === 'waitlist' ? gettext('Wait list') : gettext('Reservations'),
    subtitle: gettext('Choose a location'),
    activeNav: area,
    area,
    q,
    searchable: locationPolicy.userHasPermissionEverywhere(perms),
    searched: q.trim() !== '',
    locations: locations.map((location) => ({ ...location, label: locationLabel(location) })),
  });
}

/** What a host-stand change says when done, and the button it offers (Undo), if any. */
export type HostChangeDone = string | { text: string; action: FlashAction };

/**
 * Runs a host-stand change and goes back to the screen: success and refusals of the engine
 * (a forbidden transition, a full party) become a message at the top; missing rights stay 403.
 */
export async function runHostChange(req: Request, res: Response, back: string, change: () => Promise<HostChangeDone>): Promise<void> {
  try {
    const done = await change();
    if (typeof done === 'string') flash(req, 'success', done);
    else flash(req, 'success', done.text, { action: done.action });
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 403 || error.status >= 500) throw error;
    flash(req, 'error', error.message);
  }
  res.redirect(303, back);
}

/** Formats instants as a short local time ("6:05 PM") in a location's zone. */
export function localTimeFormat(timeZone: string): (value: Date | null) => string {
  const format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
  return (value) => (value ? format.format(value) : '');
}

/** The value as the schema reads it, or 400 with `message`: a tampered button or id. */
export function parseOrReject<S extends z.ZodType>(schema: S, value: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(message);
  return parsed.data;
}
