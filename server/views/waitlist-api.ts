import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Db } from '../db/database';
import { ValidationError } from '../errors';
import { formatWait } from '../waitlist/estimate';
import { estimateForParty, findEntry, joinWaitlist, stateOf, transitionEntry, type EntryState } from '../waitlist/queue';
import { bothSlashes } from './route-paths';

/** What the wait-list API needs. */
export interface WaitlistApiRouterOptions {
  db: Db;
}

/** The largest party the API accepts at all; each location sets its own lower limit. */
export const MAX_PARTY_SIZE = 50;

const PLAN_AHEAD_ID = /^[A-Za-z0-9_-]{22}$/;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(max, `${name} must be at most ${max} characters.`);

const optionalText = (name: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), text(name, max).optional());

const partySize = z
  .number({ error: 'partySize must be a whole number.' })
  .int('partySize must be a whole number.')
  .min(1, 'partySize must be at least 1.')
  .max(MAX_PARTY_SIZE, `partySize must be at most ${MAX_PARTY_SIZE}.`);

const rlid = z.number({ error: 'rlid must be a whole number.' }).int('rlid must be a whole number.').positive('rlid must be a positive whole number.').max(2147483647, 'rlid is out of range.');

/** The body of POST /api/waitlist/. */
export const joinRequestSchema = z.strictObject(
  {
    rlid,
    partySize,
    firstName: text('firstName', 100),
    lastName: text('lastName', 100),
    phone: text('phone', 30).regex(/^\+?[\d\s().-]{7,30}$/, 'phone must be a phone number, e.g. (555) 555-0100.'),
    email: optionalText('email', 254).pipe(z.email('email must be an email address.').optional()),
    note: optionalText('note', 500),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : 'The body must be a JSON object.') },
);

const queryInteger = (name: string) =>
  z.preprocess((value) => (value === undefined || value === '' ? undefined : Number(value)), z.number({ error: `${name} must be a whole number.` }));

const estimateQuerySchema = z.object({
  rlid: queryInteger('rlid').pipe(rlid),
  partySize: queryInteger('partySize').optional().pipe(partySize.optional()),
});

/** What the API tells a guest about their own entry; nothing about other parties but how many are ahead. */
export function entryResponse({ entry, estimatedWaitMinutes }: EntryState) {
  return {
    plan_ahead_id: entry.plan_ahead_id,
    rlid: entry.rlid,
    status: entry.status,
    position: entry.position,
    partySize: entry.party_size,
    firstName: entry.first_name,
    estimatedWaitMinutes,
    joinedAt: entry.created_at.toISOString(),
  };
}

function firstMessage(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(' ');
}

function planAheadId(req: Request): string {
  const id = String(req.params.planAheadId ?? '');
  if (!PLAN_AHEAD_ID.test(id)) throw new ValidationError('That is not a wait-list id.');
  return id;
}

function noStore(res: Response): Response {
  return res.set('Cache-Control', 'no-store');
}

/**
 * The wait-list API (SPEC §7): join, the current estimate, a guest's own status, and
 * cancelling. Errors are JSON `{error}` with 400, 404 or 409 (server/error-handler.ts).
 */
export function waitlistApiRouter({ db }: WaitlistApiRouterOptions): Router {
  const router = Router();

  router.post(bothSlashes('/api/waitlist'), async (req, res) => {
    noStore(res);
    const parsed = joinRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new ValidationError(firstMessage(parsed.error));
    const key = req.get('Idempotency-Key');
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new ValidationError('Idempotency-Key must be 8 to 64 letters, digits, - or _.');
    const { created, ...state } = await joinWaitlist(db, { ...parsed.data, idempotencyKey: key ?? null });
    res.status(created ? 201 : 200).json(entryResponse(state));
  });

  router.get(bothSlashes('/api/waitlist/estimate'), async (req, res) => {
    noStore(res);
    const parsed = estimateQuerySchema.safeParse(req.query);
    if (!parsed.success) throw new ValidationError(firstMessage(parsed.error));
    const estimate = await estimateForParty(db, parsed.data.rlid, parsed.data.partySize);
    res.json({ ...estimate, estimatedWaitTime: estimate.waitListReady ? formatWait(estimate.estimatedWaitMinutes) : null });
  });

  router.get(bothSlashes('/api/waitlist/:planAheadId'), async (req, res) => {
    noStore(res);
    const entry = await findEntry(db, planAheadId(req));
    if (!entry) return res.status(404).json({ error: 'No wait-list entry with that id.' });
    res.json(entryResponse(await stateOf(db, entry)));
  });

  router.delete(bothSlashes('/api/waitlist/:planAheadId'), async (req, res) => {
    noStore(res);
    res.json(entryResponse(await transitionEntry(db, planAheadId(req), 'cancelled')));
  });

  return router;
}
