/**
 * A location's side of the wait list: its row (locked by every change, so changes at one location
 * take turns), its turn settings, the parties in its queue, its headline estimate, and the
 * estimate for a party about to join.
 */
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { NotFoundError } from '../../errors';
import { estimateWaitMinutes, type TurnSettings } from './estimate';
import { acceptsOnlineJoins } from './readiness';

/** Turn settings of a location that has never saved its own. */
export const DEFAULT_TURN_SETTINGS: TurnSettings = { turnTimeMinutes: 45, tables: 12 };

/** The columns of a location row whether a party may join depends on. */
const JOIN_DECIDED_BY = ['time_zone', 'is_temporarily_closed', 'permanently_closed_at', 'wait_list_ready', 'wait_list_max_party_size'] as const;
/** The columns of a location row the wait list decides by, besides its rlid. */
const WAITLIST_LOCATION_COLUMNS = [...JOIN_DECIDED_BY, 'waitlist_active'] as const;

/**
 * Everything a join is decided by, as one short value the database works out for a `locations`
 * row: the row's columns above, its operation hours and its turn settings (which the party's
 * estimate comes from). A join decided on conditions kept from an earlier one inserts only while
 * this is still what it was.
 */
export const JOIN_CONDITIONS_FINGERPRINT = sql<string>`md5(row(
  ${sql.join(JOIN_DECIDED_BY.map((column) => sql.ref(`locations.${column}`)))},
  (select array_agg(row(day_of_week, open, close) order by day_of_week, open, close) from location_hours where location_rlid = locations.rlid and kind = 'operation'),
  (select row(turn_time_minutes, tables) from waitlist_settings where waitlist_settings.rlid = locations.rlid)
)::text)`;

/** What the wait list reads of a location row; 404 when there is none. With `lock`, held until the transaction ends. */
async function waitlistLocation(db: Db, rlid: number, { lock = false } = {}) {
  const location = await db
    .selectFrom('locations')
    .select(['rlid', ...WAITLIST_LOCATION_COLUMNS])
    .where('rlid', '=', rlid)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!location) throw new NotFoundError(`No location with rlid ${rlid}.`);
  return location;
}

/** The location row (with its count of parties in the queue), its turn settings and its operation hours. */
function conditionsQuery(db: Db, rlid: number) {
  return db
    .selectFrom('locations')
    .leftJoin('waitlist_settings', 'waitlist_settings.rlid', 'locations.rlid')
    .select((eb) => [
      'locations.rlid',
      ...WAITLIST_LOCATION_COLUMNS,
      'turn_time_minutes',
      'tables',
      jsonArrayFrom(
        eb.selectFrom('location_hours').select(['day_of_week as dayOfWeek', 'open', 'close']).whereRef('location_rlid', '=', 'locations.rlid').where('kind', '=', 'operation'),
      ).as('hours'),
    ])
    .where('locations.rlid', '=', rlid);
}

type ConditionsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof conditionsQuery>['executeTakeFirst']>>>;

function conditionsFrom({ turn_time_minutes: turnTimeMinutes, tables, hours, ...location }: ConditionsRow) {
  const settings = turnTimeMinutes !== null && tables !== null ? { turnTimeMinutes, tables } : DEFAULT_TURN_SETTINGS;
  return { location, hours, settings };
}

/**
 * What an estimate needs, in one round trip: the location row (with its count of parties in the
 * queue), its operation hours and its turn settings; 404 when there is no such location.
 */
export async function waitlistConditions(db: Db, rlid: number) {
  const row = await conditionsQuery(db, rlid).executeTakeFirst();
  if (!row) throw new NotFoundError(`No location with rlid ${rlid}.`);
  return conditionsFrom(row);
}

/** What deciding on a join needs: the same, with the fingerprint of them all, in the same round trip. */
export async function joinConditions(db: Db, rlid: number) {
  const row = await conditionsQuery(db, rlid).select(JOIN_CONDITIONS_FINGERPRINT.as('fingerprint')).executeTakeFirst();
  if (!row) throw new NotFoundError(`No location with rlid ${rlid}.`);
  const { fingerprint, ...conditions } = row;
  return { ...conditionsFrom(conditions), fingerprint };
}

/** What a join at a location was decided on. */
export type JoinConditions = Awaited<ReturnType<typeof joinConditions>>;

/**
 * The location row, locked until the transaction ends: changes at one location take turns. Its
 * `waitlist_active` counts the parties in the queue as the last committed change left it.
 */
export function lockLocation(trx: Db, rlid: number) {
  return waitlistLocation(trx, rlid, { lock: true });
}

/** A location's turn settings, the defaults when it has saved none. */
export async function turnSettings(db: Db, rlid: number): Promise<TurnSettings> {
  const row = await db.selectFrom('waitlist_settings').select(['turn_time_minutes', 'tables']).where('rlid', '=', rlid).executeTakeFirst();
  return row ? { turnTimeMinutes: row.turn_time_minutes, tables: row.tables } : DEFAULT_TURN_SETTINGS;
}

/**
 * Stores the headline estimate (a typical party joining now) on the locations, or clears it where
 * the wait list is off: after a switch or turn settings change. Every change of a queue's length
 * stores its own, in the trigger that counts the queue (migration 0030).
 */
export async function refreshLocationEstimates(trx: Db, rlids: readonly number[]): Promise<void> {
  await trx
    .updateTable('locations')
    .set({ estimated_wait_time: sql<string | null>`waitlist_headline(rlid, wait_list_ready, waitlist_active)` })
    .where('rlid', 'in', rlids)
    .execute();
}

/** The locations among these whose wait list is on, in rlid order. */
export async function locationsWithWaitListOn(db: Db, rlids: readonly number[]): Promise<number[]> {
  if (rlids.length === 0) return [];
  const rows = await db
    .selectFrom('locations')
    .select('rlid')
    .where('wait_list_ready', '=', true)
    .where('rlid', 'in', [...rlids])
    .orderBy('rlid')
    .execute();
  return rows.map((row) => row.rlid);
}

/** Stores the turn settings of locations that have saved none yet (a seeded chain's). */
export async function insertTurnSettings(db: Db, settings: ReadonlyArray<TurnSettings & { rlid: number }>): Promise<void> {
  if (settings.length === 0) return;
  await db
    .insertInto('waitlist_settings')
    .values(settings.map(({ rlid, turnTimeMinutes, tables }) => ({ rlid, turn_time_minutes: turnTimeMinutes, tables })))
    .execute();
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
    await refreshLocationEstimates(trx, [input.rlid]);
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
  const { location, hours, settings } = await waitlistConditions(db, rlid);
  return {
    rlid,
    waitListReady: location.wait_list_ready === null ? null : acceptsOnlineJoins(location, hours, now),
    partiesWaiting: location.waitlist_active,
    estimatedWaitMinutes: estimateWaitMinutes(location.waitlist_active, partySize, settings),
    maxPartySize: location.wait_list_max_party_size,
  };
}
