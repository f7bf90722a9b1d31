import type { Clock } from '../clock';
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Reservation } from '../db/schema';
import { isCalendarDate } from '../calendar-date';
import { NotFoundError, ValidationError } from '../errors';
import { availability, cancelReservation, findReservation, MAX_RESERVATION_PARTY_SIZE, requestReservation } from '../models/reservations/book';
import { GUEST_FIELD_LABELS, guestContactFields, guestRequest, idempotencyKeyOf, issueMessages, partySizeField, queryInteger, rlidField } from './guest-fields';
import { bothSlashes, onlyUnder } from './route-paths';

/** What the reservations API needs. */
export interface ReservationsApiRouterOptions {
  db: Db;
  clock: Clock;
  /** Counts lookups by confirmation code per address, refusing a client that tries too many. */
  limitLookups: RequestHandler;
}

const CONFIRMATION_CODE = /^[A-Za-z0-9]{8}$/;

const { date: DATE, time: TIME } = GUEST_FIELD_LABELS;
const dateField = z
  .string({ error: `${DATE} is required.` })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${DATE} must be a date such as 2026-12-31.`, abort: true })
  .refine(isCalendarDate, `${DATE} must be a real calendar date.`);
const timeField = z.string({ error: `${TIME} is required.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${TIME} must be a time such as 19:30.`);

const availabilityQuerySchema = z.object({
  rlid: queryInteger('rlid').pipe(rlidField),
  date: dateField,
  partySize: queryInteger(GUEST_FIELD_LABELS.partySize).pipe(partySizeField(MAX_RESERVATION_PARTY_SIZE)),
});

/** The body of POST /api/reservations/. */
export const reservationRequestSchema = guestRequest({
  rlid: rlidField,
  partySize: partySizeField(MAX_RESERVATION_PARTY_SIZE),
  date: dateField,
  time: timeField,
  ...guestContactFields,
});

const lastNameSchema = z.object({ lastName: guestContactFields.lastName });

/** What a guest sees of their own reservation. */
export function reservationResponse(reservation: Reservation) {
  return {
    confirmationCode: reservation.confirmation_code,
    rlid: reservation.rlid,
    status: reservation.status,
    partySize: reservation.party_size,
    reservedFor: reservation.reserved_for.toISOString(),
    firstName: reservation.first_name,
    lastName: reservation.last_name,
  };
}

async function guestReservation(db: Db, req: Request, lastNameSource: unknown): Promise<Reservation> {
  const code = String(req.params.code ?? '');
  if (!CONFIRMATION_CODE.test(code)) throw new ValidationError('That is not a confirmation code.');
  const parsed = lastNameSchema.safeParse(lastNameSource ?? {});
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  const reservation = await findReservation(db, code, parsed.data.lastName);
  // The same answer for an unknown code and a wrong name: a code alone reveals nothing.
  if (!reservation) throw new NotFoundError('No reservation with that confirmation code and last name.');
  return reservation;
}

/**
 * Table reservations: the bookable times of a day, a booking request, and the guest's own
 * booking by confirmation code and last name (to read or cancel it).
 */
export function reservationsApiRouter({ db, clock, limitLookups }: ReservationsApiRouterOptions): RequestHandler {
  const router = Router();
  router.use('/api/reservations', (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });

  router.get(bothSlashes('/api/reservations/availability'), async (req, res) => {
    const parsed = availabilityQuerySchema.safeParse(req.query);
    if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
    res.json(await availability(db, parsed.data.rlid, parsed.data.date, parsed.data.partySize, clock()));
  });

  router.post(bothSlashes('/api/reservations'), async (req, res) => {
    const parsed = reservationRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
    const { reservation, created } = await requestReservation(db, { ...parsed.data, idempotencyKey: idempotencyKeyOf(req) }, clock());
    res.status(created ? 201 : 200).json(reservationResponse(reservation));
  });

  router.get(bothSlashes('/api/reservations/:code'), limitLookups, async (req, res) => {
    res.json(reservationResponse(await guestReservation(db, req, req.query)));
  });

  router.delete(bothSlashes('/api/reservations/:code'), limitLookups, async (req, res) => {
    const reservation = await guestReservation(db, req, req.body);
    res.json(reservationResponse(await cancelReservation(db, reservation)));
  });

  return onlyUnder(['/api/reservations'], router);
}
