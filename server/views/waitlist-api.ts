import type { Clock } from '../clock';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { Db } from '../db/database';
import { ValidationError } from '../errors';
import { formatWait, TYPICAL_PARTY_SIZE } from '../models/waitlist/estimate';
import { findEntry, joinWaitlist, stateOf, transitionEntry, type EntryState, type KnownJoinConditions } from '../models/waitlist/queue';
import { estimateForParty } from '../models/waitlist/location-waitlist';
import { GUEST_FIELD_LABELS, guestContactFields, guestRequest, idempotencyKeyOf, issueMessages, partySizeField, queryInteger, rlidField } from './guest-fields';
import { bothSlashes, onlyUnder } from './route-paths';

/** What the wait-list API needs. */
export interface WaitlistApiRouterOptions {
  db: Db;
  clock: Clock;
  /** Counts lookups by plan_ahead_id per address, refusing a client that tries too many. */
  limitLookups: RequestHandler;
  /** The join conditions kept by location, shared with the joins answered before the router. */
  knownConditions: KnownJoinConditions;
}

/** The largest party the API accepts at all; each location sets its own lower limit. */
export const MAX_PARTY_SIZE = 50;

const PLAN_AHEAD_ID = /^[A-Za-z0-9_-]{22}$/;

/** The body of POST /api/waitlist/. */
export const joinRequestSchema = guestRequest({ rlid: rlidField, partySize: partySizeField(MAX_PARTY_SIZE), ...guestContactFields });

const estimateQuerySchema = z.object({
  rlid: queryInteger('rlid').pipe(rlidField),
  partySize: queryInteger(GUEST_FIELD_LABELS.partySize).optional().pipe(partySizeField(MAX_PARTY_SIZE).optional()),
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

function planAheadId(req: Request): string {
  const id = String(req.params.planAheadId ?? '');
  if (!PLAN_AHEAD_ID.test(id)) throw new ValidationError('That is not a wait-list id.');
  return id;
}

function noStore(res: Response): Response {
  return res.set('Cache-Control', 'no-store');
}

/** What a join needs of the app: the database, the clock and the join conditions kept so far. */
export interface JoinContext {
  db: Db;
  clock: Clock;
  knownConditions: KnownJoinConditions;
}

/**
 * A join posted to the API, from its JSON body: 201 with the new entry, or 200 with the entry
 * an earlier request with the same Idempotency-Key made; throws a ValidationError (400) for a
 * body that is not a join, and what joinWaitlist refuses with.
 */
export async function joinAnswer({ db, clock, knownConditions }: JoinContext, requestBody: unknown, idempotencyKey: string | null) {
  const parsed = joinRequestSchema.safeParse(requestBody);
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  const { created, ...state } = await joinWaitlist(db, { ...parsed.data, idempotencyKey }, clock(), knownConditions);
  return { status: created ? 201 : 200, body: entryResponse(state) };
}

/**
 * The wait-list API (SPEC §7): join, the current estimate, a guest's own status, and
 * cancelling. Errors are JSON `{error}` with 400, 404 or 409 (server/error-handler.ts).
 */
export function waitlistApiRouter({ db, clock, limitLookups, knownConditions }: WaitlistApiRouterOptions): RequestHandler {
  const router = Router();

  router.post(bothSlashes('/api/waitlist'), async (req, res) => {
    noStore(res);
    const { status, body } = await joinAnswer({ db, clock, knownConditions }, req.body, idempotencyKeyOf(req));
    res.status(status).json(body);
  });

  router.get(bothSlashes('/api/waitlist/estimate'), async (req, res) => {
    noStore(res);
    const parsed = estimateQuerySchema.safeParse(req.query);
    if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
    const estimate = await estimateForParty(db, parsed.data.rlid, parsed.data.partySize ?? TYPICAL_PARTY_SIZE, clock());
    res.json({ ...estimate, estimatedWaitTime: estimate.waitListReady ? formatWait(estimate.estimatedWaitMinutes) : null });
  });

  router.get(bothSlashes('/api/waitlist/:planAheadId'), limitLookups, async (req, res) => {
    noStore(res);
    const entry = await findEntry(db, planAheadId(req));
    if (!entry) return res.status(404).json({ error: 'No wait-list entry with that id.' });
    res.json(entryResponse(await stateOf(db, entry)));
  });

  router.delete(bothSlashes('/api/waitlist/:planAheadId'), limitLookups, async (req, res) => {
    noStore(res);
    res.json(entryResponse(await transitionEntry(db, planAheadId(req), 'cancelled', clock())));
  });

  return onlyUnder(['/api/waitlist'], router);
}
