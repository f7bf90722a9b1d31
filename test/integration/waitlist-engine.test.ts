import { expect } from 'chai';
import type { Db } from '../../server/db/database';
import { HttpError } from '../../server/errors';
import { closeLocationPermanently } from '../../server/models/location-directory';
import { getLocation, insertLocations } from '../../server/models/locations';
import { addWalkIn, joinConditionsCache, joinWaitlist, moveEntry, queueOf, transitionEntry, type JoinInput } from '../../server/models/waitlist/queue';
import { DEFAULT_TURN_SETTINGS, estimateForParty, saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { estimateWaitMinutes, formatWait, TYPICAL_PARTY_SIZE, type TurnSettings } from '../../server/models/waitlist/estimate';
import { seedDemoWaitlists } from '../../server/seed/demo-waitlists';
import { sql } from 'kysely';
import { testDb } from '../support/database';
import { testLocation, uniqueRlidBase } from '../support/locations';

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}

describe('wait-list engine', function () {
  this.timeout(120_000);
  let db: Db;
  let nextRlid = uniqueRlidBase();
  // The engine reads no clock of its own: every call is told the time.
  const now = new Date('2026-07-15T18:00:00Z');

  before(async () => {
    db = await testDb();
  });

  /** A location open around the clock with its wait list on (9 tables turning every 45 minutes). */
  async function openLocation(overrides: Parameters<typeof testLocation>[1] = {}): Promise<number> {
    const rlid = nextRlid++;
    await insertLocations(db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 8, ...overrides })]);
    await saveWaitlistSettings(db, { rlid, waitListOpen: overrides.waitListReady ?? true, maxPartySize: 8, turnTimeMinutes: 45, tables: 9 });
    return rlid;
  }

  const party = (rlid: number, name: string, extra: Partial<JoinInput> = {}): JoinInput => ({
    rlid,
    partySize: 2,
    firstName: name,
    lastName: 'Guest',
    phone: '(555) 555-0123',
    ...extra,
  });
  const positions = async (rlid: number) => (await queueOf(db, rlid)).active.map(({ entry }) => [entry.first_name, entry.position]);

  it('queues parties in order with estimates from the parties ahead, and shows the estimate on the location', async () => {
    const rlid = await openLocation();
    expect((await getLocation(db, rlid, now))?.estimatedWaitTime).to.equal('5 min');
    const first = await joinWaitlist(db, party(rlid, 'Ada'), now);
    const second = await joinWaitlist(db, party(rlid, 'Ben', { partySize: 4 }), now);
    expect(first).to.include({ created: true, estimatedWaitMinutes: 5 });
    expect(first.entry).to.include({ position: 1, status: 'waiting', source: 'online' });
    expect(first.entry.plan_ahead_id).to.match(/^[A-Za-z0-9_-]{22}$/);
    expect(second.entry.position).to.equal(2);
    expect(second.estimatedWaitMinutes).to.equal(10);
    const location = await getLocation(db, rlid, now);
    expect(location).to.include({ waitListReady: true, estimatedWaitTime: '15 min' });
  });

  it('makes one entry for a repeated idempotency key', async () => {
    const rlid = await openLocation();
    const once = await joinWaitlist(db, party(rlid, 'Cy', { idempotencyKey: 'double-click-1' }), now);
    const again = await joinWaitlist(db, party(rlid, 'Cy', { idempotencyKey: 'double-click-1' }), now);
    expect(again.created).to.equal(false);
    expect(again.entry.plan_ahead_id).to.equal(once.entry.plan_ahead_id);
    expect(await positions(rlid)).to.deep.equal([['Cy', 1]]);
  });

  it('answers a retry with its key as the first request was, also once the restaurant stopped taking joins', async () => {
    const rlid = await openLocation();
    const known = joinConditionsCache();
    const once = await joinWaitlist(db, party(rlid, 'Cy', { idempotencyKey: 'retry-when-off' }), now, known);
    await db.updateTable('locations').set({ wait_list_ready: false }).where('rlid', '=', rlid).execute();
    for (const conditions of [known, undefined]) {
      const again = await joinWaitlist(db, party(rlid, 'Cy', { idempotencyKey: 'retry-when-off' }), now, conditions);
      expect([again.created, again.entry.plan_ahead_id]).to.deep.equal([false, once.entry.plan_ahead_id]);
    }
    expect((await rejection(joinWaitlist(db, party(rlid, 'Cy', { idempotencyKey: 'another-party' }), now, known))).status).to.equal(409);
    expect((await rejection(joinWaitlist(db, party(rlid, 'Eve', { idempotencyKey: 'retry-when-off' }), now, known))).status).to.equal(422);
    expect(await positions(rlid)).to.deep.equal([['Cy', 1]]);
  });

  it('refuses closed, switched-off and unknown locations, and parties over the limit', async () => {
    const closedNow = await openLocation({ hours: [] });
    expect((await rejection(joinWaitlist(db, party(closedNow, 'Di'), now))).status).to.equal(409);
    const temporarilyClosed = await openLocation({ isTemporarilyClosed: true });
    expect((await rejection(joinWaitlist(db, party(temporarilyClosed, 'Di'), now))).message).to.equal('This restaurant is temporarily closed.');
    const closedForGood = await openLocation();
    await closeLocationPermanently(db, closedForGood);
    expect((await rejection(joinWaitlist(db, party(closedForGood, 'Di'), now))).message).to.equal('This restaurant has closed.');
    expect((await estimateForParty(db, closedForGood, TYPICAL_PARTY_SIZE, now)).waitListReady).to.equal(false);
    const off = await openLocation({ waitListReady: false });
    expect((await rejection(joinWaitlist(db, party(off, 'Di'), now))).message).to.equal('This restaurant is not taking wait-list parties right now.');
    expect((await rejection(joinWaitlist(db, party(nextRlid + 1000, 'Di'), now))).status).to.equal(404);
    const open = await openLocation();
    const tooMany = await rejection(joinWaitlist(db, party(open, 'Di', { partySize: 9 }), now));
    expect(tooMany.status).to.equal(400);
    expect(tooMany.message).to.include('more than 8');
    for (const rlid of [closedNow, temporarilyClosed, off, open]) expect(await positions(rlid)).to.deep.equal([]);
  });

  it('closes the gap when a party is seated, cancelled or a no-show, and refuses forbidden changes', async () => {
    const rlid = await openLocation();
    const byName = new Map<string, string>();
    for (const name of ['A', 'B', 'C', 'D']) byName.set(name, (await joinWaitlist(db, party(rlid, name), now)).entry.plan_ahead_id);

    const notified = await transitionEntry(db, byName.get('A')!, 'notified', now);
    expect(notified).to.deep.include({ estimatedWaitMinutes: 0 });
    expect(notified.entry.notified_at).to.be.instanceOf(Date);
    await transitionEntry(db, byName.get('B')!, 'cancelled', now);
    const seated = await transitionEntry(db, byName.get('A')!, 'seated', now);
    expect(seated.entry).to.include({ status: 'seated', position: null });
    expect(seated.estimatedWaitMinutes).to.equal(null);
    expect((await positions(rlid)).map(([name, position]) => `${name}${position}`)).to.deep.equal(['C1', 'D2']);

    const forbidden = await rejection(transitionEntry(db, byName.get('A')!, 'cancelled', now));
    expect(forbidden.status).to.equal(409);
    expect(forbidden.message).to.equal('A party that is seated cannot be marked cancelled.');
    await transitionEntry(db, byName.get('C')!, 'no_show', now);
    expect(await positions(rlid)).to.deep.equal([['D', 1]]);
    expect((await getLocation(db, rlid, now))?.estimatedWaitTime).to.equal('10 min');
  });

  it('moves a party up or down the queue, shifting the parties between', async () => {
    const rlid = await openLocation();
    const ids: string[] = [];
    for (const name of ['P', 'Q', 'R', 'S']) ids.push((await joinWaitlist(db, party(rlid, name), now)).entry.plan_ahead_id);
    await moveEntry(db, ids[3]!, 1);
    expect(await positions(rlid)).to.deep.equal([
      ['S', 1],
      ['P', 2],
      ['Q', 3],
      ['R', 4],
    ]);
    await moveEntry(db, ids[0]!, 99);
    expect(await positions(rlid)).to.deep.equal([
      ['S', 1],
      ['Q', 2],
      ['R', 3],
      ['P', 4],
    ]);
  });

  it('takes walk-ins at the host stand even while online joining is off', async () => {
    const rlid = await openLocation({ waitListReady: false });
    const walkIn = await addWalkIn(db, party(rlid, 'Walker'));
    expect(walkIn.entry).to.include({ source: 'walk_in', position: 1 });
  });

  it('gives 200 concurrent joins distinct, gapless positions', async () => {
    const rlid = await openLocation();
    const joins = await Promise.all(Array.from({ length: 200 }, (_, index) => joinWaitlist(db, party(rlid, `Guest ${index}`), now)));
    const taken = joins.map((join) => join.entry.position).sort((x, y) => x! - y!);
    expect(taken).to.deep.equal(Array.from({ length: 200 }, (_, index) => index + 1));
    expect(new Set(joins.map((join) => join.entry.plan_ahead_id)).size).to.equal(200);
    // Whichever join finished last, the location shows the wait behind all 200.
    const expected = (await estimateForParty(db, rlid, TYPICAL_PARTY_SIZE, now)).estimatedWaitMinutes;
    expect((await getLocation(db, rlid, now))?.estimatedWaitTime).to.equal(formatWait(expected));
  });

  it('keeps positions gapless while parties join and leave at once', async () => {
    const rlid = await openLocation();
    const first = await Promise.all(Array.from({ length: 20 }, (_, index) => joinWaitlist(db, party(rlid, `Early ${index}`), now)));
    await Promise.all([
      ...first.filter((_, index) => index % 3 === 0).map(({ entry }) => transitionEntry(db, entry.plan_ahead_id, 'seated', now)),
      ...Array.from({ length: 20 }, (_, index) => joinWaitlist(db, party(rlid, `Late ${index}`), now)),
    ]);
    const queue = await positions(rlid);
    expect(queue.map(([, position]) => position)).to.deep.equal(Array.from({ length: 33 }, (_, index) => index + 1));
    const { waitlist_active: counted } = await db.selectFrom('locations').select('waitlist_active').where('rlid', '=', rlid).executeTakeFirstOrThrow();
    expect(counted).to.equal(33);
  });

  it('makes one entry of concurrent joins with one Idempotency-Key', async () => {
    const rlid = await openLocation();
    const joins = await Promise.all(Array.from({ length: 5 }, () => joinWaitlist(db, party(rlid, 'Dot', { idempotencyKey: 'retry-storm-1' }), now)));
    expect(new Set(joins.map((join) => join.entry.plan_ahead_id)).size).to.equal(1);
    expect(joins.filter((join) => join.created)).to.have.length(1);
    expect(await positions(rlid)).to.deep.equal([['Dot', 1]]);
  });

  it('seeds demo wait lists only for the demo restaurants it is given, leaving others as they are', async () => {
    const other = await openLocation();
    const demo = await openLocation();
    await db.deleteFrom('waitlist_settings').where('rlid', '=', demo).execute();
    await seedDemoWaitlists(db, [demo]);
    expect(await db.selectFrom('waitlist_settings').select(['turn_time_minutes', 'tables']).where('rlid', '=', other).executeTakeFirstOrThrow()).to.deep.equal({
      turn_time_minutes: 45,
      tables: 9,
    });
    expect(await db.selectFrom('waitlist_settings').select('rlid').where('rlid', '=', demo).execute()).to.have.length(1);
    expect(await positions(other)).to.deep.equal([]);
  });

  // The headline estimate is worked out in SQL, by the trigger that counts each queue (migration
  // 0030), and per party in TypeScript: these tests hold the two to the same answers.
  describe('headline estimate', () => {
    async function location(settings?: TurnSettings, waitListReady = true): Promise<number> {
      const rlid = nextRlid++;
      await insertLocations(db, [testLocation(rlid, { waitListReady, estimatedWaitTime: 'as imported' })]);
      if (settings) await saveWaitlistSettings(db, { rlid, waitListOpen: waitListReady, maxPartySize: 8, ...settings });
      return rlid;
    }

    /** What the site shows for a typical party joining behind `active` parties, by the TypeScript estimate. */
    const expected = (active: number, settings: TurnSettings) => formatWait(estimateWaitMinutes(active, TYPICAL_PARTY_SIZE, settings));
    const shown = async (rlid: number) => (await getLocation(db, rlid, now))?.estimatedWaitTime;
    const walkIn = { partySize: 3, firstName: 'Walk', lastName: 'In', phone: '(555) 555-0123' };

    it('matches the TypeScript estimate for every queue length up to 400, under many turn settings and the defaults', async () => {
      const grid: (TurnSettings | undefined)[] = [undefined];
      for (const turnTimeMinutes of [5, 7, 20, 45, 90, 240]) for (const tables of [1, 3, 9, 12, 40, 500]) grid.push({ turnTimeMinutes, tables });
      for (const settings of grid) {
        const rlid = await location(settings);
        const { rows } = await sql<{ active: number; headline: string }>`
          select active, waitlist_headline(${rlid}, true, active) as headline from generate_series(0, 400) as active`.execute(db);
        const mismatches = rows.filter(({ active, headline }) => headline !== expected(active, settings ?? DEFAULT_TURN_SETTINGS));
        expect(mismatches, `turn settings ${JSON.stringify(settings ?? 'default')}`).to.deep.equal([]);
      }
    });

    it('is stored on the location by every change of the queue, and cleared where the wait list is off', async () => {
      const settings = { turnTimeMinutes: 60, tables: 4 };
      const rlid = await location(settings);
      const first = await addWalkIn(db, { rlid, ...walkIn });
      const second = await addWalkIn(db, { rlid, ...walkIn });
      expect(await shown(rlid)).to.equal(expected(2, settings));
      await transitionEntry(db, first.entry.plan_ahead_id, 'seated', now);
      expect(await shown(rlid)).to.equal(expected(1, settings));
      await db.deleteFrom('waitlist_entries').where('id', '=', second.entry.id).execute();
      expect(await shown(rlid)).to.equal(expected(0, settings));
      expect(await db.selectFrom('locations').select('waitlist_active').where('rlid', '=', rlid).executeTakeFirstOrThrow()).to.deep.equal({ waitlist_active: 0 });

      const off = await location(undefined, false);
      expect(await shown(off)).to.equal('as imported');
      await addWalkIn(db, { rlid: off, ...walkIn });
      expect(await shown(off)).to.equal(undefined);
    });

    it('answers 404 for a walk-in at a location that does not exist', async () => {
      expect(await rejection(addWalkIn(db, { rlid: nextRlid++, ...walkIn }))).to.have.property('status', 404);
    });
  });
});
