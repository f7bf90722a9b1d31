import { expect } from 'chai';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient, TEST_PASSWORD } from '../support/admin';
import { apiSession } from '../support/api-session';
import { CookieJar } from '../support/cookies';
import { addFooterPage, createTestSite, sampleFooter, type TestSite } from '../support/fixtures';
import { preloadedOf } from '../support/preloaded';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

/** What a csrf-csrf token looks like: an HMAC and a random value, both hex. */
const TOKEN_PATTERN = /[0-9a-f]{64}\.[0-9a-f]{64}/;

describe('CSRF tokens', () => {
  let server: TestServer;
  let testSite: TestSite;
  const rlid = uniqueRlidBase();

  before(async () => {
    server = await startTestServer();
    testSite = await createTestSite(server.db);
    await addFooterPage(server.db, testSite.home, sampleFooter());
    await insertLocations(server.db, [testLocation(rlid)]);
  });
  after(() => server.close());

  /** Posts the account form with these cookies and this token; what a forged or real submission sends. */
  function postAccount(cookies: string, token: string, firstName: string) {
    return request(server, '/wagtail/account/', {
      method: 'POST',
      body: new URLSearchParams({ csrfmiddlewaretoken: token, first_name: firstName }).toString(),
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
  }

  async function firstNameOf(userId: number): Promise<string> {
    return (await server.db.selectFrom('users').select('first_name').where('id', '=', userId).executeTakeFirstOrThrow()).first_name;
  }

  it("refuses an anonymous visitor's token planted on a signed-in session (403), and takes the session's own", async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const victim = await signedInClient(server, user);
    const attacker = await apiSession(server);
    const anonymousToken = attacker.jar.get('csrftoken')!;

    const forged = await postAccount(`sessionid=${victim.jar.get('sessionid')}; csrftoken=${anonymousToken}`, anonymousToken, 'Mallory');
    expect(forged.status).to.equal(403);
    expect(await firstNameOf(user.id)).to.equal('');

    const own = await victim.post('/wagtail/account/', { first_name: 'Grace' });
    expect(own.status).to.equal(303);
    expect(await firstNameOf(user.id)).to.equal('Grace');
  });

  it('hands out a fresh token on sign-in and refuses the one from before', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const client = new AdminClient(server);
    await client.get('/wagtail/login/');
    const before = client.jar.get('csrftoken')!;
    const signIn = await client.signIn(user.username, TEST_PASSWORD);
    expect(signIn.status).to.equal(303);
    const after = client.jar.get('csrftoken')!;
    expect(after).to.match(TOKEN_PATTERN).and.not.equal(before);

    const stale = await postAccount(`sessionid=${client.jar.get('sessionid')}; csrftoken=${before}`, before, 'Stale');
    expect(stale.status).to.equal(403);
    expect(await firstNameOf(user.id)).to.equal('');
    expect((await client.post('/wagtail/account/', { first_name: 'Fresh' })).status).to.equal(303);
    expect(await firstNameOf(user.id)).to.equal('Fresh');
  });

  it('hands out a fresh token on the public sign-in too, and the visitor forms still get theirs from /api-nc/csrftoken/', async () => {
    const user = await createAdminUser(server.db, { superuser: true });
    const jar = new CookieJar();
    const send = async (path: string, form?: Record<string, string>) => {
      const response = await request(server, path, {
        host: testSite.hostname,
        method: form ? 'POST' : 'GET',
        body: form ? new URLSearchParams({ csrfmiddlewaretoken: jar.get('csrftoken') ?? '', ...form }).toString() : undefined,
        headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      });
      jar.store(response.headers);
      return response;
    };
    await send('/_util/login/');
    const before = jar.get('csrftoken');
    expect((await send('/_util/login/', { username: user.username, password: TEST_PASSWORD })).status).to.equal(303);
    expect(jar.get('csrftoken')).to.match(TOKEN_PATTERN).and.not.equal(before);

    const fetched = await send('/api-nc/csrftoken/');
    expect(fetched.json<{ csrf_token: string }>().csrf_token).to.equal(jar.get('csrftoken'));
  });

  it('gives a token and its cookie only to a page holding a form; an anonymous view of any other page sets no cookie', async () => {
    const contact = await addChild(server.db, testSite.home, {
      title: 'Contact Us',
      slug: `contact-${Date.now()}`,
      pageType: 'contact_us_page',
      content: { body: [], to_address: 'guests@csrf.example' },
    });
    const home = await request(server, '/', { host: testSite.hostname });
    expect(home.status).to.equal(200);
    expect(home.headers['set-cookie']).to.equal(undefined);
    expect(preloadedOf(home.body).context.csrf_token).to.equal('');

    const form = await request(server, `/${contact.slug}/`, { host: testSite.hostname });
    expect(form.status).to.equal(200);
    const token = preloadedOf(form.body).context.csrf_token;
    expect(token).to.match(TOKEN_PATTERN);
    expect(String(form.headers['set-cookie'])).to.include(`csrftoken=${token}`);
    expect(form.body).to.include(`name="csrfmiddlewaretoken" value="${token}"`);
  });

  describe('on publicly cacheable responses', () => {
    /** Every route that answers `Cache-Control: public`: a shared cache would hand its cookies and body to everyone. */
    const cacheable = () => [
      { path: '/blocks/footer/', host: testSite.hostname },
      { path: '/integration-manifest.json', host: testSite.hostname },
      { path: '/sitemap.xml', host: testSite.hostname },
      { path: '/robots.txt', host: testSite.hostname },
      { path: '/.well-known/security.txt', host: testSite.hostname },
      { path: '/api/location/getlocations/?latitude=43.66&longitude=-70.26' },
      { path: `/api/location/getlocation/?rlid=${rlid}` },
      { path: '/api/location/geocode/?q=Portland%2C%20ME' },
      { path: '/location-map/atlas.json' },
      { path: `/location-map/${rlid}/mobile.png` },
    ];

    async function expectNothingPersonal(cookie: string | undefined, ownToken?: string) {
      for (const { path, host } of cacheable()) {
        const response = await request(server, path, { ...(host ? { host } : {}), headers: cookie ? { cookie } : {} });
        expect(response.status, path).to.equal(200);
        expect(response.headers['cache-control'], path).to.match(/\bpublic\b/);
        expect(response.headers['set-cookie'], path).to.equal(undefined);
        expect(response.body, path).to.not.match(TOKEN_PATTERN);
        if (ownToken) expect(response.body, path).to.not.include(ownToken);
      }
    }

    it('sets no cookie and embeds no token for an anonymous visitor', async () => {
      await expectNothingPersonal(undefined);
      const footer = await request(server, '/blocks/footer/', { host: testSite.hostname });
      expect(preloadedOf(footer.body).context.csrf_token).to.equal('');
    });

    it('sets no cookie and embeds no token for a signed-in editor either', async () => {
      const editor = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
      await editor.get('/wagtail/');
      await expectNothingPersonal(editor.jar.header(), editor.jar.get('csrftoken'));
    });
  });
});
