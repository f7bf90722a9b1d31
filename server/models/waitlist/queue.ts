/**
 * The wait-list engine: joining, status changes and reordering, per location. Every
 * change locks the location's row first, so concurrent changes at one location take turns and
 * positions stay gapless (1..n among waiting and notified parties); the trigger that counts the
 * queue stores the location's headline estimate, which the site shows as estimatedWaitTime.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { LRUCache } from 'lru-cache';
import { compiledOnce, type Slots } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import type { WaitlistEntriesTable, WaitlistEntry, WaitlistStatus } from '../../db/schema';
import { withTransaction } from '../../db/transaction';
import { ConflictError, NotFoundError, ValidationError, type HttpError } from '../../errors';
import { earlierRequest, requestHash } from '../idempotency';
import { guestContactColumns, type GuestContactInput } from '../guest-contact';
import { estimateWaitMinutes } from './estimate';
import { JOIN_CONDITIONS_FINGERPRINT, joinConditions, lockLocation, turnSettings, type JoinConditions } from './location-waitlist';
import { acceptsOnlineJoins } from './readiness';
import { ACTIVE_STATUSES, canTransition, isActive, STATUS_TIME_COLUMN } from './transitions';

/** How long after a party left the queue a host may still put it back in its place. */
export const RESTORE_WINDOW_MINUTES = 5;

/** A new party: who, how many, and how to reach them. */
export interface JoinInput extends GuestContactInput {
  rlid: number;
  partySize: number;
  /** The same key twice makes one entry: a double click or a retried request. */
  idempotencyKey?: string | null;
}

/** An entry with where it stands now. */
export interface EntryState {
  entry: WaitlistEntry;
  /** Minutes until seating for a party still waiting; 0 once notified; null once out of the queue. */
  estimatedWaitMinutes: number | null;
}

/** The plan_ahead_id of a new entry: 128 random bits, URL-safe. */
export function newPlanAheadId(): string {
  return randomBytes(16).toString('base64url');
}

/** What a new entry stores but its position, in the order the insert names them. */
const ENTRY_COLUMNS = ['plan_ahead_id', 'rlid', 'party_size', 'first_name', 'last_name', 'phone', 'email', 'note', 'source', 'idempotency_key', 'idempotency_request_hash'] as const;

type EntryColumns = Pick<Insertable<WaitlistEntriesTable>, (typeof ENTRY_COLUMNS)[number]>;

/**
 * The insert of a party at the end of a location's queue; with `decided`, only while the
 * location's join conditions have the fingerprint `decidedOn`.
 */
function entryInsert(decided: boolean) {
  return compiledOnce((db: Db, entry: Slots<Required<EntryColumns> & { decidedOn: string | null }>) =>
    db
      .with('location', (qb) =>
        qb
          .selectFrom('locations')
          .select('waitlist_active')
          .where('rlid', '=', entry.rlid)
          .$if(decided, (where) => where.where(JOIN_CONDITIONS_FINGERPRINT, '=', entry.decidedOn))
          .forUpdate(),
      )
      .insertInto('waitlist_entries')
      .columns([...ENTRY_COLUMNS, 'position'])
      .expression((eb) => eb.selectFrom('location').select([...ENTRY_COLUMNS.map((name) => eb.val(entry[name]).as(name)), sql<number>`waitlist_active + 1`.as('position')]))
      .onConflict((oc) => oc.columns(['rlid', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
      .returningAll(),
  );
}

const insertUnchecked = entryInsert(false);
const insertIfStillDecided = entryInsert(true);

/**
 * Inserts a party at the end of the location's queue in one statement: it takes the location's
 * row lock and reads the count of parties in the queue (the trigger on entries keeps it, and
 * the lock waits for any change under way, then sees its result), so positions stay gapless
 * while the lock lasts only as long as the statement, which the trigger's new headline
 * estimate is part of. With `decidedOn`, only while the location's join conditions still have
 * that fingerprint. Undefined when nothing was inserted: the conditions changed, or a request
 * with the same Idempotency-Key made its entry first.
 */
async function insertEntry(
  db: Db,
  input: JoinInput,
  source: 'online' | 'walk_in',
  { idempotencyRequestHash = null, decidedOn }: { idempotencyRequestHash?: string | null; decidedOn?: string } = {},
): Promise<WaitlistEntry | undefined> {
  const entry = {
    plan_ahead_id: newPlanAheadId(),
    rlid: input.rlid,
    party_size: input.partySize,
    ...guestContactColumns(input),
    source,
    idempotency_key: input.idempotencyKey ?? null,
    idempotency_request_hash: idempotencyRequestHash,
    decidedOn: decidedOn ?? null,
  };
  const [inserted] = await (decidedOn === undefined ? insertUnchecked : insertIfStillDecided)(db, entry);
  return inserted;
}

/** Why a party may not join under these conditions now, or undefined when it may. */
function refusal({ location, hours }: JoinConditions, partySize: number, now: Date): HttpError | undefined {
  if (location.permanently_closed_at) return new ConflictError('This restaurant has closed.');
  if (location.is_temporarily_closed) return new ConflictError('This restaurant is temporarily closed.');
  if (!location.wait_list_ready) return new ConflictError('This restaurant is not taking wait-list parties right now.');
  if (!acceptsOnlineJoins(location, hours, now)) return new ConflictError('This restaurant is closed now; join the wait list during opening hours.');
  const maxPartySize = location.wait_list_max_party_size;
  if (maxPartySize !== null && partySize > maxPartySize) {
    return new ValidationError(`Parties of more than ${maxPartySize} cannot join the wait list online; please call the restaurant.`);
  }
  return undefined;
}

/**
 * The join conditions of the locations a process has taken joins for, so that a join is two
 * round trips (the rate limit's and the insert's) rather than three; each is used only while its
 * fingerprint still matches the location's, checked by the insert under the row lock.
 */
export function joinConditionsCache(): KnownJoinConditions {
  return new LRUCache<number, JoinConditions>({ max: 2_000 });
}

/** Join conditions kept by location. */
export interface KnownJoinConditions {
  get(rlid: number): JoinConditions | undefined;
  set(rlid: number, conditions: JoinConditions): unknown;
}

/**
 * Adds a party that joined online. Refused (409) when the location is not taking online
 * joins now, 400 when the party is larger than the location seats from the wait list. A
 * repeated idempotency key returns the first entry with `created` false, only for the same
 * request (422 for another). With `known`, conditions kept from an earlier join decide, and the
 * insert goes ahead only if they are still the location's; otherwise, as without, they are read.
 */
export async function joinWaitlist(db: Db, input: JoinInput, now: Date, known?: KnownJoinConditions): Promise<EntryState & { created: boolean }> {
  const { idempotencyKey, ...request } = input;
  const hash = requestHash(request);
  const idempotencyRequestHash = idempotencyKey ? hash : null;
  // The first request's entry, for a retry with its key: looked for when the insert meets it, or
  // before a refusal, so that a retry is answered as the first request was, also once the
  // location stopped taking joins; a first request with a key is as many round trips as one without.
  const retried = async () => {
    const earlier = await earlierRequest(db, 'waitlist_entries', input.rlid, idempotencyKey, hash);
    return earlier && { ...(await stateOf(db, earlier)), created: false };
  };
  const joined = (entry: WaitlistEntry, { settings }: JoinConditions) => ({
    entry,
    estimatedWaitMinutes: estimateWaitMinutes(entry.position! - 1, entry.party_size, settings),
    created: true,
  });
  // Kept conditions never refuse a party: a location that has opened since would be refused.
  const kept = known?.get(input.rlid);
  if (kept && !refusal(kept, input.partySize, now)) {
    const entry = await insertEntry(db, input, 'online', { idempotencyRequestHash, decidedOn: kept.fingerprint });
    if (entry) return joined(entry, kept);
    const answered = await retried();
    if (answered) return answered;
  }
  // Read without the lock: a location closing a moment before a join is as if it closed just after.
  const conditions = await joinConditions(db, input.rlid);
  known?.set(input.rlid, conditions);
  const refused = refusal(conditions, input.partySize, now);
  if (refused) {
    const answered = await retried();
    if (answered) return answered;
    throw refused;
  }
  const entry = await insertEntry(db, input, 'online', { idempotencyRequestHash });
  if (!entry) {
    // An entry with the same key is stored: this request's retry, or another request's (422).
    const winner = await retried();
    if (!winner) throw new Error('An entry with this Idempotency-Key was refused as a duplicate, yet none is stored.');
    return winner;
  }
  return joined(entry, conditions);
}

/** Stores parties already in line (a seeded queue), each at the position it is given; the caller keeps positions gapless. */
export async function insertQueuedEntries(db: Db, entries: ReadonlyArray<Insertable<WaitlistEntriesTable>>): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('waitlist_entries')
    .values([...entries])
    .execute();
}

/** Adds a party at the host stand: walk-ins are taken whenever the host adds them. */
export async function addWalkIn(db: Db, input: Omit<JoinInput, 'idempotencyKey'>): Promise<EntryState> {
  // Walk-ins carry no Idempotency-Key: nothing conflicts, and no row means no such location.
  const entry = await insertEntry(db, input, 'walk_in');
  if (!entry) throw new NotFoundError(`No location with rlid ${input.rlid}.`);
  return stateOf(db, entry);
}

/** Where an entry stands: its estimate comes from the parties ahead of it. */
export async function stateOf(db: Db, entry: WaitlistEntry): Promise<EntryState> {
  if (entry.status === 'notified') return { entry, estimatedWaitMinutes: 0 };
  if (entry.status !== 'waiting' || entry.position === null) return { entry, estimatedWaitMinutes: null };
  return { entry, estimatedWaitMinutes: estimateWaitMinutes(entry.position - 1, entry.party_size, await turnSettings(db, entry.rlid)) };
}

/** An entry by the guest's plan_ahead_id, or undefined. */
export async function findEntry(db: Db, planAheadId: string): Promise<WaitlistEntry | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('plan_ahead_id', '=', planAheadId).executeTakeFirst();
}

/**
 * The entry with this plan_ahead_id at this location, or undefined (also for another location's
 * entry). With `lock`, read under the location's row lock, the lock every queue change takes first.
 */
export async function entryAt(db: Db, rlid: number, planAheadId: string, { lock = false } = {}): Promise<WaitlistEntry | undefined> {
  if (lock) await lockLocation(db, rlid);
  const entry = await findEntry(db, planAheadId);
  return entry?.rlid === rlid ? entry : undefined;
}

/**
 * Moves an entry to another status. Leaving the queue (seated, cancelled, no-show) closes the
 * gap behind it. A change the status does not allow answers 409.
 */
export async function transitionEntry(db: Db, planAheadId: string, to: WaitlistStatus, now: Date): Promise<EntryState> {
  return withTransaction(db, async (trx) => {
    const found = await findEntry(trx, planAheadId);
    if (!found) throw new NotFoundError('No wait-list entry with that id.');
    await lockLocation(trx, found.rlid);
    const entry = await trx.selectFrom('waitlist_entries').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    if (!canTransition(entry.status, to)) throw new ConflictError(`A party that is ${entry.status.replace('_', '-')} cannot be marked ${to.replace('_', '-')}.`);
    const timeColumn = STATUS_TIME_COLUMN[to as keyof typeof STATUS_TIME_COLUMN];
    const leaves = !isActive(to);
    const updated = await trx
      .updateTable('waitlist_entries')
      .set({ status: to, ...(timeColumn ? { [timeColumn]: now } : {}), ...(leaves ? { position: null, left_position: entry.position } : {}) })
      .where('id', '=', entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (leaves && entry.position !== null) {
      await trx
        .updateTable('waitlist_entries')
        .set({ position: sql`position - 1` })
        .where('rlid', '=', entry.rlid)
        .where('position', '>', entry.position)
        .execute();
    }
    return stateOf(trx, updated);
  });
}

/**
 * Puts a party that left the queue (seated, no-show, cancelled) back at the place it held, as
 * waiting or notified as it was, shifting the parties from there down one; only within
 * RESTORE_WINDOW_MINUTES of leaving (409 after, or for a party still in the queue).
 */
export async function restoreEntry(db: Db, planAheadId: string, now: Date): Promise<EntryState & { from: WaitlistStatus }> {
  return withTransaction(db, async (trx) => {
    const found = await findEntry(trx, planAheadId);
    if (!found) throw new NotFoundError('No wait-list entry with that id.');
    const { waitlist_active: active } = await lockLocation(trx, found.rlid);
    const entry = await trx.selectFrom('waitlist_entries').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    const party = `${entry.first_name} ${entry.last_name}`;
    if (isActive(entry.status)) throw new ConflictError(`${party} is still in the queue.`);
    const timeColumn = STATUS_TIME_COLUMN[entry.status as keyof typeof STATUS_TIME_COLUMN];
    const leftAt = entry[timeColumn];
    if (entry.left_position === null || leftAt === null || now.getTime() - leftAt.getTime() > RESTORE_WINDOW_MINUTES * 60_000) {
      throw new ConflictError(`${party} left the queue more than ${RESTORE_WINDOW_MINUTES} minutes ago and can no longer be put back; add them again as a walk-in.`);
    }
    const position = Math.min(entry.left_position, active + 1);
    await trx
      .updateTable('waitlist_entries')
      .set({ position: sql`position + 1` })
      .where('rlid', '=', entry.rlid)
      .where('position', '>=', position)
      .execute();
    // Notified parties were told their table is ready; they go back as notified.
    const updated = await trx
      .updateTable('waitlist_entries')
      .set({ status: entry.notified_at ? 'notified' : 'waiting', position, left_position: null, [timeColumn]: null })
      .where('id', '=', entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...(await stateOf(trx, updated)), from: entry.status };
  });
}

/** Moves a waiting party to `position` (1 = next), shifting the parties between. */
export async function moveEntry(db: Db, planAheadId: string, position: number): Promise<EntryState> {
  return withTransaction(db, async (trx) => {
    const found = await findEntry(trx, planAheadId);
    if (!found) throw new NotFoundError('No wait-list entry with that id.');
    const { waitlist_active: last } = await lockLocation(trx, found.rlid);
    const entry = await trx.selectFrom('waitlist_entries').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
    if (entry.position === null) throw new ConflictError('Only parties still in the queue can be moved.');
    const target = Math.min(Math.max(1, Math.trunc(position)), last);
    if (target !== entry.position) {
      const [from, to] = [entry.position, target];
      await trx
        .updateTable('waitlist_entries')
        .set({ position: from < to ? sql`position - 1` : sql`position + 1` })
        .where('rlid', '=', entry.rlid)
        .where('position', '>=', Math.min(from, to))
        .where('position', '<=', Math.max(from, to))
        .where('id', '!=', entry.id)
        .execute();
      await trx.updateTable('waitlist_entries').set({ position: target }).where('id', '=', entry.id).execute();
    }
    return stateOf(trx, await trx.selectFrom('waitlist_entries').selectAll().where('id', '=', entry.id).executeTakeFirstOrThrow());
  });
}

/** The location's queue in order, and the parties that left it today (newest first) for the host stand. */
export async function queueOf(db: Db, rlid: number): Promise<{ active: EntryState[]; recent: WaitlistEntry[] }> {
  const active = await db.selectFrom('waitlist_entries').selectAll().where('rlid', '=', rlid).where('status', 'in', ACTIVE_STATUSES).orderBy('position').execute();
  const recent = await db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('rlid', '=', rlid)
    .where('status', 'not in', ACTIVE_STATUSES)
    .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  const settings = await turnSettings(db, rlid);
  return {
    active: active.map((entry) => ({
      entry,
      estimatedWaitMinutes: entry.status === 'notified' ? 0 : estimateWaitMinutes((entry.position ?? 1) - 1, entry.party_size, settings),
    })),
    recent,
  };
}
