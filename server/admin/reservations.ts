import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { DecideReservationAction, hostedReservation } from '../actions/host-stand';
import type { ReservationStatus } from '../db/schema';
import { isCalendarDate } from '../calendar-date';
import { ValidationError } from '../errors';
import { localClock } from '../models/location-clock';
import { reservationsOn } from '../models/reservations/book';
import { permsOf } from './access';
import { hostStandSubtitle, loadHostedLocation, localTimeFormat, parseOrReject, renderLocationChooser, requireSomeHostRight, runHostChange } from './host-stand';
import type { AdminContext } from './types';
import { databaseId } from '../db/database-id';

const STATUS_LABELS: Record<ReservationStatus, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
};

const STATUS_STYLES: Record<ReservationStatus, string> = {
  requested: 'changes',
  confirmed: 'live',
  cancelled: 'draft',
};

/** A calendar date that exists: 2026-02-30 is refused. */
const isoDate = z.string().refine(isCalendarDate);

/** The day the listing shows: a real date, or none (also `?date=`) for the location's today. */
const dayQuery = z.object({ date: z.union([z.literal('').transform(() => undefined), isoDate]).optional() });

const decisionBody = z.object({ date: isoDate.optional() });

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** /wagtail/reservations/: choose a location, then its reservations of one day with Confirm and Cancel. */
export function reservationsRouter(ctx: AdminContext): Router {
  const { db, admin } = ctx;
  const router = Router();
  router.use('/reservations/', requireSomeHostRight);

  router.get('/reservations/', (req, res) => renderLocationChooser(ctx, req, res, 'reservations'));

  router.get('/reservations/:rlid/', async (req: Request, res: Response) => {
    const location = await loadHostedLocation(ctx, req, res);
    const today = localClock(ctx.clock(), location.timeZone).date;
    const asked = dayQuery.safeParse(req.query);
    if (!asked.success) throw new ValidationError('The date must be a calendar date, YYYY-MM-DD.');
    const date = asked.data.date ?? today;
    const time = localTimeFormat(location.timeZone);
    const reservations = await reservationsOn(db, location.rlid, location.timeZone, date);
    const dayLabel = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    admin.render(req, res, 'host-reservations', {
      title: interpolate('Reservations: {location}', { location: `${location.city}, ${location.state}` }),
      subtitle: hostStandSubtitle(location, ctx.clock()),
      activeNav: 'reservations',
      breadcrumbs: [{ url: '/wagtail/reservations/', label: gettext('Reservations') }, { label: `${location.city}, ${location.state}` }],
      base: `/wagtail/reservations/${location.rlid}/`,
      waitlistUrl: `/wagtail/waitlist/${location.rlid}/`,
      location,
      day: date,
      dayLabel,
      isToday: date === today,
      previousDate: shiftDate(date, -1),
      nextDate: shiftDate(date, 1),
      reservations: reservations.map((reservation) => ({
        reservation,
        name: `${reservation.first_name} ${reservation.last_name}`,
        time: time(reservation.reserved_for),
        statusLabel: gettext(STATUS_LABELS[reservation.status]),
        statusStyle: STATUS_STYLES[reservation.status],
        canConfirm: reservation.status === 'requested',
        canCancel: reservation.status !== 'cancelled',
      })),
    });
  });

  for (const decision of ['confirm', 'cancel'] as const) {
    router.post(`/reservations/:rlid/:reservationId/${decision}/`, async (req, res) => {
      const location = await loadHostedLocation(ctx, req, res);
      const { date } = decisionBody.catch({}).parse(req.body ?? {});
      const back = `/wagtail/reservations/${location.rlid}/${date ? `?date=${date}` : ''}`;
      await runHostChange(req, res, back, async () => {
        const id = parseOrReject(databaseId, req.params.reservationId, 'There is no such reservation at this location.');
        const changed = await new DecideReservationAction(db, await hostedReservation(db, location.rlid, id), permsOf(res), { decision }).execute();
        const party = `${changed.first_name} ${changed.last_name}`;
        return decision === 'confirm' ? interpolate('The reservation of {party} is confirmed.', { party }) : interpolate('The reservation of {party} is cancelled.', { party });
      });
    });
  }

  return router;
}
