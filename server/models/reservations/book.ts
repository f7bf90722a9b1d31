/**
 * Table reservations: the times a location can still seat a party on a day, booking one of
 * them (a request the host confirms), and the guest finding or cancelling it with the
 * confirmation code and their last name. Bookings at one location take turns on its row, so a
 * time never takes more parties than its capacity.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Reservation } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { earlierRequest, requestHash } from '../idempotency';
import { guestContactColumns, type GuestContactInput } from '../guest-contact';
import { localClock, zonedInstant } from '../location-clock';
import { slotLabel, slotMinutes, slotTime } from './slots';

/** Larger parties call the restaurant. */
export const MAX_RESERVATION_PARTY_SIZE = 12;
/** How far ahead a table can be booked. */
export const MAX_DAYS_AHEAD = 60;
/** The soonest a table can be booked from now. */
export const MIN_LEAD_MINUTES = 30;
/** Parties per time when the location has not set its own capacity. */
export const DEFAULT_SLOT_CAPACITY = 4;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** One bookable time of a day. */
export interface SlotAvailability {
  time: string;
  label: string;
  available: boolean;
}

/** The times of one day at one location for a party size. */
export interface DayAvailability {
  rlid: number;
  date: string;
  partySize: number;
  times: SlotAvailability[];
}

/** A reservation request from a guest. */
export interface ReservationInput extends GuestContactInput {
  rlid: number;
  partySize: number;
  date: string;
  time: string;
  idempotencyKey?: string | null;
}

/** A new confirmation code: 8 characters without look-alikes (0/O, 1/I). */
export function newConfirmationCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

async function bookableLocation(db: Db, rlid: number, lock: boolean) {
  const location = await db
    .selectFrom('locations')
    .select(['rlid', 'time_zone', 'is_reservations_enabled', 'is_temporarily_closed', 'permanently_closed_at'])
    .where('rlid', '=', rlid)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!location) throw new NotFoundError(`No location with rlid ${rlid}.`);
  if (!location.is_reservations_enabled) throw new ConflictError('This restaurant does not take reservations online.');
  if (location.permanently_closed_at) throw new ConflictError('This restaurant has closed.');
  if (location.is_temporarily_closed) throw new ConflictError('This restaurant is temporarily closed.');
  return location;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

async function dayAvailability(db: Db, location: { rlid: number; time_zone: string }, date: string, partySize: number, now: Date) {
  if (partySize > MAX_RESERVATION_PARTY_SIZE) throw new ValidationError(`Parties of more than ${MAX_RESERVATION_PARTY_SIZE} please call the restaurant to book.`);
  const timeZone = location.time_zone;
  const ahead = daysBetween(localClock(now, timeZone).date, date);
  if (ahead < 0) throw new ValidationError('Date must be today or later.');
  if (ahead > MAX_DAYS_AHEAD) throw new ValidationError(`Date must be within ${MAX_DAYS_AHEAD} days.`);
  const hours = await db.selectFrom('location_hours').select(['day_of_week', 'open', 'close']).where('location_rlid', '=', location.rlid).where('kind', '=', 'operation').execute();
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const earliest = now.getTime() + MIN_LEAD_MINUTES * 60_000;
  const slots = slotMinutes(
    hours.map((row) => ({ dayOfWeek: row.day_of_week, open: row.open, close: row.close })),
    weekday,
  )
    .map((minutes) => ({ minutes, instant: zonedInstant(date, minutes, timeZone) }))
    .filter((slot) => slot.instant.getTime() >= earliest);
  if (!slots.length) return { slots, taken: new Map<number, number>(), capacity: 0 };
  const [settings, counts] = await Promise.all([
    db.selectFrom('waitlist_settings').select('reservation_slot_capacity').where('rlid', '=', location.rlid).executeTakeFirst(),
    db
      .selectFrom('reservations')
      .select(['reserved_for', (eb) => eb.fn.countAll<string>().as('count')])
      .where('rlid', '=', location.rlid)
      .where('status', '!=', 'cancelled')
      .where('reserved_for', '>=', slots[0]!.instant)
      .where('reserved_for', '<=', slots[slots.length - 1]!.instant)
      .groupBy('reserved_for')
      .execute(),
  ]);
  const taken = new Map(counts.map((row) => [new Date(row.reserved_for).getTime(), Number(row.count)]));
  return { slots, taken, capacity: settings?.reservation_slot_capacity ?? DEFAULT_SLOT_CAPACITY };
}

/** The times a party can still book on a local date (YYYY-MM-DD), each marked available or full. */
export async function availability(db: Db, rlid: number, date: string, partySize: number, now: Date): Promise<DayAvailability> {
  const location = await bookableLocation(db, rlid, false);
  const { slots, taken, capacity } = await dayAvailability(db, location, date, partySize, now);
  return {
    rlid,
    date,
    partySize,
    times: slots.map(({ minutes, instant }) => ({ time: slotTime(minutes), label: slotLabel(minutes), available: (taken.get(instant.getTime()) ?? 0) < capacity })),
  };
}

/**
 * Books a table: the time must be one of the day's available times. A repeated idempotency
 * key returns the first booking with `created` false, only for the same request (422 for another).
 */
export async function requestReservation(db: Db, input: ReservationInput, now: Date): Promise<{ reservation: Reservation; created: boolean }> {
  const { idempotencyKey, ...request } = input;
  const hash = requestHash(request);
  return withTransaction(db, async (trx) => {
    const location = await bookableLocation(trx, input.rlid, true);
    const earlier = await earlierRequest(trx, 'reservations', input.rlid, idempotencyKey, hash);
    if (earlier) return { reservation: earlier, created: false };
    const { slots, taken, capacity } = await dayAvailability(trx, location, input.date, input.partySize, now);
    const slot = slots.find(({ minutes }) => slotTime(minutes) === input.time);
    if (!slot) throw new ConflictError('That time cannot be booked; choose one of the available times.');
    if ((taken.get(slot.instant.getTime()) ?? 0) >= capacity) throw new ConflictError('That time has just been fully booked; choose another time.');
    const reservation = await trx
      .insertInto('reservations')
      .values({
        confirmation_code: newConfirmationCode(),
        rlid: input.rlid,
        party_size: input.partySize,
        reserved_for: slot.instant,
        ...guestContactColumns(input),
        idempotency_key: idempotencyKey ?? null,
        idempotency_request_hash: idempotencyKey ? hash : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { reservation, created: true };
  });
}

/** A reservation by its code, only for the guest who knows the last name on it. */
export async function findReservation(db: Db, code: string, lastName: string): Promise<Reservation | undefined> {
  return db
    .selectFrom('reservations')
    .selectAll()
    .where('confirmation_code', '=', code.toUpperCase())
    .where(sql<string>`lower(last_name)`, '=', lastName.trim().toLowerCase())
    .executeTakeFirst();
}

/** One of a location's reservations, or undefined (also for another location's); with `lock`, under a row lock. */
export async function reservationAt(db: Db, rlid: number, id: number, { lock = false } = {}): Promise<Reservation | undefined> {
  const query = db.selectFrom('reservations').selectAll().where('id', '=', id).where('rlid', '=', rlid);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Cancels a reservation (guest or host); 409 when it already is. */
export async function cancelReservation(db: Db, reservation: Reservation): Promise<Reservation> {
  if (reservation.status === 'cancelled') throw new ConflictError('This reservation is already cancelled.');
  return db.updateTable('reservations').set({ status: 'cancelled', cancelled_at: new Date() }).where('id', '=', reservation.id).returningAll().executeTakeFirstOrThrow();
}

/** The host confirms a requested reservation; 409 unless it is a request. */
export async function confirmReservation(db: Db, reservation: Reservation): Promise<Reservation> {
  if (reservation.status !== 'requested') throw new ConflictError(`A ${reservation.status} reservation cannot be confirmed.`);
  return db.updateTable('reservations').set({ status: 'confirmed', confirmed_at: new Date() }).where('id', '=', reservation.id).returningAll().executeTakeFirstOrThrow();
}

/** A location's reservations on a local date, in time order, for the host stand. */
export async function reservationsOn(db: Db, rlid: number, timeZone: string, date: string): Promise<Reservation[]> {
  return (
    db
      .selectFrom('reservations')
      .selectAll()
      .where('rlid', '=', rlid)
      .where('reserved_for', '>=', zonedInstant(date, 0, timeZone))
      // Through the small hours of the next day: late seatings of this day's service.
      .where('reserved_for', '<', zonedInstant(date, 30 * 60, timeZone))
      .orderBy('reserved_for')
      .execute()
  );
}
