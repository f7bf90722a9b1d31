import { expect } from 'chai';
import type { User } from '../../../server/db/schema';
import { localClock, zonedInstant } from '../../../server/models/location-clock';
import { getLocation, insertLocations } from '../../../server/models/locations';
import { newConfirmationCode } from '../../../server/models/reservations/book';
import { addWalkIn, findEntry, joinWaitlist, queueOf } from '../../../server/models/waitlist/queue';
import { saveWaitlistSettings, turnSettings } from '../../../server/models/waitlist/location-waitlist';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { uniqueSuffix } from '../../support/fixtures';
import { testLocation, uniqueRlidBase } from '../../support/locations';
import { startTestServer, type TestServer } from '../../support/server';

// The server and the test read this time; the host stand's "today" is its date in Maine.
const now = new Date('2026-07-15T16:00:00Z');
const MINUTE = 60_000;

describe('admin host stand', function () {
  this.timeout(120_000);
  let server: TestServer;
  let nextRlid = uniqueRlidBase();
  // Minutes past `now` the server reads: only the undo test moves it, and puts it back.
  let minutesLater = 0;

  before(async () => {
    server = await startTestServer({}, { clock: () => new Date(now.getTime() + minutesLater * MINUTE) });
  });
  after(() => server.close());

  /** A location open around the clock with its wait list on, in a city no other test uses. */
  async function openLocation(): Promise<{ rlid: number; city: string }> {
    const rlid = nextRlid++;
    const city = `Hostport ${uniqueSuffix()}`;
    await insertLocations(server.db, [testLocation(rlid, { city, waitListReady: true, waitListMaxPartySize: 8, isReservationsEnabled: true })]);
    await saveWaitlistSettings(server.db, { rlid, waitListOpen: true, maxPartySize: 8, turnTimeMinutes: 45, tables: 9 });
    return { rlid, city };
  }

  /** A staff user whose group runs the host stand of these locations (null: every location). */
  async function hostOf(rlids: ReadonlyArray<number | null>): Promise<User> {
    const user = await createAdminUser(server.db);
    const { group_id } = await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    for (const rlid of rlids) await server.db.insertInto('group_location_permissions').values({ group_id, rlid, permission: 'host' }).execute();
    return user;
  }

  const join = (rlid: number, firstName: string, partySize = 2) => joinWaitlist(server.db, { rlid, partySize, firstName, lastName: 'Guest', phone: '(555) 555-0123' }, now);
  const statusOf = async (planAheadId: string) => (await findEntry(server.db, planAheadId))?.status;
  const order = async (rlid: number) => (await queueOf(server.db, rlid)).active.map(({ entry }) => [entry.first_name, entry.position]);
  const auditOf = (user: User) => server.db.selectFrom('admin_log_entries').selectAll().where('user_id', '=', user.id).orderBy('id').execute();

  it('sends anonymous visitors to the login page and refuses staff without the host right', async () => {
    const { rlid } = await openLocation();
    const { entry } = await join(rlid, 'Ada');
    const anonymous = new AdminClient(server);
    const redirect = await anonymous.get(`/wagtail/waitlist/${rlid}/`);
    expect(redirect.status).to.equal(302);
    expect(redirect.headers.location).to.equal(`/wagtail/login/?next=${encodeURIComponent(`/wagtail/waitlist/${rlid}/`)}`);
    expect((await anonymous.get('/wagtail/reservations/')).status).to.equal(302);

    const editor = await signedInClient(server, await createAdminUser(server.db));
    expect((await editor.get('/wagtail/')).body).not.to.include('href="/wagtail/waitlist/"');
    for (const path of ['/wagtail/waitlist/', `/wagtail/waitlist/${rlid}/`, '/wagtail/reservations/', `/wagtail/reservations/${rlid}/`]) {
      expect((await editor.get(path)).status, path).to.equal(403);
    }
    expect((await editor.post(`/wagtail/waitlist/${rlid}/entries/${entry.plan_ahead_id}/status/`, { status: 'seated' })).status).to.equal(403);
    expect((await editor.post(`/wagtail/waitlist/${rlid}/walk-in/`, { partySize: '2', firstName: 'Sly', lastName: 'Guest', phone: '555-555-0100' })).status).to.equal(403);
    expect((await editor.post(`/wagtail/waitlist/${rlid}/settings/`, { max_party_size: '4', turn_time_minutes: '30', tables: '5' })).status).to.equal(403);
    expect(await statusOf(entry.plan_ahead_id)).to.equal('waiting');
    expect(await order(rlid)).to.deep.equal([['Ada', 1]]);
    expect((await getLocation(server.db, rlid, now))?.waitListReady).to.equal(true);
  });

  it('lets a host of location A run A only: a seat at B is refused and changes nothing', async () => {
    const a = await openLocation();
    const b = await openLocation();
    const atA = await join(a.rlid, 'Ann');
    const atB = await join(b.rlid, 'Bea');
    const user = await hostOf([a.rlid]);
    const host = await signedInClient(server, user);

    const menu = await host.get('/wagtail/');
    expect(menu.body).to.include('href="/wagtail/waitlist/"').and.include('href="/wagtail/reservations/"');
    const chooser = await host.get('/wagtail/waitlist/');
    expect(chooser.status).to.equal(200);
    expect(chooser.body).to.include(`/wagtail/waitlist/${a.rlid}/`).and.not.include(`/wagtail/waitlist/${b.rlid}/`);
    const stand = await host.get(`/wagtail/waitlist/${a.rlid}/`);
    expect(stand.status).to.equal(200);
    expect(stand.body).to.include('Ann Guest').and.include('data-controller="refresh"');

    expect((await host.get(`/wagtail/waitlist/${b.rlid}/`)).status).to.equal(403);
    expect((await host.get(`/wagtail/reservations/${b.rlid}/`)).status).to.equal(403);
    expect((await host.post(`/wagtail/waitlist/${b.rlid}/entries/${atB.entry.plan_ahead_id}/status/`, { status: 'seated' })).status).to.equal(403);
    expect((await host.post(`/wagtail/waitlist/${b.rlid}/entries/${atB.entry.plan_ahead_id}/move/`, { direction: 'up' })).status).to.equal(403);
    // B's party through A's address: not a party of A, so nothing happens.
    const crossed = await host.post(`/wagtail/waitlist/${a.rlid}/entries/${atB.entry.plan_ahead_id}/status/`, { status: 'seated' });
    expect(crossed.status).to.equal(303);
    expect((await host.get(`/wagtail/waitlist/${a.rlid}/`)).body).to.include('There is no such party in this location&#x27;s wait list.');
    expect(await statusOf(atB.entry.plan_ahead_id)).to.equal('waiting');
    expect(await statusOf(atA.entry.plan_ahead_id)).to.equal('waiting');
    expect(await auditOf(user)).to.have.length(0);
  });

  it('refuses a POST without the CSRF token (403) and changes nothing', async () => {
    const { rlid } = await openLocation();
    const { entry } = await join(rlid, 'Cal');
    const host = await signedInClient(server, await hostOf([rlid]));
    expect((await host.post(`/wagtail/waitlist/${rlid}/entries/${entry.plan_ahead_id}/status/`, { status: 'seated' }, { csrf: false })).status).to.equal(403);
    expect((await host.post(`/wagtail/waitlist/${rlid}/settings/`, { max_party_size: '4', turn_time_minutes: '30', tables: '5' }, { csrf: false })).status).to.equal(403);
    expect(await statusOf(entry.plan_ahead_id)).to.equal('waiting');
    expect(await turnSettings(server.db, rlid)).to.deep.equal({ turnTimeMinutes: 45, tables: 9 });
  });

  it('notifies, seats, marks no-show, cancels and reorders parties, each audited; a forbidden move is a message', async () => {
    const { rlid } = await openLocation();
    const ada = await join(rlid, 'Ada');
    const ben = await join(rlid, 'Ben');
    const cy = await join(rlid, 'Cy');
    const dee = await join(rlid, 'Dee');
    const user = await hostOf([rlid]);
    const host = await signedInClient(server, user);
    const status = (planAheadId: string, to: string) => host.post(`/wagtail/waitlist/${rlid}/entries/${planAheadId}/status/`, { status: to });

    expect((await status(ada.entry.plan_ahead_id, 'notified')).status).to.equal(303);
    expect(await statusOf(ada.entry.plan_ahead_id)).to.equal('notified');
    const page = await host.get(`/wagtail/waitlist/${rlid}/`);
    expect(page.body).to.include('Ada Guest has been notified.');
    expect(page.body).not.to.include(`aria-label="Notify: Ada Guest"`);
    expect(page.body).to.include(`aria-label="Seat: Ada Guest"`).and.include(`aria-label="Notify: Ben Guest"`);

    expect((await status(ada.entry.plan_ahead_id, 'seated')).status).to.equal(303);
    expect(await order(rlid)).to.deep.equal([
      ['Ben', 1],
      ['Cy', 2],
      ['Dee', 3],
    ]);

    expect((await host.post(`/wagtail/waitlist/${rlid}/entries/${dee.entry.plan_ahead_id}/move/`, { direction: 'up' })).status).to.equal(303);
    expect(await order(rlid)).to.deep.equal([
      ['Ben', 1],
      ['Dee', 2],
      ['Cy', 3],
    ]);
    expect((await host.post(`/wagtail/waitlist/${rlid}/entries/${ben.entry.plan_ahead_id}/move/`, { direction: 'down' })).status).to.equal(303);
    expect(await order(rlid)).to.deep.equal([
      ['Dee', 1],
      ['Ben', 2],
      ['Cy', 3],
    ]);

    expect((await status(cy.entry.plan_ahead_id, 'no_show')).status).to.equal(303);
    expect((await status(ben.entry.plan_ahead_id, 'cancelled')).status).to.equal(303);
    expect(await order(rlid)).to.deep.equal([['Dee', 1]]);

    const refused = await status(ada.entry.plan_ahead_id, 'cancelled');
    expect(refused.status).to.equal(303);
    const after = await host.get(`/wagtail/waitlist/${rlid}/`);
    expect(after.status).to.equal(200);
    expect(after.body).to.include('A party that is seated cannot be marked cancelled.');
    expect(after.body).to.include('Left the queue today');
    expect(await statusOf(ada.entry.plan_ahead_id)).to.equal('seated');
    expect((await status(dee.entry.plan_ahead_id, 'waiting')).status).to.equal(303);
    expect(await statusOf(dee.entry.plan_ahead_id)).to.equal('waiting');

    const audit = await auditOf(user);
    expect(audit.map((entry) => entry.action)).to.deep.equal(['waitlist.notified', 'waitlist.seated', 'waitlist.move', 'waitlist.move', 'waitlist.no_show', 'waitlist.cancelled']);
    expect(audit[0]).to.include({ object_type: 'waitlist_entry', object_id: ada.entry.id, label: 'Ada Guest (2)' });
    expect(audit[2]!.data).to.deep.equal({ rlid, from: 3, to: 2 });
  });

  it('undoes a seat or no-show within the window, putting the party back in its place; after the window it is refused', async () => {
    const { rlid } = await openLocation();
    const ada = await join(rlid, 'Ada');
    const ben = await join(rlid, 'Ben');
    await join(rlid, 'Cy');
    const user = await hostOf([rlid]);
    const host = await signedInClient(server, user);
    const status = (planAheadId: string, to: string) => host.post(`/wagtail/waitlist/${rlid}/entries/${planAheadId}/status/`, { status: to });
    const restore = (planAheadId: string) => host.post(`/wagtail/waitlist/${rlid}/entries/${planAheadId}/restore/`);
    try {
      expect((await status(ben.entry.plan_ahead_id, 'notified')).status).to.equal(303);
      expect((await status(ben.entry.plan_ahead_id, 'seated')).status).to.equal(303);
      expect(await order(rlid)).to.deep.equal([
        ['Ada', 1],
        ['Cy', 2],
      ]);
      const seated = await host.get(`/wagtail/waitlist/${rlid}/`);
      expect(seated.body).to.include('Ben Guest has been seated. Undo within 5 minutes to put them back in their place.');
      expect(seated.body).to.include(`action="/wagtail/waitlist/${rlid}/entries/${ben.entry.plan_ahead_id}/restore/"`);

      minutesLater = 4;
      expect((await restore(ben.entry.plan_ahead_id)).status).to.equal(303);
      expect((await host.get(`/wagtail/waitlist/${rlid}/`)).body).to.include('Ben Guest is back in the queue as number 2.');
      expect(await order(rlid)).to.deep.equal([
        ['Ada', 1],
        ['Ben', 2],
        ['Cy', 3],
      ]);
      expect(await findEntry(server.db, ben.entry.plan_ahead_id)).to.include({ status: 'notified', seated_at: null, left_position: null });
      await restore(ben.entry.plan_ahead_id);
      expect((await host.get(`/wagtail/waitlist/${rlid}/`)).body).to.include('Ben Guest is still in the queue.');

      expect((await status(ada.entry.plan_ahead_id, 'no_show')).status).to.equal(303);
      minutesLater = 4 + 6;
      expect((await restore(ada.entry.plan_ahead_id)).status).to.equal(303);
      expect((await host.get(`/wagtail/waitlist/${rlid}/`)).body).to.include('Ada Guest left the queue more than 5 minutes ago and can no longer be put back');
      expect(await statusOf(ada.entry.plan_ahead_id)).to.equal('no_show');
      expect(await order(rlid)).to.deep.equal([
        ['Ben', 1],
        ['Cy', 2],
      ]);

      const outsider = await signedInClient(server, await createAdminUser(server.db));
      expect((await outsider.post(`/wagtail/waitlist/${rlid}/entries/${ben.entry.plan_ahead_id}/restore/`)).status).to.equal(403);

      const audit = await auditOf(user);
      expect(audit.map((entry) => entry.action)).to.deep.equal(['waitlist.notified', 'waitlist.seated', 'waitlist.restored', 'waitlist.no_show']);
      expect(audit[2]).to.include({ object_type: 'waitlist_entry', object_id: ben.entry.id, label: 'Ben Guest (2)' });
      expect(audit[2]!.data).to.deep.equal({ rlid, from: 'seated', position: 2 });
    } finally {
      minutesLater = 0;
    }
  });

  it('adds walk-ins and saves the settings, which change the estimate guests see; bad input is shown with the form', async () => {
    const { rlid } = await openLocation();
    await addWalkIn(server.db, { rlid, partySize: 2, firstName: 'Early', lastName: 'Bird', phone: '555-555-0101' });
    const user = await hostOf([rlid]);
    const host = await signedInClient(server, user);

    const added = await host.post(`/wagtail/waitlist/${rlid}/walk-in/`, { partySize: '5', firstName: 'Walt', lastName: 'Inn', phone: '(207) 555-0199', email: '', note: 'High chair' });
    expect(added.status).to.equal(303);
    expect((await host.get(`/wagtail/waitlist/${rlid}/`)).body)
      .to.include('Walt Inn joined the wait list as number 2.')
      .and.include('High chair');
    const walt = (await queueOf(server.db, rlid)).active[1]!.entry;
    expect(walt).to.include({ first_name: 'Walt', party_size: 5, source: 'walk_in', position: 2 });

    const bad = await host.post(`/wagtail/waitlist/${rlid}/walk-in/`, { partySize: '0', firstName: 'Nope', lastName: '', phone: 'x' });
    expect(bad.status).to.equal(400);
    expect(bad.body)
      .to.include('Party size must be at least 1.')
      .and.include('Last name is required.')
      .and.include('Phone must be a phone number, e.g. (555) 555-0100.')
      .and.include('value="Nope"');
    expect(await order(rlid)).to.have.length(2);

    const saved = await host.post(`/wagtail/waitlist/${rlid}/settings/`, { max_party_size: '6', turn_time_minutes: '30', tables: '3' });
    expect(saved.status).to.equal(303);
    expect(await turnSettings(server.db, rlid)).to.deep.equal({ turnTimeMinutes: 30, tables: 3 });
    const location = await getLocation(server.db, rlid, now);
    expect(location).to.include({ waitListReady: false, waitListMaxPartySize: 6 });
    expect(location?.estimatedWaitTime).to.equal(undefined);
    expect((await host.post(`/wagtail/waitlist/${rlid}/settings/`, { wait_list_open: 'on', max_party_size: '6', turn_time_minutes: '30', tables: '3' })).status).to.equal(303);
    expect((await getLocation(server.db, rlid, now))?.estimatedWaitTime).to.match(/min|hr/);

    const badSettings = await host.post(`/wagtail/waitlist/${rlid}/settings/`, { wait_list_open: 'on', max_party_size: '6', turn_time_minutes: '2', tables: '3' });
    expect(badSettings.status).to.equal(400);
    expect(badSettings.body).to.include('A table turns in at least 5 minutes.');
    expect(await turnSettings(server.db, rlid)).to.deep.equal({ turnTimeMinutes: 30, tables: 3 });

    const audit = await auditOf(user);
    expect(audit.map((entry) => entry.action)).to.deep.equal(['waitlist.walk_in', 'waitlist.settings', 'waitlist.settings']);
    expect(audit[1]).to.include({ object_type: 'location', object_id: rlid });
    expect(audit[1]!.data).to.deep.equal({ waitListOpen: false, maxPartySize: 6, turnTimeMinutes: 30, tables: 3 });
  });

  it("lists the day's reservations in time order and confirms or cancels them, each audited", async () => {
    const { rlid } = await openLocation();
    const other = await openLocation();
    const zone = 'America/New_York';
    const today = localClock(now, zone).date;
    const book = async (at: number, lastName: string, where = rlid, date = today) =>
      server.db
        .insertInto('reservations')
        .values({
          confirmation_code: newConfirmationCode(),
          rlid: where,
          party_size: 4,
          reserved_for: zonedInstant(date, at, zone),
          first_name: 'Res',
          last_name: lastName,
          phone: '555-555-0102',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    const late = await book(20 * 60, 'Late');
    const early = await book(18 * 60, 'Early');
    const elsewhere = await book(19 * 60, 'Elsewhere', other.rlid);
    const user = await hostOf([rlid]);
    const host = await signedInClient(server, user);

    const page = await host.get(`/wagtail/reservations/${rlid}/`);
    expect(page.status).to.equal(200);
    expect(page.body).to.include(`id="id_date" name="date" value="${today}"`);
    expect(page.body.indexOf('Res Early')).to.be.greaterThan(0).and.lessThan(page.body.indexOf('Res Late'));
    expect(page.body).to.include('6:00 PM').and.not.include('Res Elsewhere');
    expect((await host.get(`/wagtail/reservations/${rlid}/?date=2026-02-30`)).status).to.equal(400);

    expect((await host.post(`/wagtail/reservations/${rlid}/${early.id}/confirm/`, { date: today })).status).to.equal(303);
    expect((await host.post(`/wagtail/reservations/${rlid}/${late.id}/cancel/`, { date: today })).status).to.equal(303);
    const statuses = await server.db.selectFrom('reservations').select(['id', 'status']).where('id', 'in', [early.id, late.id, elsewhere.id]).orderBy('id').execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).to.deep.equal({ [early.id]: 'confirmed', [late.id]: 'cancelled', [elsewhere.id]: 'requested' });

    expect((await host.post(`/wagtail/reservations/${rlid}/${late.id}/confirm/`, { date: today })).headers.location).to.equal(`/wagtail/reservations/${rlid}/?date=${today}`);
    expect((await host.get(`/wagtail/reservations/${rlid}/?date=${today}`)).body).to.include('A cancelled reservation cannot be confirmed.');
    expect((await host.post(`/wagtail/reservations/${rlid}/${elsewhere.id}/cancel/`)).status).to.equal(303);
    expect((await host.post(`/wagtail/reservations/${other.rlid}/${elsewhere.id}/cancel/`)).status).to.equal(403);
    expect((await server.db.selectFrom('reservations').select('status').where('id', '=', elsewhere.id).executeTakeFirstOrThrow()).status).to.equal('requested');

    const audit = await auditOf(user);
    expect(audit.map((entry) => [entry.action, entry.object_id])).to.deep.equal([
      ['reservation.confirm', early.id],
      ['reservation.cancel', late.id],
    ]);
  });

  it("shows a restaurant's bookings and wait list on its own clock and names the zone, also where its state keeps another", async () => {
    // El Paso keeps Mountain time, though most of Texas keeps Central.
    const rlid = nextRlid++;
    await insertLocations(server.db, [testLocation(rlid, { city: `El Paso ${uniqueSuffix()}`, state: 'TX', latitude: 31.7619, longitude: -106.485, isReservationsEnabled: true })]);
    const today = localClock(now, 'America/Denver').date;
    await server.db
      .insertInto('reservations')
      .values({
        confirmation_code: newConfirmationCode(),
        rlid,
        party_size: 2,
        reserved_for: zonedInstant(today, 19 * 60, 'America/Denver'),
        first_name: 'Res',
        last_name: 'Desert',
        phone: '555-555-0103',
      })
      .execute();
    const host = await signedInClient(server, await hostOf([rlid]));
    const reservations = await host.get(`/wagtail/reservations/${rlid}/`);
    expect(reservations.body).to.include('7:00 PM').and.not.include('8:00 PM');
    expect(reservations.body).to.include('Mountain Time (America/Denver)');
    expect((await host.get(`/wagtail/waitlist/${rlid}/`)).body).to.include('Mountain Time (America/Denver)');
  });

  it('lets hosts of every location and superusers search all locations', async () => {
    const { rlid, city } = await openLocation();
    for (const user of [await hostOf([null]), await createAdminUser(server.db, { superuser: true })]) {
      const client = await signedInClient(server, user);
      expect((await client.get('/wagtail/waitlist/')).body).to.include('Search for a location by its number or city.');
      expect((await client.get(`/wagtail/waitlist/?q=${rlid}`)).body).to.include(`/wagtail/waitlist/${rlid}/`);
      expect((await client.get(`/wagtail/reservations/?q=${encodeURIComponent(city)}`)).body).to.include(`/wagtail/reservations/${rlid}/`);
      expect((await client.get(`/wagtail/waitlist/${rlid}/`)).status).to.equal(200);
    }
  });

  it('grants the host right in the group editor: some locations, every location, or none', async () => {
    const { rlid } = await openLocation();
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const name = `Hosts ${uniqueSuffix()}`;
    expect((await admin.post('/wagtail/groups/add/', { name, can_access_admin: 'on', host_scope: 'some', host_rlids: `${rlid}` })).status).to.equal(303);
    const group = await server.db.selectFrom('groups').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    const rows = () => server.db.selectFrom('group_location_permissions').select(['rlid', 'permission']).where('group_id', '=', group.id).execute();
    expect(await rows()).to.deep.equal([{ rlid, permission: 'host' }]);
    expect((await admin.get(`/wagtail/groups/${group.id}/`)).body).to.include(`value="${rlid}"`);

    const unknown = await admin.post(`/wagtail/groups/${group.id}/`, { name, can_access_admin: 'on', host_scope: 'some', host_rlids: `${rlid}, 7` });
    expect(unknown.status).to.equal(400);
    expect(unknown.body).to.include('There is no location 7.');
    expect((await admin.post(`/wagtail/groups/${group.id}/`, { name, can_access_admin: 'on', host_scope: 'some', host_rlids: 'ten' })).status).to.equal(400);
    expect(await rows()).to.deep.equal([{ rlid, permission: 'host' }]);

    expect((await admin.post(`/wagtail/groups/${group.id}/`, { name, can_access_admin: 'on', host_scope: 'all' })).status).to.equal(303);
    expect(await rows()).to.deep.equal([{ rlid: null, permission: 'host' }]);
    expect((await admin.post(`/wagtail/groups/${group.id}/`, { name, can_access_admin: 'on', host_scope: 'none' })).status).to.equal(303);
    expect(await rows()).to.deep.equal([]);
  });
});
