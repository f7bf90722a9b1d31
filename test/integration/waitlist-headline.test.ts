import { expect } from 'chai';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { getLocation, insertLocations } from '../../server/models/locations';
import { addWalkIn, transitionEntry } from '../../server/waitlist/queue';
import { DEFAULT_TURN_SETTINGS, saveWaitlistSettings } from '../../server/waitlist/location-waitlist';
import { estimateWaitMinutes, formatWait, TYPICAL_PARTY_SIZE, type TurnSettings } from '../../server/waitlist/estimate';
import { testDb } from '../support/database';
import { testLocation, uniqueRlidBase } from '../support/locations';

// The headline estimate is worked out in SQL, by the trigger that counts each queue (migration
// 0030), and per party in TypeScript: these tests hold the two to the same answers.
describe('wait-list headline estimate', function () {
  this.timeout(120_000);
  let db: Db;
  let nextRlid = uniqueRlidBase();
  const now = new Date('2026-07-15T18:00:00Z');

  before(async () => {
    db = await testDb();
  });

  async function location(settings?: TurnSettings, waitListReady = true): Promise<number> {
    const rlid = nextRlid++;
    await insertLocations(db, [testLocation(rlid, { waitListReady, estimatedWaitTime: 'as imported' })]);
    if (settings) await saveWaitlistSettings(db, { rlid, waitListOpen: waitListReady, maxPartySize: 8, ...settings });
    return rlid;
  }

  /** What the site shows for a typical party joining behind `active` parties, by the TypeScript estimate. */
  const expected = (active: number, settings: TurnSettings) => formatWait(estimateWaitMinutes(active, TYPICAL_PARTY_SIZE, settings));

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
    const guest = { partySize: 3, firstName: 'Walk', lastName: 'In', phone: '(555) 555-0123' };
    const first = await addWalkIn(db, { rlid, ...guest });
    await addWalkIn(db, { rlid, ...guest });
    expect((await getLocation(db, rlid, now))?.estimatedWaitTime).to.equal(expected(2, settings));
    await transitionEntry(db, first.entry.plan_ahead_id, 'seated', now);
    expect((await getLocation(db, rlid, now))?.estimatedWaitTime).to.equal(expected(1, settings));

    const off = await location(undefined, false);
    expect((await getLocation(db, off, now))?.estimatedWaitTime).to.equal('as imported');
    await addWalkIn(db, { rlid: off, ...guest });
    expect((await getLocation(db, off, now))?.estimatedWaitTime).to.equal(undefined);
  });

  it('answers 404 for a walk-in at a location that does not exist', async () => {
    const error = await addWalkIn(db, { rlid: nextRlid++, partySize: 2, firstName: 'No', lastName: 'Where', phone: '(555) 555-0123' }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).to.have.property('status', 404);
  });
});
