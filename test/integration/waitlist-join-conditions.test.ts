import { expect } from 'chai';
import type { Db } from '../../server/db/database';
import { insertLocations } from '../../server/models/locations';
import { joinConditionsCache, joinWaitlist, type JoinInput, type KnownJoinConditions } from '../../server/models/waitlist/queue';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { testDb } from '../support/database';
import { testLocation, uniqueRlidBase } from '../support/locations';

// A process keeps each location's join conditions from one join to the next; whatever changed
// at the location since must decide the next join exactly as if they had been read afresh.
describe('wait-list joins decided on kept conditions', function () {
  this.timeout(120_000);
  let db: Db;
  let nextRlid = uniqueRlidBase();
  const now = new Date('2026-07-15T18:00:00Z');
  const settings = { maxPartySize: 8, turnTimeMinutes: 45, tables: 9 };

  before(async () => {
    db = await testDb();
  });

  /** An open location, and a cache that has taken one join there. */
  async function joinedOnce(): Promise<{ rlid: number; known: KnownJoinConditions }> {
    const rlid = nextRlid++;
    await insertLocations(db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 8 })]);
    await saveWaitlistSettings(db, { rlid, waitListOpen: true, ...settings });
    const known = joinConditionsCache();
    await joinWaitlist(db, party(rlid), now, known);
    expect(known.get(rlid), 'conditions kept after the first join').to.not.equal(undefined);
    return { rlid, known };
  }

  const party = (rlid: number, extra: Partial<JoinInput> = {}): JoinInput => ({ rlid, partySize: 2, firstName: 'Kept', lastName: 'Guest', phone: '(555) 555-0123', ...extra });

  async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught as { status: number; message: string },
    );
    if (!error) throw new Error('expected the join to be refused');
    return error;
  }

  it('takes the next party on kept conditions, in its place in the queue', async () => {
    const { rlid, known } = await joinedOnce();
    const second = await joinWaitlist(db, party(rlid, { firstName: 'Second' }), now, known);
    expect(second.entry.position).to.equal(2);
    expect(second.estimatedWaitMinutes).to.equal(10);
  });

  it('keeps positions gapless when many parties join at once on kept conditions', async () => {
    const { rlid, known } = await joinedOnce();
    const joins = await Promise.all(Array.from({ length: 30 }, (_, index) => joinWaitlist(db, party(rlid, { firstName: `Crowd ${index}` }), now, known)));
    expect(joins.map(({ entry }) => entry.position).sort((a, b) => a! - b!)).to.deep.equal(Array.from({ length: 30 }, (_, index) => index + 2));
  });

  it('keeps positions gapless and each Idempotency-Key one entry when keyed parties join at once, a key twice among them', async () => {
    const { rlid, known } = await joinedOnce();
    const early = await joinWaitlist(db, party(rlid, { firstName: 'Early', idempotencyKey: `early-${rlid}` }), now, known);
    const crowd = Array.from({ length: 12 }, (_, index) => party(rlid, { firstName: `Keyed ${index}`, idempotencyKey: `crowd-${rlid}-${index}` }));
    const repeats = [crowd[3]!, party(rlid, { firstName: 'Early', idempotencyKey: `early-${rlid}` })];
    const joins = await Promise.all([...crowd, ...repeats].map((guest) => joinWaitlist(db, guest, now, known)));
    const created = joins.filter((join) => join.created);
    expect(created).to.have.length(12);
    expect(created.map(({ entry }) => entry.position).sort((a, b) => a! - b!)).to.deep.equal(Array.from({ length: 12 }, (_, index) => index + 3));
    expect(joins[12]).to.include({ created: false });
    expect(joins[12]!.entry.plan_ahead_id).to.equal(joins[3]!.entry.plan_ahead_id);
    expect(joins[13]).to.include({ created: false });
    expect(joins[13]!.entry.plan_ahead_id).to.equal(early.entry.plan_ahead_id);
    const stored = await db.selectFrom('waitlist_entries').select('position').where('rlid', '=', rlid).orderBy('position').execute();
    expect(stored.map((row) => row.position)).to.deep.equal(Array.from({ length: 14 }, (_, index) => index + 1));
  });

  it('refuses a party once the host turned the wait list off, or the restaurant closed for now', async () => {
    const { rlid, known } = await joinedOnce();
    await saveWaitlistSettings(db, { rlid, waitListOpen: false, ...settings });
    expect(await refusal(joinWaitlist(db, party(rlid), now, known))).to.include({ status: 409, message: 'This restaurant is not taking wait-list parties right now.' });

    const other = await joinedOnce();
    await db.updateTable('locations').set({ is_temporarily_closed: true }).where('rlid', '=', other.rlid).execute();
    expect(await refusal(joinWaitlist(db, party(other.rlid), now, other.known))).to.include({ status: 409, message: 'This restaurant is temporarily closed.' });
  });

  it('refuses a party by the new hours and the new party limit', async () => {
    const { rlid, known } = await joinedOnce();
    await db.deleteFrom('location_hours').where('location_rlid', '=', rlid).where('kind', '=', 'operation').execute();
    expect(await refusal(joinWaitlist(db, party(rlid), now, known))).to.include({ status: 409, message: 'This restaurant is closed now; join the wait list during opening hours.' });

    const other = await joinedOnce();
    await saveWaitlistSettings(db, { rlid: other.rlid, waitListOpen: true, ...settings, maxPartySize: 4 });
    expect(await refusal(joinWaitlist(db, party(other.rlid, { partySize: 6 }), now, other.known))).to.include({ status: 400 });
  });

  it('takes a party where kept conditions said no but the restaurant has opened since', async () => {
    const { rlid, known } = await joinedOnce();
    await saveWaitlistSettings(db, { rlid, waitListOpen: false, ...settings });
    await refusal(joinWaitlist(db, party(rlid), now, known));
    await saveWaitlistSettings(db, { rlid, waitListOpen: true, ...settings });
    expect((await joinWaitlist(db, party(rlid, { firstName: 'Later' }), now, known)).entry.position).to.equal(2);
  });

  it('estimates the party by the turn settings saved since', async () => {
    const { rlid, known } = await joinedOnce();
    await saveWaitlistSettings(db, { rlid, waitListOpen: true, ...settings, turnTimeMinutes: 90, tables: 3 });
    // Two parties ahead of a party of two at 3 tables turning every 90 minutes: 90 minutes.
    await joinWaitlist(db, party(rlid), now, known);
    const third = await joinWaitlist(db, party(rlid), now, known);
    expect(third).to.include({ estimatedWaitMinutes: 90 });
  });
});
