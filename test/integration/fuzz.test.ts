import { expect } from 'chai';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { apiSession } from '../support/api-session';
import { addFooterPage, createTestSite, sampleFooter, type TestSite } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { routeCases, serverFailures, type FuzzCase } from '../support/fuzz';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Every public route, with a placeholder where an address carries a value the route parses. A
 * fixed, enumerated list: the fuzz is the same on every run, and bounded (about 3,000 requests).
 */
const ROUTES: readonly string[] = [
  // Pages of the page tree, a routed directory address, the 404 preview and the footer alone.
  '/',
  '/our-story/',
  '/contact/',
  '/join/',
  '/find/',
  '/members/',
  '/seafood-restaurants/locations/',
  '/seafood-restaurants/locations/me/testport/{rlid}/',
  '/error-pages/404/',
  '/blocks/footer/',
  '/locations/list/me/testport/{rlid}/',
  '/waitlist/{planAheadId}/',
  // Site files.
  '/sitemap.xml',
  '/sitemap/sitemap.xml',
  '/robots.txt',
  '/.well-known/security.txt',
  '/integration-manifest.json',
  // Health.
  '/api/ht/',
  '/api/ht/{id}/',
  '/admin/load-balancer-ht/',
  // Media and static files.
  '/media/images/{id}.png',
  '/documents/{id}/menu.pdf',
  '/video-track/{id}/',
  '/location-map/atlas.json',
  '/location-map/{rlid}/map.png',
  '/static/css/{id}.css',
  // APIs.
  '/api-nc/csrftoken/',
  '/api/location/getlocations/',
  '/api/location/getlocation/',
  '/api/location/getwaitlist/',
  '/api/location/flush/',
  '/api/location/geocode/',
  '/api/waitlist/',
  '/api/waitlist/estimate/',
  '/api/waitlist/{planAheadId}/',
  '/api/reservations/',
  '/api/reservations/availability/',
  '/api/reservations/{code}/',
  '/api/fcc/unsubscribe/',
  // Visitor sign-in and page passwords.
  '/_util/login/',
  '/_util/authenticate_with_password/{id}/{id}/',
  // The back office's open doors, and what it says to a stranger elsewhere.
  '/wagtail/',
  '/wagtail/login/',
  '/wagtail/logout/',
  '/wagtail/password_reset/',
  '/wagtail/password_reset/done/',
  '/wagtail/password_reset/confirm/{id}/{id}/',
  '/wagtail/password_reset/complete/',
  '/wagtail/pages/search/',
  '/wagtail/api/main/pages/{id}/',
];

/** What each placeholder holds in an ordinary request: the fuzz's location, well-formed codes. */
function sampleValues(rlid: number): Record<string, string> {
  return { '{id}': '1', '{rlid}': String(rlid), '{code}': 'ABC123', '{planAheadId}': 'A'.repeat(22) };
}

/** Host headers that are malformed or name nobody's site: the site's own name with a bad port among them. */
function hostileHosts(siteHost: string): string[] {
  return [
    `${siteHost}:abc`,
    `${siteHost}:99999`,
    `${siteHost}.evil.example`,
    'localhost:abc',
    'localhost:0',
    'evil.example',
    '[::1',
    'a_b.example',
    'localhost:8000:8000',
    '-.',
    '999.999.999.999',
    'xn--a',
    '[1:2]',
  ];
}

/** Cookies the site reads, holding NUL bytes, bad encoding or too much. */
const HOSTILE_COOKIES = ['sessionid=%00', 'csrftoken=%00', 'csrftoken=%zz; sessionid=%E0%A4%A', `sessionid=${'a'.repeat(3000)}`];

/** The fuzz cases of one route: hostile values in its address, queries, methods and bodies, then hostile hosts and cookies. */
function casesFor(route: string, site: TestSite, csrf: { cookie: string; token: string }, samples: Record<string, string>): FuzzCase[] {
  const host = site.hostname;
  const ordinary = route.replace(/\{\w+\}/g, (name) => samples[name]!);
  // A browser's CSRF cookie and token, so posts reach the handlers instead of stopping at the check.
  const browser = { cookie: csrf.cookie, 'x-csrftoken': csrf.token, accept: 'text/html,application/json' };
  return [
    ...routeCases(route, samples, { host, headers: browser }),
    ...hostileHosts(host).map((hostile) => ({ method: 'GET', path: ordinary, host: hostile })),
    ...HOSTILE_COOKIES.map((cookie) => ({ method: 'POST', path: ordinary, host, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' })),
  ];
}

describe('hostile requests to every public route', () => {
  let server: TestServer;
  let site: TestSite;
  let csrf: { cookie: string; token: string };
  let rlid: number;

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db);
    const { db } = server;
    await addFooterPage(db, site.home, sampleFooter());
    await addChild(db, site.home, { title: 'Our Story', slug: 'our-story', pageType: 'content_page', content: { body: [] } });
    await addChild(db, site.home, { title: 'Contact', slug: 'contact', pageType: 'contact_us_page', content: { body: [], to_address: 'guests@fuzz.example' } });
    await addChild(db, site.home, { title: 'Join', slug: 'join', pageType: 'email_signup_page', content: { body: [], pre_form_content: [] } });
    await addChild(db, site.home, { title: 'Find', slug: 'find', pageType: 'locations_map_page', content: {} });
    const members = await addChild(db, site.home, { title: 'Members', slug: 'members', pageType: 'blank_page', content: {} });
    await addViewRestriction(db, members, { type: 'password', password: 'lobster' });
    const restaurants = await addChild(db, site.home, { title: 'Seafood Restaurants', slug: 'seafood-restaurants', pageType: 'content_page', content: { body: [] } });
    await addChild(db, restaurants, { title: 'United States', slug: 'locations', pageType: 'locations_state_list_page', content: { country: 'United States' } });
    rlid = uniqueRlidBase();
    await insertLocations(db, [
      testLocation(rlid, {
        waitListReady: true,
        waitListMaxPartySize: 6,
        isReservationsEnabled: true,
        countryRootURL: 'https://www.redharbor.example/',
        localPageURL: `me/testport/${rlid}`,
      }),
    ]);
    await saveWaitlistSettings(db, { rlid, waitListOpen: true, maxPartySize: 6, turnTimeMinutes: 40, tables: 8 });
    const session = await apiSession(server, site.hostname);
    csrf = { cookie: session.jar.header(), token: session.jar.get('csrftoken') ?? '' };
  });
  after(() => server.close());

  it('sends a fixed, bounded number of requests', () => {
    const total = ROUTES.flatMap((route) => casesFor(route, site, csrf, sampleValues(rlid))).length;
    expect(total).to.be.within(2500, 3500);
  });

  for (const route of ROUTES) {
    it(`answers hostile requests to ${route} without a server error`, async function () {
      this.timeout(120_000);
      const failures = await serverFailures(server, casesFor(route, site, csrf, sampleValues(rlid)));
      expect(failures).to.deep.equal([]);
    });
  }
});

describe('malformed Host headers when ALLOWED_HOSTS is *', () => {
  let server: TestServer;
  let site: TestSite;
  before(async () => {
    server = await startTestServer({ ALLOWED_HOSTS: '*' });
    site = await createTestSite(server.db);
    await addFooterPage(server.db, site.home, sampleFooter());
  });
  after(() => server.close());

  it('answers every public route without a server error, whatever the Host', async function () {
    this.timeout(120_000);
    const samples = sampleValues(uniqueRlidBase());
    const cases = ROUTES.flatMap((route) => hostileHosts(site.hostname).map((host) => ({ method: 'GET', path: route.replace(/\{\w+\}/g, (name) => samples[name]!), host })));
    expect(await serverFailures(server, cases)).to.deep.equal([]);
  });
});
