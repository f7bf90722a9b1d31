import { expect } from 'chai';
import { localClock } from '../../server/models/location-clock';
import { closeLocationPermanently } from '../../server/models/location-directory';
import { insertLocations } from '../../server/models/locations';
import { apiSession } from '../support/api-session';
import { uniqueClientAddress } from '../support/forms';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

interface Availability {
  rlid: number;
  date: string;
  partySize: number;
  times: { time: string; label: string; available: boolean }[];
}

interface ReservationBody {
  confirmationCode: string;
  rlid: number;
  status: string;
  partySize: number;
  reservedFor: string;
  firstName: string;
  lastName: string;
}

// The time the server reads; dates are counted from it, so no booking depends on the hour the suite runs.
const now = new Date('2026-07-15T16:00:00Z');

/** The local date `days` from the server's now where a Maine restaurant stands. */
function dateIn(days: number): string {
  return localClock(new Date(now.getTime() + days * 86_400_000), 'America/New_York').date;
}

describe('reservations API', () => {
  let server: TestServer;
  let nextRlid = uniqueRlidBase();
  const dinner = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '17:00', close: '21:00' }));

  before(async () => {
    server = await startTestServer({}, { clock: () => now });
  });
  after(() => server.close());

  async function bookableLocation(overrides: Parameters<typeof testLocation>[1] = {}): Promise<number> {
    const rlid = nextRlid++;
    await insertLocations(server.db, [testLocation(rlid, { isReservationsEnabled: true, hours: dinner, ...overrides })]);
    await server.db.insertInto('waitlist_settings').values({ rlid, reservation_slot_capacity: 2 }).execute();
    return rlid;
  }

  const booking = (rlid: number, extra: Record<string, unknown> = {}) => ({
    rlid,
    partySize: 4,
    date: dateIn(3),
    time: '18:30',
    firstName: 'June',
    lastName: 'Carver',
    phone: '207-555-0188',
    ...extra,
  });

  it("lists the day's times from the hours, and marks a time full at its capacity", async () => {
    const rlid = await bookableLocation();
    const { send } = await apiSession(server);
    const path = `/api/reservations/availability/?rlid=${rlid}&date=${dateIn(3)}&partySize=4`;
    const before = (await request(server, path)).json<Availability>();
    expect(before.times.map((slot) => slot.time)).to.deep.equal(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00']);
    expect(before.times[3]).to.deep.equal({ time: '18:30', label: '6:30 PM', available: true });
    for (const firstName of ['A', 'B']) expect((await send('/api/reservations/', { json: booking(rlid, { firstName }) })).status).to.equal(201);
    const after = (await request(server, path.replace('/availability/', '/availability'))).json<Availability>();
    expect(after.times.filter((slot) => !slot.available).map((slot) => slot.time)).to.deep.equal(['18:30']);
    const full = await send('/api/reservations/', { json: booking(rlid, { firstName: 'C' }) });
    expect(full.status).to.equal(409);
    expect(full.json<{ error: string }>().error).to.equal('That time has just been fully booked; choose another time.');
  });

  it('books a request with a confirmation code, once per idempotency key', async () => {
    const rlid = await bookableLocation();
    const { send } = await apiSession(server);
    const headers = { 'idempotency-key': 'reserve-2b8e41f0' };
    const first = await send('/api/reservations', { json: booking(rlid), headers });
    expect(first.status).to.equal(201);
    const body = first.json<ReservationBody>();
    expect(body).to.include({ rlid, status: 'requested', partySize: 4, firstName: 'June', lastName: 'Carver' });
    expect(body.confirmationCode).to.match(/^[A-HJ-NP-Z2-9]{8}$/);
    // 6:30 pm in Maine (UTC-5 in winter, UTC-4 in summer).
    expect(new Date(body.reservedFor).getUTCHours()).to.be.oneOf([22, 23]);
    const again = await send('/api/reservations/', { json: booking(rlid), headers });
    expect(again.status).to.equal(200);
    expect(again.json<ReservationBody>().confirmationCode).to.equal(body.confirmationCode);
  });

  it('refuses an Idempotency-Key sent again with another body (422), telling nothing of the first booking', async () => {
    const rlid = await bookableLocation();
    const headers = { 'idempotency-key': 'reserve-9d04c7aa' };
    const guest = await apiSession(server);
    const first = (await guest.send('/api/reservations/', { json: booking(rlid), headers })).json<ReservationBody>();

    const stranger = await apiSession(server);
    const reused = await stranger.send('/api/reservations/', { json: booking(rlid, { firstName: 'Eve', lastName: 'Mallory', phone: '207-555-0666' }), headers });
    expect(reused.status).to.equal(422);
    expect(reused.json()).to.deep.equal({ error: 'This Idempotency-Key was already used with a different request.' });
    expect(reused.body).to.not.include(first.confirmationCode);
    expect(reused.body).to.not.include('Carver');
    expect(await server.db.selectFrom('reservations').select('last_name').where('rlid', '=', rlid).execute()).to.deep.equal([{ last_name: 'Carver' }]);

    const retried = await guest.send('/api/reservations/', { json: booking(rlid), headers });
    expect(retried.status).to.equal(200);
    expect(retried.json<ReservationBody>().confirmationCode).to.equal(first.confirmationCode);
  });

  it('answers 429 once one address looked up or cancelled by code too often', async () => {
    const limited = await startTestServer({ TRUST_PROXY: '1', LOOKUPS_PER_WINDOW: '3' }, { clock: () => now });
    try {
      const rlid = nextRlid++;
      await insertLocations(limited.db, [testLocation(rlid, { isReservationsEnabled: true, hours: dinner })]);
      const { send } = await apiSession(limited);
      const { confirmationCode } = (await send('/api/reservations/', { json: booking(rlid) })).json<ReservationBody>();
      const from = { 'x-forwarded-for': uniqueClientAddress() };
      expect((await request(limited, `/api/reservations/${confirmationCode}/?lastName=Carver`, { headers: from })).status).to.equal(200);
      expect((await request(limited, `/api/reservations/ZZZZZZZZ/?lastName=Carver`, { headers: from })).status).to.equal(404);
      expect((await send(`/api/reservations/${confirmationCode}/`, { method: 'DELETE', json: { lastName: 'Wrong' }, headers: from })).status).to.equal(404);
      const refused = await request(limited, `/api/reservations/${confirmationCode}/?lastName=Carver`, { headers: from });
      expect(refused.status).to.equal(429);
      expect(Number(refused.headers['retry-after'])).to.be.within(1, 600);
      expect(refused.body).to.not.include('Carver');
      expect((await send(`/api/reservations/${confirmationCode}/`, { method: 'DELETE', json: { lastName: 'Carver' }, headers: from })).status).to.equal(429);
      // Another address still finds its booking; availability is not a lookup.
      expect((await request(limited, `/api/reservations/${confirmationCode}/?lastName=Carver`, { headers: { 'x-forwarded-for': uniqueClientAddress() } })).status).to.equal(200);
      expect((await request(limited, `/api/reservations/availability/?rlid=${rlid}&date=${dateIn(3)}&partySize=2`, { headers: from })).status).to.equal(200);
    } finally {
      await limited.close();
    }
  });

  it('lets the guest read and cancel with the code and last name only', async () => {
    const rlid = await bookableLocation();
    const { send } = await apiSession(server);
    const { confirmationCode } = (await send('/api/reservations/', { json: booking(rlid) })).json<ReservationBody>();
    expect((await request(server, `/api/reservations/${confirmationCode}/?lastName=carver`)).json<ReservationBody>()).to.include({ status: 'requested' });
    expect((await request(server, `/api/reservations/${confirmationCode}/?lastName=Smith`)).status).to.equal(404);
    expect((await send(`/api/reservations/${confirmationCode}/`, { method: 'DELETE', json: { lastName: 'Smith' } })).status).to.equal(404);
    const cancelled = await send(`/api/reservations/${confirmationCode}`, { method: 'DELETE', json: { lastName: 'Carver' } });
    expect(cancelled.status).to.equal(200);
    expect(cancelled.json<ReservationBody>().status).to.equal('cancelled');
    expect((await send(`/api/reservations/${confirmationCode}/`, { method: 'DELETE', json: { lastName: 'Carver' } })).status).to.equal(409);
    // A cancelled table is free again.
    const times = (await request(server, `/api/reservations/availability/?rlid=${rlid}&date=${dateIn(3)}&partySize=2`)).json<Availability>().times;
    expect(times.every((slot) => slot.available)).to.equal(true);
  });

  it('refuses bad input with 400, unbookable places with 404/409, and a missing CSRF token with 403', async () => {
    const rlid = await bookableLocation();
    const { send } = await apiSession(server);
    const cases: [Record<string, unknown>, string][] = [
      [booking(rlid, { date: '2026-02-30' }), 'Date must be a real calendar date.'],
      [booking(rlid, { date: 'tomorrow' }), 'Date must be a date such as 2026-12-31.'],
      [booking(rlid, { time: '7pm' }), 'Time must be a time such as 19:30.'],
      [booking(rlid, { partySize: 13 }), 'Party size must be at most 12.'],
      [booking(rlid, { date: dateIn(-2) }), 'Date must be today or later.'],
      [booking(rlid, { date: dateIn(90) }), 'Date must be within 60 days.'],
    ];
    for (const [body, message] of cases) {
      const response = await send('/api/reservations/', { json: body });
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.json<{ error: string }>().error).to.equal(message);
    }
    expect((await send('/api/reservations/', { json: booking(rlid, { time: '23:00' }) })).status).to.equal(409);
    expect((await send('/api/reservations/', { json: booking(nextRlid + 999) })).status).to.equal(404);
    const noBookings = nextRlid++;
    await insertLocations(server.db, [testLocation(noBookings, { hours: dinner })]);
    expect((await send('/api/reservations/', { json: booking(noBookings) })).json<{ error: string }>().error).to.equal('This restaurant does not take reservations online.');
    const closedForGood = await bookableLocation();
    await closeLocationPermanently(server.db, closedForGood);
    expect((await send('/api/reservations/', { json: booking(closedForGood) })).json<{ error: string }>().error).to.equal('This restaurant has closed.');
    expect((await send('/api/reservations/', { json: booking(rlid), withoutToken: true })).status).to.equal(403);
    expect(await server.db.selectFrom('reservations').select('id').where('rlid', '=', rlid).execute()).to.have.length(0);
    expect((await request(server, `/api/reservations/availability/?rlid=${rlid}&date=${dateIn(1)}`)).status).to.equal(400);
  });
});
