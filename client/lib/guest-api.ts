/**
 * The browser's side of the wait-list and reservation APIs: typed calls, responses checked
 * against their shapes, CSRF token fetched just before each change, an idempotency key per
 * attempt so a double click or a retry makes one entry.
 */
import * as z from 'zod/mini';
import { fetchCsrfToken, readShape, RequestFailedError } from './api-client';
import type { GuestContact } from './guest-contact';
import { randomUuid } from './random-id';

/** Where the wait-list API lives (SPEC §7). */
export const WAITLIST_URL = '/api/waitlist/';
/** Where the reservations API lives. */
export const RESERVATIONS_URL = '/api/reservations/';

/** A wait-list party as its guest sees it. */
export const waitlistEntrySchema = z.object({
  plan_ahead_id: z.string(),
  rlid: z.number(),
  status: z.enum(['waiting', 'notified', 'seated', 'cancelled', 'no_show']),
  position: z.nullable(z.number()),
  partySize: z.number(),
  firstName: z.string(),
  estimatedWaitMinutes: z.nullable(z.number()),
  joinedAt: z.string(),
});

/** The wait a party joining now would have. */
export const waitlistEstimateSchema = z.object({
  rlid: z.number(),
  waitListReady: z.nullable(z.boolean()),
  partiesWaiting: z.number(),
  estimatedWaitMinutes: z.number(),
  estimatedWaitTime: z.nullable(z.string()),
  maxPartySize: z.nullable(z.number()),
});

/** The bookable times of one day. */
export const availabilitySchema = z.object({
  rlid: z.number(),
  date: z.string(),
  partySize: z.number(),
  times: z.array(z.object({ time: z.string(), label: z.string(), available: z.boolean() })),
});

/** A reservation as its guest sees it. */
export const reservationSchema = z.object({
  confirmationCode: z.string(),
  rlid: z.number(),
  status: z.enum(['requested', 'confirmed', 'cancelled']),
  partySize: z.number(),
  reservedFor: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
export type WaitlistEstimate = z.infer<typeof waitlistEstimateSchema>;
export type Availability = z.infer<typeof availabilitySchema>;
export type Reservation = z.infer<typeof reservationSchema>;

/** The API refused the request (400, 404, 409, 429) and said why; the message is for the guest. */
export class GuestRequestRefused extends Error {
  override name = 'GuestRequestRefused';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const errorSchema = z.object({ error: z.string() });

async function call<T>(url: string, schema: z.ZodMiniType<T>, init: { method?: string; json?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  const changes = init.method && init.method !== 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (changes) headers['X-CSRFToken'] = await fetchCsrfToken();
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    cache: 'no-store',
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
  });
  if (response.ok) return readShape(response, url, schema);
  if ([400, 404, 409, 429].includes(response.status)) {
    const { error } = await readShape(response, url, errorSchema);
    throw new GuestRequestRefused(response.status, error);
  }
  throw new RequestFailedError(url, response.status);
}

/** A fresh idempotency key: one per attempt to join or book. */
export function newIdempotencyKey(): string {
  return randomUuid();
}

export function fetchWaitlistEstimate(rlid: number, partySize?: number): Promise<WaitlistEstimate> {
  const query = new URLSearchParams({ rlid: String(rlid), ...(partySize ? { partySize: String(partySize) } : {}) });
  return call(`${WAITLIST_URL}estimate/?${query}`, waitlistEstimateSchema);
}

export function joinWaitlist(rlid: number, partySize: number, contact: GuestContact, idempotencyKey: string): Promise<WaitlistEntry> {
  return call(WAITLIST_URL, waitlistEntrySchema, { method: 'POST', json: { rlid, partySize, ...contact }, idempotencyKey });
}

export function fetchWaitlistEntry(planAheadId: string): Promise<WaitlistEntry> {
  return call(`${WAITLIST_URL}${encodeURIComponent(planAheadId)}/`, waitlistEntrySchema);
}

export function cancelWaitlistEntry(planAheadId: string): Promise<WaitlistEntry> {
  return call(`${WAITLIST_URL}${encodeURIComponent(planAheadId)}/`, waitlistEntrySchema, { method: 'DELETE' });
}

export function fetchAvailability(rlid: number, date: string, partySize: number): Promise<Availability> {
  const query = new URLSearchParams({ rlid: String(rlid), date, partySize: String(partySize) });
  return call(`${RESERVATIONS_URL}availability/?${query}`, availabilitySchema);
}

export function requestReservation(booking: { rlid: number; partySize: number; date: string; time: string } & GuestContact, idempotencyKey: string): Promise<Reservation> {
  return call(RESERVATIONS_URL, reservationSchema, { method: 'POST', json: booking, idempotencyKey });
}

export function cancelReservation(code: string, lastName: string): Promise<Reservation> {
  return call(`${RESERVATIONS_URL}${encodeURIComponent(code)}/`, reservationSchema, { method: 'DELETE', json: { lastName } });
}
