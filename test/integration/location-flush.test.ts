import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import { locationListResponseSchema, type Location } from '../../client/lib/location-schemas';
import { insertLocations } from '../../server/models/locations';
import { createUser } from '../../server/models/users';
import { apiSession } from '../support/api-session';
import { testLocationAt } from '../support/locations';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { request, startTestServer, type TestServer } from '../support/server';

// Far from every other test's locations (South Atlantic), so the counts below are this test's alone.
const ORIGIN = { latitude: -52.75, longitude: -12.5 };

function locationAt(rlid: number, northMiles: number): Location {
  return testLocationAt(rlid, { latitude: ORIGIN.latitude + northMiles / 69.09, longitude: ORIGIN.longitude }, { address1: `${rlid % 1000} Flush Wharf`, city: 'Cacheton' });
}

describe('location cache flush', () => {
  let server: TestServer;
  let site: TestSite;
  const base = 1_000_000_000 + randomInt(900_000_000);
  const password = 'chowder-and-fries-7';
  const searchPath = `/api/location/getlocations/?latitude=${ORIGIN.latitude}&longitude=${ORIGIN.longitude}&radius=100&limit=10`;

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db);
  });
  after(() => server.close());

  /** A visitor with cookies, signed in as `username` when given; returns how it posts a flush. */
  async function client(username?: string) {
    const { send } = await apiSession(server, site.hostname);
    if (username) expect((await send('/_util/login/', { form: { username, password, next: '/' } })).status).to.equal(303);
    const flush = (path: string) => send(path, { method: 'POST' });
    return Object.assign(flush, { withoutToken: (path: string) => send(path, { method: 'POST', withoutToken: true }) });
  }

  const count = async () => locationListResponseSchema.parse((await request(server, searchPath)).json()).totalLocations;

  it('refuses visitors and signed-in users who are not staff, and changes nothing', async () => {
    const username = `guest-${uniqueSuffix()}`;
    await createUser(server.db, { username, password });
    for (const flush of [await client(), await client(username)]) {
      for (const path of ['/api/location/flush/', '/api/location/flush']) {
        const response = await flush(path);
        expect(response.status, path).to.equal(403);
        expect(response.json<{ error: string }>().error).to.equal('Only signed-in staff can flush the location cache.');
      }
    }
  });

  it('lets staff drop cached searches so a new location shows at once', async () => {
    await insertLocations(server.db, [locationAt(base, 1)]);
    expect(await count()).to.equal(1);
    // Added behind the cache's back (as an import would): the cached answer stands until a flush.
    await insertLocations(server.db, [locationAt(base + 1, 2)]);
    expect(await count()).to.equal(1);

    const username = `staff-${uniqueSuffix()}`;
    await createUser(server.db, { username, password, isSuperuser: true });
    const flush = await client(username);
    const response = await flush('/api/location/flush/');
    expect(response.status).to.equal(200);
    expect(response.json<{ flushed: boolean; generation: number }>()).to.include({ flushed: true });
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(await count()).to.equal(2);
  });

  it('refuses a flush without the CSRF token even from staff', async () => {
    const username = `staff-${uniqueSuffix()}`;
    await createUser(server.db, { username, password, isSuperuser: true });
    const flush = await client(username);
    const response = await flush.withoutToken('/api/location/flush/');
    expect(response.status).to.equal(403);
    expect(response.body).to.not.include('"flushed"');
  });
});
