import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { locationListResponseSchema, locationSchema, waitListResponseSchema, type Location, type LocationListResponse } from '../../client/lib/location-schemas';
import { insertLocations } from '../../server/models/locations';
import { OPEN_ALL_DAY, testLocationAt } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

// A remote spot (southern Indian Ocean) so no other test's locations fall within these radii.
const ORIGIN = { latitude: -44.5, longitude: 78.25 };

function locationAt(rlid: number, northMiles: number, overrides: Partial<Location> = {}): Location {
  return testLocationAt(
    rlid,
    { latitude: ORIGIN.latitude + northMiles / 69.09, longitude: ORIGIN.longitude },
    {
      hours: [
        { dayOfWeek: 5, open: '11:00', close: '23:00' },
        { dayOfWeek: 0, open: '11:00', close: '21:00' },
      ],
      curbsideHours: [{ dayOfWeek: 1, open: '11:00', close: '20:00' }],
      phone: '(555) 555-0100',
      hasCurbside: true,
      hasOnlineOrdering: true,
      ...overrides,
    },
  );
}

describe('location API', () => {
  let server: TestServer;
  const base = 100_000_000 + randomInt(800_000_000);
  const near = locationAt(base, 1, { localPageURL: 'ts/testport/1-test-quay', countryRootURL: 'https://www.redharbor.example/' });
  const middle = locationAt(base + 1, 10, { hours: OPEN_ALL_DAY, waitListReady: true, waitListMaxPartySize: 8 });
  // Its wait list is on, but it never opens: not ready.
  const neverOpen = locationAt(base + 4, 600, { hours: [], waitListReady: true, waitListMaxPartySize: 6 });
  const far = locationAt(base + 2, 50, { address2: 'Unit 4' });

  before(async () => {
    server = await startTestServer();
    // Inserted out of order so that nearest-first is the query's doing.
    await insertLocations(server.db, [far, near, middle, neverOpen]);
  });
  after(() => server.close());

  const search = (query: Record<string, string | number>) =>
    request(server, `/api/location/getlocations/?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`);

  it('answers nearest first with distances in miles, shaped as the shared schema says', async () => {
    const response = await search({ ...ORIGIN, radius: 100 });
    expect(response.status).to.equal(200);
    expect(response.headers['cache-control']).to.equal('public, max-age=60');
    const body = locationListResponseSchema.parse(response.json());
    expect(body.totalLocations).to.equal(3);
    expect(body.currentLocation).to.equal(null);
    expect(body.locations.map((entry) => entry.location.rlid)).to.deep.equal([near.rlid, middle.rlid, far.rlid]);
    expect(body.locations[0]!.distance).to.be.closeTo(1, 0.01);
    expect(body.locations[2]!.distance).to.be.closeTo(50, 0.1);
    expect(body.locations[0]!.location).to.deep.equal({ ...near, hours: [near.hours[1], near.hours[0]] });
  });

  it('answers a repeated search with the same bytes and ETag, 304 for If-None-Match, gzip when taken, and the security headers of any response', async () => {
    const first = await search({ ...ORIGIN, radius: 100 });
    const again = await search({ ...ORIGIN, radius: 100 });
    expect(again.body).to.equal(first.body);
    expect(again.headers.etag).to.equal(first.headers.etag).and.to.match(/^W\/"/);
    expect(again.headers['x-frame-options']).to.equal('SAMEORIGIN');
    expect(again.headers['content-security-policy']).to.include("frame-ancestors 'self'");
    expect(again.headers['set-cookie']).to.equal(undefined);
    const query = new URLSearchParams({ latitude: String(ORIGIN.latitude), longitude: String(ORIGIN.longitude), radius: '100' }).toString();
    const unchanged = await request(server, `/api/location/getlocations/?${query}`, { headers: { 'if-none-match': first.headers.etag! } });
    expect(unchanged.status).to.equal(304);
    const gzipped = await request(server, `/api/location/getlocations/?${query}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(gunzipSync(gzipped.bytes).toString('utf8')).to.equal(first.body);
  });

  it('refuses a host it does not serve even for a search it has answered before', async () => {
    await search({ ...ORIGIN, radius: 100 });
    const query = new URLSearchParams({ latitude: String(ORIGIN.latitude), longitude: String(ORIGIN.longitude), radius: '100' }).toString();
    const forged = await request(server, `/api/location/getlocations/?${query}`, { host: 'evil.example' });
    expect(forged.status).to.equal(400);
    expect(forged.body).to.not.include(String(near.rlid));
  });

  it('honours the radius and the limit, counting every location in range', async () => {
    const inRadius = locationListResponseSchema.parse((await search({ ...ORIGIN, radius: 20 })).json());
    expect(inRadius.totalLocations).to.equal(2);
    expect(inRadius.locations.map((entry) => entry.location.rlid)).to.deep.equal([near.rlid, middle.rlid]);

    const limited = locationListResponseSchema.parse((await search({ ...ORIGIN, radius: 100, limit: 1 })).json());
    expect(limited.totalLocations).to.equal(3);
    expect(limited.locations.map((entry) => entry.location.rlid)).to.deep.equal([near.rlid]);

    const none = (await search({ ...ORIGIN, radius: 0.5 })).json<LocationListResponse>();
    expect(none).to.deep.equal({ totalLocations: 0, locations: [], currentLocation: null });
  });

  it('takes the route without the trailing slash too', async () => {
    const response = await request(server, `/api/location/getlocations?latitude=${ORIGIN.latitude}&longitude=${ORIGIN.longitude}&radius=5`);
    expect(response.status).to.equal(200);
    expect(locationListResponseSchema.parse(response.json()).locations.map((entry) => entry.location.rlid)).to.deep.equal([near.rlid]);
  });

  it('answers 400 naming the parameter for bad input', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ longitude: 0 }, 'latitude'],
      [{ latitude: 91, longitude: 0 }, 'latitude'],
      [{ latitude: 0, longitude: -181 }, 'longitude'],
      [{ latitude: 'north', longitude: 0 }, 'latitude'],
      [{ latitude: 0, longitude: 0, radius: 0 }, 'radius'],
      [{ latitude: 0, longitude: 0, radius: 3001 }, 'radius'],
      [{ latitude: 0, longitude: 0, limit: 0 }, 'limit'],
      [{ latitude: 0, longitude: 0, limit: 101 }, 'limit'],
      [{ latitude: 0, longitude: 0, limit: 2.5 }, 'limit'],
    ];
    for (const [query, parameter] of cases) {
      const response = await search(query);
      expect(response.status, JSON.stringify(query)).to.equal(400);
      expect(response.json<{ error: string }>().error, JSON.stringify(query)).to.include(parameter);
    }
  });

  it('returns one location by rlid, with or without the slash, and 404 for an unknown one', async () => {
    for (const path of ['/api/location/getlocation/', '/api/location/getlocation']) {
      const response = await request(server, `${path}?rlid=${far.rlid}`);
      expect(response.status).to.equal(200);
      expect(locationSchema.parse(response.json())).to.include({ rlid: far.rlid, address2: 'Unit 4' });
    }
    const unknown = await request(server, `/api/location/getlocation/?rlid=${base + 3}`);
    expect(unknown.status).to.equal(404);
    expect(unknown.json<{ error: string }>().error).to.be.a('string');
    expect((await request(server, '/api/location/getlocation/?rlid=abc')).status).to.equal(400);
  });

  it('reports the wait-list state', async () => {
    const ready = await request(server, `/api/location/getwaitlist/?rlid=${middle.rlid}`);
    expect(ready.status).to.equal(200);
    // No party waiting: the engine's shortest estimate.
    expect(waitListResponseSchema.parse(ready.json())).to.deep.equal({ rlid: middle.rlid, waitListReady: true, estimatedWaitTime: '5 min', waitListMaxPartySize: 8 });
    const closed = await request(server, `/api/location/getwaitlist/?rlid=${neverOpen.rlid}`);
    expect(closed.json()).to.deep.equal({ rlid: neverOpen.rlid, waitListReady: false, estimatedWaitTime: null, waitListMaxPartySize: 6 });
    const unset = await request(server, `/api/location/getwaitlist?rlid=${near.rlid}`);
    expect(unset.json()).to.deep.equal({ rlid: near.rlid, waitListReady: null, estimatedWaitTime: null, waitListMaxPartySize: null });
    expect((await request(server, `/api/location/getwaitlist/?rlid=${base + 3}`)).status).to.equal(404);
  });
});
