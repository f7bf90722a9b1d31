import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import { createSite } from '../../server/models/sites';
import { addChild } from '../../server/models/pages';
import { createAdminUser, signedInClient } from '../support/admin';
import { apiSession } from '../support/api-session';
import { addFooterPage, createTestSite, ensureRoot, sampleFooter, uniqueSuffix, type TestSite } from '../support/fixtures';
import { uniqueClientAddress } from '../support/forms';
import { request, startTestServer, type TestServer } from '../support/server';

const SITE_FILES = ['/integration-manifest.json', '/robots.txt', '/.well-known/security.txt', '/sitemap.xml'];

describe('requests at the edge', () => {
  let server: TestServer;
  let testSite: TestSite;
  before(async () => {
    server = await startTestServer();
    testSite = await createTestSite(server.db);
    await addFooterPage(server.db, testSite.home, sampleFooter());
  });
  after(() => server.close());

  describe('the Host header', () => {
    for (const path of ['/', ...SITE_FILES]) {
      it(`refuses ${path} for a host that names no site and no allowed host with 400, without repeating it`, async () => {
        const response = await request(server, path, { host: 'evil.example' });
        expect(response.status).to.equal(400);
        expect(response.body).to.not.include('evil.example');
      });
    }

    it("serves a site's own hostname on any port, and the local machine by default", async () => {
      expect((await request(server, '/robots.txt', { host: testSite.hostname })).status).to.equal(200);
      expect((await request(server, '/robots.txt', { host: `${testSite.hostname}:8443` })).status).to.equal(200);
      for (const host of ['localhost:8000', 'localhost', '127.0.0.1', `127.0.0.1:${server.port}`, '[::1]:8000']) {
        expect((await request(server, '/robots.txt', { host })).status, host).to.equal(200);
      }
    });

    it('serves the hosts ALLOWED_HOSTS lists, with a leading dot for subdomains, and any host for *', async () => {
      const listed = await startTestServer({ ALLOWED_HOSTS: 'www.harbor-partner.test, .harbor-cdn.test' });
      const any = await startTestServer({ ALLOWED_HOSTS: '*' });
      try {
        for (const host of ['www.harbor-partner.test', 'harbor-cdn.test', 'eu.harbor-cdn.test:8080']) {
          expect((await request(listed, '/robots.txt', { host })).status, host).to.equal(200);
        }
        for (const host of ['harbor-partner.test', 'localhost', 'evilharbor-cdn.test']) {
          expect((await request(listed, '/robots.txt', { host })).status, host).to.equal(400);
        }
        expect((await request(any, '/robots.txt', { host: 'anything.example' })).status).to.equal(200);
      } finally {
        await Promise.all([listed.close(), any.close()]);
      }
    });

    it('answers a Host with a bad port with 400, where the footer region nav failed with 500', async () => {
      for (const host of [`${testSite.hostname}:abc`, `${testSite.hostname}:99999`, `${testSite.hostname}:0`, 'localhost:abc']) {
        const response = await request(server, '/', { host });
        expect(response.status, host).to.equal(400);
        expect(response.body).to.include('The Host header is missing or is not a valid host name and port.');
      }
      expect((await request(server, '/', { host: testSite.hostname })).status).to.equal(200);
    });

    it('still answers the load balancer health check by address', async () => {
      expect((await request(server, '/admin/load-balancer-ht/', { host: '10.1.2.3:8000' })).status).to.equal(200);
    });
  });

  describe('absolute URLs', () => {
    it('take host and port from the matched site, not from the Host header', async () => {
      const root = await ensureRoot(server.db);
      const slug = `ported-${uniqueSuffix()}`;
      const home = await addChild(server.db, root, { title: 'Ported Home', slug, pageType: 'home_page', content: { body: [] } });
      const hostname = `${slug}.test`;
      await createSite(server.db, { hostname, port: 8080, rootPageId: home.id });
      const origin = `http://${hostname}:8080`;
      for (const path of SITE_FILES) {
        // The hostname's only site answers any port, as in Wagtail; the port it names is ignored.
        const response = await request(server, path, { host: `${hostname}:9999` });
        expect(response.status, path).to.equal(200);
        expect(response.body, path).to.include(origin);
        expect(response.body, path).to.not.include(':9999');
      }
      const manifest = (await request(server, '/integration-manifest.json', { host: `${hostname}:9999` })).json<{ footer: { url: string } }>();
      expect(manifest.footer.url).to.equal(`${origin}/blocks/footer/`);
    });
  });

  describe('NUL bytes', () => {
    it('answers a path holding a NUL byte with 404', async () => {
      for (const path of ['/%00/', '/our-story%00/', '/media/images/a%00.png', '/api/waitlist/%00/']) {
        const response = await request(server, path, { host: testSite.hostname });
        expect(response.status, path).to.equal(404);
      }
    });

    it('answers ?lastName=%00 on a reservation with 400', async () => {
      const response = await request(server, '/api/reservations/ABC123/?lastName=%00', { host: testSite.hostname, headers: { accept: 'application/json' } });
      expect(response.status).to.equal(400);
      expect(response.json()).to.deep.equal({ error: 'The request holds a NUL character, which no field accepts.' });
    });

    it('answers the admin page search for %00 with 400', async () => {
      const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
      const response = await admin.get('/wagtail/pages/search/?q=%00');
      expect(response.status).to.equal(400);
      expect((await admin.get('/wagtail/pages/search/?q=chowder')).status).to.equal(200);
    });

    it('answers NUL bytes in a JSON body, a form body or a cookie with 400', async () => {
      const api = await apiSession(server, testSite.hostname);
      const json = await api.send('/api/waitlist/', { json: { rlid: 1, firstName: 'A\u0000' } });
      expect(json.status).to.equal(400);
      const form = await api.send('/api/fcc/unsubscribe/', { form: { Email: 'a\u0000@example.com' } });
      expect(form.status).to.equal(400);
      const cookie = await request(server, '/wagtail/login/', { headers: { cookie: 'sessionid=%00' } });
      expect(cookie.status).to.equal(400);
    });
  });

  describe('forwarded headers', () => {
    const manifestOrigin = async (target: TestServer, site: TestSite, headers: Record<string, string>) =>
      (await request(target, '/integration-manifest.json', { host: site.hostname, headers })).json<{ footer: { url: string } }>().footer.url;

    it('ignores X-Forwarded-For and X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
      const elsewhere = await startTestServer({ TRUST_PROXY: '10.9.8.7', FORM_POSTS_PER_WINDOW: '2', LOGIN_FAILURES_PER_IP: '2' });
      try {
        const site = await createTestSite(elsewhere.db);
        const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' };
        expect(await manifestOrigin(elsewhere, site, forged)).to.equal(`http://${site.hostname}/blocks/footer/`);
        const page = await request(elsewhere, '/', { host: site.hostname, headers: forged });
        expect(page.headers['strict-transport-security']).to.equal(undefined);

        const client = await loopbackClient(elsewhere, site.hostname);
        const unsubscribes = await client.attempts(3, '/api/fcc/unsubscribe/', () => ({ Email: 'edge@example.com' }));
        expect(unsubscribes[2]).to.equal(429);
        const signIns = await client.attempts(3, '/wagtail/login/', () => ({ username: `nobody-${uniqueSuffix()}`, password: 'wrong-password' }));
        expect(signIns[2]).to.equal(429);
      } finally {
        await elsewhere.close();
      }
    });

    it('believes them from a trusted proxy: the client address counts per visitor, the scheme reaches URLs and HSTS', async () => {
      const behindProxy = await startTestServer({ TRUST_PROXY: 'loopback', FORM_POSTS_PER_WINDOW: '2', LOGIN_FAILURES_PER_IP: '2' });
      try {
        const site = await createTestSite(behindProxy.db);
        expect(await manifestOrigin(behindProxy, site, { 'x-forwarded-proto': 'https' })).to.equal(`https://${site.hostname}/blocks/footer/`);
        const page = await request(behindProxy, '/', { host: site.hostname, headers: { 'x-forwarded-proto': 'https' } });
        expect(page.headers['strict-transport-security']).to.match(/^max-age=\d+/);

        const client = await loopbackClient(behindProxy, site.hostname);
        expect(await client.attempts(3, '/api/fcc/unsubscribe/', () => ({ Email: 'edge@example.com' }))).to.deep.equal([200, 200, 200]);
        const signIns = await client.attempts(3, '/wagtail/login/', () => ({ username: `nobody-${uniqueSuffix()}`, password: 'wrong-password' }));
        expect(signIns).to.deep.equal([400, 400, 400]);
      } finally {
        await behindProxy.close();
      }
    });
  });
});

/**
 * A browser on a loopback address of its own (so the lockouts it earns touch no other test),
 * whose posts each claim a fresh address in X-Forwarded-For, as a client dodging limits would.
 */
async function loopbackClient(server: TestServer, host: string) {
  const localAddress = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
  const token = await request(server, '/api-nc/csrftoken/', { host, localAddress });
  const cookie = String(token.headers['set-cookie']![0]!.split(';')[0]);
  const csrfToken = token.json<{ csrf_token: string }>().csrf_token;
  return {
    /** Posts the fields `count` times; the statuses, in order. */
    async attempts(count: number, path: string, fields: () => Record<string, string>): Promise<number[]> {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < count; attempt++) {
        const response = await request(server, path, {
          method: 'POST',
          host,
          localAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'x-csrftoken': csrfToken, 'x-forwarded-for': uniqueClientAddress() },
          body: new URLSearchParams(fields()).toString(),
        });
        statuses.push(response.status);
      }
      return statuses;
    },
  };
}
