import { expect } from 'chai';
import { insertLocations } from '../../../server/models/locations';
import { addChild } from '../../../server/models/pages';
import { PAGE_CHOOSER_URL } from '../../../server/admin/page-chooser';
import { STREAMFIELD_CHOOSER_URLS } from '../../../server/admin/streamfield-config';
import { createAdminUser, signedInClient, type AdminClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { testLocation, uniqueRlidBase } from '../../support/locations';
import { request, startTestServer, type TestServer } from '../../support/server';

// Values a mistyped, edited or hostile address carries: empty, wrong type, impossible dates,
// out-of-range numbers, repeated parameters (an array to Express), control characters, length.
const BAD_VALUES = ['', 'abc', '2099-13-45', '2026-02-30', '-1', '0', '1.5', '1e400', '99999999999999999999', 'NaN', '%00', '<script>', 'x'.repeat(5000)];

/** The path with each bad value of each parameter in turn, after the `valid` parameters. */
function withBadValues(path: string, names: readonly string[], valid = ''): string[] {
  const urls: string[] = [];
  const start = `${path}?${valid ? `${valid}&` : ''}`;
  for (const name of names) {
    for (const value of BAD_VALUES) urls.push(`${start}${name}=${encodeURIComponent(value)}`);
    urls.push(`${start}${name}=1&${name}=2`, `${start}${name}[a]=1`);
  }
  return urls;
}

describe('query parameters of admin and public routes', function () {
  this.timeout(180_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({}, { clock: () => new Date('2026-07-15T16:00:00Z') });
  });
  after(() => server.close());

  async function expectNoServerError(client: Pick<AdminClient, 'get'>, urls: readonly string[]) {
    for (const url of urls) {
      const response = await client.get(url);
      expect(response.status, url.slice(0, 200)).to.be.below(500);
    }
  }

  it('answers a bad reservations date with a 400 page and an empty one with today', async () => {
    const rlid = uniqueRlidBase();
    await insertLocations(server.db, [testLocation(rlid, { isReservationsEnabled: true })]);
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const base = `/wagtail/reservations/${rlid}/`;
    for (const bad of ['tomorrow', '2099-13-45', '2026-02-30', '2026-7-1']) {
      const refused = await admin.get(`${base}?date=${bad}`);
      expect(refused.status, bad).to.equal(400);
      expect(refused.body).to.include('The date must be a calendar date, YYYY-MM-DD.');
    }
    expect((await admin.get(`${base}?date=2026-07-01&date=2026-07-02`)).status).to.equal(400);
    const empty = await admin.get(`${base}?date=`);
    expect(empty.status).to.equal(200);
    expect(empty.body).to.include('Wednesday, July 15, 2026');
    expect((await admin.get(`${base}?date=2026-07-20`)).body).to.include('Monday, July 20, 2026');
  });

  it('never answers a bad admin query parameter with a server error', async () => {
    const rlid = uniqueRlidBase();
    await insertLocations(server.db, [testLocation(rlid, { isReservationsEnabled: true, waitListReady: true })]);
    const { home } = await createTestSite(server.db);
    const page = await addChild(server.db, home, { title: 'Chowder', slug: 'chowder', pageType: 'content_page', content: { body: [] } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    await expectNoServerError(admin, [
      ...withBadValues(`/wagtail/reservations/${rlid}/`, ['date']),
      ...withBadValues('/wagtail/reservations/', ['q']),
      ...withBadValues('/wagtail/waitlist/', ['q']),
      ...withBadValues('/wagtail/workflows/list/', ['show_disabled']),
      ...withBadValues('/wagtail/workflows/tasks/index/', ['show_disabled']),
      ...withBadValues('/wagtail/users/', ['q', 'p']),
      ...withBadValues('/wagtail/groups/', ['q']),
      ...withBadValues(`/wagtail/pages/${home.id}/`, ['p']),
      ...withBadValues('/wagtail/pages/search/', ['q', 'type', 'status', 'p']),
      ...withBadValues(`/wagtail/pages/${page.id}/preview/`, ['revision']),
      ...withBadValues('/wagtail/api/main/pages/', ['child_of', 'descendant_of', 'type', 'search', 'limit', 'offset']),
      ...withBadValues('/wagtail/api/main/pages/find/', ['html_path']),
      ...withBadValues(PAGE_CHOOSER_URL, ['q', 'p', 'page_type', 'user_perms', 'target_pages']),
      ...withBadValues(`${PAGE_CHOOSER_URL}search/`, ['q', 'p']),
      ...Object.values(STREAMFIELD_CHOOSER_URLS).flatMap((url) => withBadValues(url, ['q', 'p'])),
      ...withBadValues('/wagtail/login/', ['next']),
    ]);
  });

  it('never answers a bad public query parameter with a server error', async () => {
    const rlid = uniqueRlidBase();
    await insertLocations(server.db, [testLocation(rlid, { isReservationsEnabled: true, waitListReady: true })]);
    const { hostname } = await createTestSite(server.db);
    const visitor = { get: (url: string) => request(server, url, { host: hostname }) };
    await expectNoServerError(visitor, [
      ...withBadValues('/api/location/geocode/', ['q']),
      ...withBadValues('/api/location/getlocations/', ['latitude', 'longitude', 'radius', 'limit']),
      ...withBadValues('/api/location/getlocation/', ['rlid']),
      ...withBadValues('/api/location/getwaitlist/', ['rlid']),
      ...withBadValues('/api/reservations/availability/', ['date'], `rlid=${rlid}&partySize=2`),
      ...withBadValues('/api/reservations/availability/', ['rlid', 'date', 'partySize']),
      ...withBadValues('/api/waitlist/estimate/', ['rlid', 'partySize']),
      ...withBadValues('/_util/login/', ['next']),
      ...withBadValues('/', ['page', 'q', 'latitude', 'submitted']),
    ]);
  });
});
