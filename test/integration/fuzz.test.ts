import { expect } from 'chai';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { saveWaitlistSettings } from '../../server/waitlist/location-waitlist';
import { apiSession } from '../support/api-session';
import { addFooterPage, createTestSite, sampleFooter, type TestSite } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

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

/** Values put where an address carries an id, code or name. */
const HOSTILE_VALUES = ['%00', '99999999999999999999999', '-1', '0', '1e309', 'NaN', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3000)];

/** Query strings: NUL bytes, bad percent-encoding, huge and negative numbers, repeated and bracketed keys. */
const HOSTILE_QUERIES = [
  '?q=%00',
  '?lastName=%00&email=%00',
  '?lat=1e309&lng=-1e309&latitude=NaN&longitude=Infinity',
  '?page=99999999999999999999999&limit=-1&offset=1e400',
  '?rlid=99999999999999999999&partySize=-5&party_size=1e309',
  '?q=%zz&next=%E0%A4%A&address=%',
  '?q[]=a&q[]=b&rlid[]=1&rlid=2',
  '?next=//evil.example/%00&return=javascript:alert(1)',
  '?date=9999-99-99&time=25:61&zip=%00',
  `?q=${'x'.repeat(4000)}`,
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];

/** Bodies: malformed and hostile JSON, hostile forms, and content types nobody accepts. */
const HOSTILE_BODIES: ReadonlyArray<{ type: string; body: string }> = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"rlid":1,"firstName":"\\u0000","email":"a\\u0000@example.com"}' },
  { type: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
  { type: 'application/json', body: '{"rlid":1e400,"partySize":99999999999999999999,"lat":-1e309,"code":1e21}' },
  { type: 'application/json', body: '{"rlid":"x","partySize":[1],"firstName":{"a":1},"__proto__":{"admin":true}}' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json; charset=utf-7', body: '{}' },
  { type: 'application/x-www-form-urlencoded', body: 'Email=%00&email=a%00%40example.com&username=%00&password=%00' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%zz&b=%&Email=%E0%A4%A&next=%ED%A0%80' },
  { type: 'application/x-www-form-urlencoded', body: 'Email[]=x&Email=y&rlid=99999999999999999999' },
  { type: 'application/x-www-form-urlencoded; charset=latin9', body: 'Email=x' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>' },
  { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--' },
];

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

/** The bodies that carry NUL bytes, sent with every method that may carry a body. */
const NUL_BODIES = HOSTILE_BODIES.filter(({ body }) => body.includes('\\u0000') || body.includes('%00'));

/** Cookies the site reads, holding NUL bytes, bad encoding or too much. */
const HOSTILE_COOKIES = ['sessionid=%00', 'csrftoken=%00', 'csrftoken=%zz; sessionid=%E0%A4%A', `sessionid=${'a'.repeat(3000)}`];

/** One request of the fuzz. */
interface FuzzCase {
  method: string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The fuzz cases of one route: hostile values in its address, then hostile queries, methods, bodies, hosts and cookies. */
function casesFor(route: string, site: TestSite, csrf: { cookie: string; token: string }, samples: Record<string, string>): FuzzCase[] {
  const placeholder = /\{\w+\}/g;
  const ordinary = route.replace(placeholder, (name) => samples[name]!);
  const valuePaths = route.includes('{')
    ? HOSTILE_VALUES.map((value) => route.replace(placeholder, value))
    : [`${route}%00/`, `${route}a%00b/`, `${route}%zz/`, `${route}${'9'.repeat(30)}/`];
  const host = site.hostname;
  // A browser's CSRF cookie and token, so posts reach the handlers instead of stopping at the check.
  const browser = { cookie: csrf.cookie, 'x-csrftoken': csrf.token, accept: 'text/html,application/json' };
  return [
    ...valuePaths.map((path) => ({ method: 'GET', path, host })),
    ...HOSTILE_QUERIES.map((query) => ({ method: 'GET', path: ordinary + query, host })),
    ...METHODS.map((method) => ({ method, path: ordinary, host, headers: browser })),
    ...HOSTILE_BODIES.map(({ type, body }) => ({ method: 'POST', path: ordinary, host, headers: { ...browser, 'content-type': type }, body })),
    ...['PUT', 'DELETE', 'PATCH'].flatMap((method) => NUL_BODIES.map(({ type, body }) => ({ method, path: ordinary, host, headers: { ...browser, 'content-type': type }, body }))),
    ...hostileHosts(host).map((hostile) => ({ method: 'GET', path: ordinary, host: hostile })),
    ...HOSTILE_COOKIES.map((cookie) => ({ method: 'POST', path: ordinary, host, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' })),
  ];
}

/** Sends the cases a few at a time; returns those answered with a 5xx or not answered at all. */
async function serverFailures(server: TestServer, cases: readonly FuzzCase[]): Promise<string[]> {
  const failures: string[] = [];
  const concurrency = 4;
  for (let start = 0; start < cases.length; start += concurrency) {
    await Promise.all(
      cases.slice(start, start + concurrency).map(async (fuzzCase) => {
        const label = `${fuzzCase.method} ${fuzzCase.path.slice(0, 120)} host=${fuzzCase.host} ${fuzzCase.headers?.['content-type'] ?? ''} ${fuzzCase.body?.slice(0, 60) ?? ''}`;
        try {
          const response = await request(server, fuzzCase.path, fuzzCase);
          if (response.status >= 500) failures.push(`${response.status} ${label}`);
        } catch (error) {
          failures.push(`no answer (${(error as Error).message}) ${label}`);
        }
      }),
    );
  }
  return failures;
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
