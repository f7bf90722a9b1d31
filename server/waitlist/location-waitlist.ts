/**
 * A location's side of the wait list: its row (locked by every change, so changes at one location
 * take turns), its turn settings, the parties in its queue, its headline estimate, and the
 * estimate for a party about to join.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import { NotFoundError } from '../errors';
import { estimateWaitMinutes, formatWait, TYPICAL_PARTY_SIZE, type TurnSettings } from './estimate';
import { acceptsOnlineJoins } from './readiness';
import { ACTIVE_STATUSES } from './transitions';

/** Turn settings of a location that has never saved its own. */
export const DEFAULT_TURN_SETTINGS: TurnSettings = { turnTimeMinutes: 45, tables: 12 };

/** What the wait list reads of a location row; 404 when there is none. With `lock`, held until the transaction ends. */
async function waitlistLocation(db: Db, rlid: number, { lock = false } = {}) {
  const location = await db
    .selectFrom('locations')
    .select(['rlid', 'time_zone', 'is_temporarily_closed', 'permanently_closed_at', 'wait_list_ready', 'wait_list_max_party_size'])
    .where('rlid', '=', rlid)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!location) throw new NotFoundError(`No location with rlid ${rlid}.`);
  return location;
}

/** The location row, locked until the transaction ends: changes at one location take turns. */
export function lockLocation(trx: Db, rlid: number) {
  return waitlistLocation(trx, rlid, { lock: true });
}

/** A location's turn settings, the defaults when it has saved none. */
export async function turnSettings(db: Db, rlid: number): Promise<TurnSettings> {
  const row = await db.selectFrom('waitlist_settings').select(['turn_time_minutes', 'tables']).where('rlid', '=', rlid).executeTakeFirst();
  return row ? { turnTimeMinutes: row.turn_time_minutes, tables: row.tables } : DEFAULT_TURN_SETTINGS;
}

/** How many parties hold a place in the location's queue. */
export async function activeCount(db: Db, rlid: number): Promise<number> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('rlid', '=', rlid)
    .where('status', 'in', ACTIVE_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The operation hours of a location, for "is it open now". */
export async function operationHours(db: Db, rlid: number) {
  const rows = await db.selectFrom('location_hours').select(['day_of_week', 'open', 'close']).where('location_rlid', '=', rlid).where('kind', '=', 'operation').execute();
  return rows.map((row) => ({ dayOfWeek: row.day_of_week, open: row.open, close: row.close }));
}

/** Stores the headline estimate (a typical party joining now) on the location, or clears it when the wait list is off. */
export async function refreshLocationEstimate(trx: Db, rlid: number, known: { waitListOn?: boolean | null; active?: number; settings?: TurnSettings } = {}): Promise<void> {
  const waitListOn = known.waitListOn ?? (await trx.selectFrom('locations').select('wait_list_ready').where('rlid', '=', rlid).executeTakeFirstOrThrow()).wait_list_ready;
  const estimate = waitListOn
    ? formatWait(estimateWaitMinutes(known.active ?? (await activeCount(trx, rlid)), TYPICAL_PARTY_SIZE, known.settings ?? (await turnSettings(trx, rlid))))
    : null;
  await trx.updateTable('locations').set({ estimated_wait_time: estimate }).where('rlid', '=', rlid).execute();
}

/** What a host may change about a location's wait list. */
export interface WaitlistSettingsInput {
  rlid: number;
  waitListOpen: boolean;
  maxPartySize: number;
  turnTimeMinutes: number;
  tables: number;
}

/** Saves a location's wait-list switch, party limit and turn settings, and refreshes its estimate. */
export async function saveWaitlistSettings(db: Db, input: WaitlistSettingsInput): Promise<void> {
  await withTransaction(db, async (trx) => {
    await lockLocation(trx, input.rlid);
    await trx.updateTable('locations').set({ wait_list_ready: input.waitListOpen, wait_list_max_party_size: input.maxPartySize }).where('rlid', '=', input.rlid).execute();
    await trx
      .insertInto('waitlist_settings')
      .values({ rlid: input.rlid, turn_time_minutes: input.turnTimeMinutes, tables: input.tables })
      .onConflict((oc) => oc.column('rlid').doUpdateSet({ turn_time_minutes: input.turnTimeMinutes, tables: input.tables, updated_at: sql`now()` }))
      .execute();
    await refreshLocationEstimate(trx, input.rlid);
  });
}

/** A location's live wait-list readiness and the wait a party of `partySize` joining now would have. */
export interface PartyEstimate {
  rlid: number;
  /** Null when the location has never had a wait list. */
  waitListReady: boolean | null;
  partiesWaiting: number;
  estimatedWaitMinutes: number;
  maxPartySize: number | null;
}

/** The estimate for a party joining now (a typical party when no size is given); 404 for an unknown location. */
export async function estimateForParty(db: Db, rlid: number, partySize: number, now: Date): Promise<PartyEstimate> {
  const location = await waitlistLocation(db, rlid);
  const partiesWaiting = await activeCount(db, rlid);
  return {
    rlid,
    waitListReady: location.wait_list_ready === null ? null : acceptsOnlineJoins(location, await operationHours(db, rlid), now),
    partiesWaiting,
    estimatedWaitMinutes: estimateWaitMinutes(partiesWaiting, partySize, await turnSettings(db, rlid)),
    maxPartySize: location.wait_list_max_party_size,
  };
}
