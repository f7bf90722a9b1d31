import { expect } from 'chai';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../../server/db/database';
import { readCacheGeneration } from '../../server/models/cache-generations';
import { PUBLIC_PAGES_GENERATION } from '../../server/page-cache/page-cache';
import { watchedGeneration, type WatchedGeneration } from '../../server/page-cache/watched-generation';
import { addChild, publishRevision, saveRevision, snapshotOfPage } from '../../server/models/pages';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { createAdminUser, signedInClient } from '../support/admin';
import { settableClock } from '../support/clock';
import { testDatabase } from '../support/database';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';

describe('render cache of anonymous page views', () => {
  let server: TestServer;
  let other: TestServer;
  let site: TestSite;
  const time = settableClock(new Date('2026-06-01T15:00:00Z'));

  before(async () => {
    server = await startTestServer({ RENDER_CACHE_SECONDS: '60' }, { clock: time.clock });
    // A second app on the same database: another process, with a render cache of its own.
    other = await startTestServer({ RENDER_CACHE_SECONDS: '60' }, { db: server.db, clock: time.clock });
    site = await createTestSite(server.db);
  });
  after(async () => {
    await server.close();
    await other.close();
  });

  const get = (path: string, headers: Record<string, string> = {}, on: TestServer = server) => request(on, path, { host: site.hostname, headers });

  async function contentPage(title: string) {
    return addChild(server.db, site.home, { title, slug: `catch-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
  }

  it('keeps a page after its first view and serves the same bytes again, with an ETag and shared-cache headers', async () => {
    const page = await contentPage('Daily Catch');
    const first = await get(`/${page.slug}/`);
    const second = await get(`/${page.slug}/`);
    expect([first.headers['x-render-cache'], second.headers['x-render-cache']]).to.deep.equal(['miss', 'hit']);
    expect(second.body).to.include('<title>Daily Catch</title>');
    expect(second.headers['cache-control']).to.equal('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(second.headers.etag).to.equal(first.headers.etag).and.to.match(/^W\/"/);
    expect(String(second.headers['surrogate-key']).split(' ')).to.have.members([`site-${site.site.id}`, `page-${page.id}`]);
    expect(second.body).to.equal(first.body);
  });

  it('answers a kept page with every header the rendered one had, its security headers included', async () => {
    const page = await contentPage('Lobster Pound');
    const [first, second] = [await get(`/${page.slug}/`), await get(`/${page.slug}/`)];
    const comparable = (response: TestResponse) => {
      const { date: _date, 'x-render-cache': _outcome, ...rest } = response.headers;
      return rest;
    };
    expect(second.headers['x-render-cache']).to.equal('hit');
    expect(comparable(second)).to.deep.equal(comparable(first));
    expect(first.headers['x-frame-options']).to.equal('SAMEORIGIN');
  });

  it('answers a kept page gzipped to a client that takes gzip, and plain to one that refuses it', async () => {
    const page = await contentPage('Steamed Clams');
    const plain = await get(`/${page.slug}/`);
    const gzipped = await get(`/${page.slug}/`, { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
    expect(gzipped.headers['x-render-cache']).to.equal('hit');
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(Number(gzipped.headers['content-length'])).to.equal(gzipped.bytes.length);
    expect(gunzipSync(gzipped.bytes).toString('utf8')).to.equal(plain.body);
    const again = await get(`/${page.slug}/`, { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
    expect(again.bytes.equals(gzipped.bytes)).to.equal(true);
    const refused = await get(`/${page.slug}/`, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).to.equal(undefined);
    expect(refused.body).to.equal(plain.body);
  });

  it('answers 304 when If-None-Match names the page as kept, and the page when it changed', async () => {
    const page = await contentPage('Oyster Bar');
    const { headers } = await get(`/${page.slug}/`);
    const unchanged = await get(`/${page.slug}/`, { 'if-none-match': headers.etag! });
    expect(unchanged.status).to.equal(304);
    expect(unchanged.body).to.equal('');
    await publishNewTitle(page.id, 'Oyster Bar & Grill');
    const changed = await get(`/${page.slug}/`, { 'if-none-match': headers.etag! });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.include('Oyster Bar &amp; Grill');
  });

  it('shows a published change on the next request in every process', async () => {
    const page = await contentPage('Chowder');
    for (const on of [server, other]) {
      await get(`/${page.slug}/`, {}, on);
      expect((await get(`/${page.slug}/`, {}, on)).headers['x-render-cache']).to.equal('hit');
    }
    await publishNewTitle(page.id, 'Clam Chowder');
    for (const on of [server, other]) {
      const response = await get(`/${page.slug}/`, {}, on);
      expect(response.body).to.include('<title>Clam Chowder</title>');
      expect(response.headers['x-render-cache']).to.equal('miss');
    }
    // The menu of every page on the site shows its pages: a new one in the menu shows on the home page too.
    await get('/', {}, other);
    await addChild(server.db, site.home, { title: 'Lobster Shack', slug: `shack-${uniqueSuffix()}`, pageType: 'blank_page', content: {}, showInMenus: true });
    expect((await get('/', {}, other)).body).to.include('Lobster Shack');
  });

  it('renders a kept page again once it is older than RENDER_CACHE_SECONDS, as pages show the time', async () => {
    const page = await contentPage('Happy Hour');
    await get(`/${page.slug}/`);
    time.set(new Date(time.clock().getTime() + 59_000));
    expect((await get(`/${page.slug}/`)).headers['x-render-cache']).to.equal('hit');
    time.set(new Date(time.clock().getTime() + 2_000));
    expect((await get(`/${page.slug}/`)).headers['x-render-cache']).to.equal('miss');
  });

  it('sets no cookie and stores no session for an anonymous page view', async () => {
    const page = await contentPage('Crab Feast');
    const sessionsBefore = await server.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    for (let view = 0; view < 2; view += 1) expect((await get(`/${page.slug}/`)).headers['set-cookie']).to.equal(undefined);
    const sessionsAfter = await server.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(sessionsAfter.count)).to.equal(Number(sessionsBefore.count));
  });

  it('never keeps nor serves from the cache a restricted page', async () => {
    const page = await contentPage('Crew Notes');
    await get(`/${page.slug}/`);
    await addViewRestriction(server.db, page, { type: 'password', password: 'lobster-bisque' });
    for (let view = 0; view < 2; view += 1) {
      const response = await get(`/${page.slug}/`);
      expect(response.headers['x-render-cache']).to.equal(undefined);
      expect(response.headers['cache-control']).to.equal('private, no-store');
      expect(response.body).to.not.include('<title>Crew Notes</title>');
    }
  });

  it('never answers a signed-in editor from the cache, nor keeps what an editor was shown', async () => {
    const page = await contentPage('Fish Tacos');
    await get(`/${page.slug}/`);
    const editor = await signedInClient(server, await createAdminUser(server.db));
    const seen = await request(server, `/${page.slug}/`, { host: site.hostname, headers: { cookie: editor.jar.header() } });
    expect(seen.status).to.equal(200);
    expect(seen.headers['x-render-cache']).to.equal(undefined);
    expect(seen.headers['surrogate-key']).to.equal(undefined);
  });

  it('never keeps a page with a form, which carries the visitor’s CSRF token, nor a form shown again with errors', async () => {
    const contact = await addContactPage(server.db, site);
    const views = [await get(`/${contact.slug}/`), await get(`/${contact.slug}/`)];
    for (const view of views) {
      expect(view.headers['x-render-cache']).to.equal(undefined);
      expect(view.headers['set-cookie']?.join(';')).to.include('csrftoken=');
    }
    const token = /"csrf_token":"([^"]+)"/.exec(views[1]!.body)![1]!;
    const cookie = views[1]!.headers['set-cookie']!.map((header) => header.split(';')[0]).join('; ');
    const posted = await request(server, `/${contact.slug}/`, {
      method: 'POST',
      host: site.hostname,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfmiddlewaretoken: token, email: 'not-an-email' }).toString(),
    });
    expect(posted.status).to.equal(200);
    expect(posted.headers['x-render-cache']).to.equal(undefined);
    expect((await get(`/${contact.slug}/`)).body).to.not.include('not-an-email');
  });

  async function publishNewTitle(pageId: number, title: string): Promise<void> {
    const page = await server.db.selectFrom('pages').selectAll().where('id', '=', pageId).executeTakeFirstOrThrow();
    const revision = await saveRevision(server.db, page, { ...snapshotOfPage(page), title });
    await publishRevision(server.db, revision.id);
  }
});

describe('render cache following the public-pages generation by NOTIFY', () => {
  const time = settableClock(new Date('2026-06-01T15:00:00Z'));
  let servers: TestServer[];
  let watchers: WatchedGeneration[];
  let site: TestSite;
  let reads = 0;

  before(async () => {
    const database = await testDatabase();
    const read = () => {
      reads += 1;
      return readCacheGeneration(database.db, PUBLIC_PAGES_GENERATION);
    };
    // Two processes, each with its own subscription, as serve.ts gives every worker.
    watchers = [watchedGeneration(PUBLIC_PAGES_GENERATION, read, database.listen), watchedGeneration(PUBLIC_PAGES_GENERATION, read, database.listen)];
    servers = await Promise.all(watchers.map((watcher) => startTestServer({ RENDER_CACHE_SECONDS: '60' }, { clock: time.clock, publicPagesGeneration: watcher })));
    site = await createTestSite(servers[0]!.db);
    // Subscribed once asking both again reads nothing.
    await until(async () => {
      const before = reads;
      await Promise.all(watchers.map((watcher) => watcher.current()));
      return reads === before;
    });
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all(watchers.map((watcher) => watcher.stop()));
  });

  it('serves kept pages without reading the generation, and shows a published change in every process once it is announced', async () => {
    const db = servers[0]!.db;
    const page = await addChild(db, site.home, { title: 'Chowder Hut', slug: `hut-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
    const readsBefore = reads;
    const view = (server: TestServer) => request(server, `/${page.slug}/`, { host: site.hostname });
    // The new page's own notice may still be on its way when the first view is kept, so a view
    // rendered under the generation before it is kept for that generation only.
    for (const server of servers) await until(async () => (await view(server)).headers['x-render-cache'] === 'hit');
    const row = await db.selectFrom('pages').selectAll().where('id', '=', page.id).executeTakeFirstOrThrow();
    await publishRevision(db, (await saveRevision(db, row, { ...snapshotOfPage(row), title: 'Chowder Hut & Raw Bar' })).id);
    // The clock stands still, so only the announcement can end the kept copies.
    for (const server of servers) await until(async () => (await view(server)).body.includes('<title>Chowder Hut &amp; Raw Bar</title>'));
    expect(reads).to.equal(readsBefore);
  });
});

describe('page data reused between renders', () => {
  const time = settableClock(new Date('2026-06-01T15:00:00Z'));
  let server: TestServer;
  let other: TestServer;
  let site: TestSite;

  before(async () => {
    // Every view is rendered (no kept HTML); what the page is built from is reused.
    server = await startTestServer({ RENDER_CACHE_SECONDS: '0', PAGE_DATA_CACHE_SECONDS: '60' }, { clock: time.clock });
    other = await startTestServer({ RENDER_CACHE_SECONDS: '0', PAGE_DATA_CACHE_SECONDS: '60' }, { db: server.db, clock: time.clock });
    site = await createTestSite(server.db);
  });
  after(async () => {
    await server.close();
    await other.close();
  });

  const view = (path: string, on: TestServer, headers: Record<string, string> = {}) => request(on, path, { host: site.hostname, headers });

  it('renders a published change, a new page and a moved one on the next view in every process', async () => {
    const page = await addChild(server.db, site.home, { title: 'Crab Shack', slug: `shack-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
    for (const on of [server, other]) expect((await view(`/${page.slug}/`, on)).body).to.include('<title>Crab Shack</title>');
    const row = await server.db.selectFrom('pages').selectAll().where('id', '=', page.id).executeTakeFirstOrThrow();
    await publishRevision(server.db, (await saveRevision(server.db, row, { ...snapshotOfPage(row), title: 'Crab Shack & Oyster Bar' })).id);
    for (const on of [server, other]) expect((await view(`/${page.slug}/`, on)).body).to.include('<title>Crab Shack &amp; Oyster Bar</title>');
    const later = `later-${uniqueSuffix()}`;
    expect((await view(`/${later}/`, server)).status).to.equal(404);
    await addChild(server.db, site.home, { title: 'Late Arrival', slug: later, pageType: 'blank_page', content: {} });
    expect((await view(`/${later}/`, server)).body).to.include('<title>Late Arrival</title>');
  });

  it('renders a page viewed before again ahead of the app, with the same bytes and headers, and its length when gzipped', async () => {
    const page = await addChild(server.db, site.home, { title: 'Chowder House', slug: `chowder-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
    const routed = await view(`/${page.slug}/`, server);
    const again = await view(`/${page.slug}/`, server);
    expect(again.body).to.equal(routed.body).and.include('<title>Chowder House</title>');
    const headers = (response: TestResponse) => {
      const { date: _date, ...rest } = response.headers;
      return rest;
    };
    expect(headers(again)).to.deep.equal(headers(routed));
    expect(again.headers.etag).to.match(/^W\/"/);
    expect(again.headers['x-render-cache']).to.equal(undefined);
    expect((await view(`/${page.slug}/`, server, { 'if-none-match': again.headers.etag! })).status).to.equal(304);
    // The app streams what it compresses; a page rendered ahead of it is compressed whole.
    const gzipped = await view(`/${page.slug}/`, server, { 'accept-encoding': 'gzip' });
    expect(Number(gzipped.headers['content-length'])).to.equal(gzipped.bytes.length);
    expect(gunzipSync(gzipped.bytes).toString('utf8')).to.equal(routed.body);
  });

  it('answers a visitor with a session through the app, never ahead of it', async () => {
    const page = await addChild(server.db, site.home, { title: 'Oyster Bar', slug: `oyster-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
    await view(`/${page.slug}/`, server);
    const gzipped = await view(`/${page.slug}/`, server, { 'accept-encoding': 'gzip', cookie: 'sessionid=unknown-session' });
    expect(gzipped.headers['transfer-encoding']).to.equal('chunked');
    expect(gunzipSync(gzipped.bytes).toString('utf8')).to.include('<title>Oyster Bar</title>');
  });

  it('shows a page restricted since its last view only to those who pass the restriction', async () => {
    const page = await addChild(server.db, site.home, { title: 'Galley Notes', slug: `galley-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
    await view(`/${page.slug}/`, server);
    await addViewRestriction(server.db, page, { type: 'password', password: 'chowder-pot' });
    const response = await view(`/${page.slug}/`, server);
    expect(response.body).to.not.include('<title>Galley Notes</title>');
    expect(response.headers['cache-control']).to.equal('private, no-store');
  });

  it('draws each view of a page with a form with a captcha challenge of its own', async () => {
    const contact = await addContactPage(server.db, site);
    const challenge = async () => /"value":"(\d{1,15}\.[\w-]{16}\.[\w-]{43})"/.exec((await view(`/${contact.slug}/`, server)).body)?.[1];
    const [first, second] = [await challenge(), await challenge()];
    expect(first).to.be.a('string');
    expect(second).to.be.a('string').and.not.equal(first);
  });
});

/** A contact page, whose form carries a CSRF token and a captcha challenge. */
function addContactPage(db: Db, site: TestSite) {
  return addChild(db, site.home, {
    title: 'Contact Us',
    slug: `contact-${uniqueSuffix()}`,
    pageType: 'contact_us_page',
    content: { body: [], form_intro: 'We answer within two days.', to_address: 'guests@harbor.example' },
  });
}

/** Asks `check` again every 20 ms until it holds; fails after five seconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Still not so after five seconds');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
