import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createMediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { addChild } from '../../server/models/pages';
import { createAdminUser, signedInClient } from '../support/admin';
import { CookieJar } from '../support/cookies';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { solidImage } from '../support/images';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers and outside scripts', () => {
  describe('with no outside service configured', () => {
    let server: TestServer;
    let testSite: TestSite;
    before(async () => {
      server = await startTestServer();
      testSite = await createTestSite(server.db);
    });
    after(() => server.close());

    it('sends a strict CSP that runs the site’s own scripts and no inline one, and no X-Powered-By', async () => {
      const response = await request(server, '/', { host: testSite.hostname });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('script-src')).to.deep.equal(["'self'"]);
      expect(csp.get('frame-ancestors')).to.deep.equal(["'self'"]);
      expect(csp.get('object-src')).to.deep.equal(["'none'"]);
      expect(csp.get('base-uri')).to.deep.equal(["'self'"]);
      // No inline style but the error page's own style element, by its hash.
      expect(csp.get('style-src')).to.have.length(2);
      expect(csp.get('style-src')![0]).to.equal("'self'");
      expect(csp.get('style-src')![1]).to.match(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(csp.get('worker-src')).to.deep.equal(["'self'"]);
      expect(response.headers['x-powered-by']).to.equal(undefined);
      expect(response.headers['strict-transport-security']).to.equal(undefined);
      expect(response.headers['cross-origin-opener-policy']).to.equal(undefined);
      // Every script the page runs is a file of the site; its only inline one is data.
      const scriptTags = response.body.match(/<script[^>]*>/g) ?? [];
      expect(scriptTags).to.have.length(2);
      expect(scriptTags.filter((tag) => !/\bsrc="\/static\/dist\//.test(tag))).to.deep.equal(['<script type="application/json" id="preloaded">']);
    });

    it('lets pages frame only the video players and the default map, and post forms only to the site itself', async () => {
      const response = await request(server, '/', { host: testSite.hostname, headers: { 'x-forwarded-proto': 'https' } });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('frame-src')).to.deep.equal(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://www.openstreetmap.org']);
      expect(csp.get('form-action')).to.deep.equal(["'self'"]);
      // No proxy is trusted here, so a claimed https is not believed.
      expect(response.headers['strict-transport-security']).to.equal(undefined);
    });

    it("allows the error page's style element by its hash, and the page has no style attribute", async () => {
      const error = await request(server, '/static/no-such-file.css', { host: testSite.hostname, headers: { accept: 'text/html' } });
      expect(error.status).to.equal(404);
      const style = /<style>([^<]*)<\/style>/.exec(error.body)?.[1];
      expect(style, 'the error page has a style element').to.be.a('string');
      const hash = `'sha256-${createHash('sha256').update(style!).digest('base64')}'`;
      expect(directives(String(error.headers['content-security-policy'])).get('style-src')).to.deep.equal(["'self'", hash]);
      expect(error.body).to.not.match(/\sstyle=/);
    });

    it('loads no outside resource at all', async () => {
      const response = await request(server, '/', { host: testSite.hostname });
      const urls = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
      expect(urls.filter((url) => /^(https?:)?\/\//.test(url))).to.deep.equal([]);
      expect(response.body).to.not.include('data-outside');
    });

    it('sends the same policy on every response, rendered or kept, and on the back office', async () => {
      const path = `/?policy=${Date.now()}`;
      const first = await request(server, path, { host: testSite.hostname });
      const second = await request(server, path, { host: testSite.hostname });
      const admin = await request(server, '/wagtail/login/', { host: testSite.hostname });
      expect([first.headers['x-render-cache'], second.headers['x-render-cache']]).to.deep.equal(['miss', 'hit']);
      expect(second.headers['content-security-policy']).to.equal(first.headers['content-security-policy']);
      expect(admin.headers['content-security-policy']).to.equal(first.headers['content-security-policy']);
    });
  });

  describe('with a hosted captcha', () => {
    let server: TestServer;
    let testSite: TestSite;
    before(async () => {
      server = await startTestServer({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET_KEY: 'secret-key' });
      testSite = await createTestSite(server.db);
    });
    after(() => server.close());

    it("lets pages frame the captcha's widget", async () => {
      const response = await request(server, '/', { host: testSite.hostname });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('frame-src')).to.deep.equal([
        "'self'",
        'https://www.youtube-nocookie.com',
        'https://player.vimeo.com',
        'https://challenges.cloudflare.com',
        'https://www.openstreetmap.org',
      ]);
    });
  });

  describe('with every outside service configured behind an HTTPS proxy', () => {
    let server: TestServer;
    let testSite: TestSite;
    before(async () => {
      server = await startTestServer({
        TRUST_PROXY: '1',
        CONSENT_SCRIPT_URL: 'https://consent.example.com/otSDKStub.js',
        TAG_MANAGER_SCRIPT_URL: 'https://tags.example.net/gtm.js?id=GTM-TEST',
        GOOGLE_MAPS_API_KEY: 'public-test-key',
        FOOTER_SCRIPT_URL: 'https://footer.example.org/footer.js',
        CAPTCHA_SCRIPT_URL: 'https://captcha.example.io/api.js',
        SENTRY_DSN: 'https://abc@o1.ingest.sentry.example/42',
        ACCESSIBILITY_SERVICE_URL: 'https://a11y.example.com/report',
        FRAME_ORIGINS: 'https://menus.example.com',
      });
      testSite = await createTestSite(server.db);
    });
    after(() => server.close());

    it('loads each configured script and allows exactly their origins', async () => {
      const response = await request(server, '/', { host: testSite.hostname, headers: { 'x-forwarded-proto': 'https' } });
      for (const name of ['consent', 'tag-manager', 'maps', 'footer', 'captcha']) {
        expect(response.body).to.match(new RegExp(`<script src="[^"]+" data-outside="${name}"`));
      }
      expect(response.body).to.include('https://maps.googleapis.com/maps/api/js?key=public-test-key&amp;libraries=places%2Cgeometry');
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('script-src')!.filter((source) => source.startsWith('https://'))).to.deep.equal([
        'https://consent.example.com',
        'https://tags.example.net',
        'https://maps.googleapis.com',
        'https://footer.example.org',
        'https://captcha.example.io',
        'https://maps.gstatic.com',
      ]);
      expect(csp.get('connect-src')).to.include('https://o1.ingest.sentry.example');
      // The maps key also lets in what the maps API loads: tiles, styles, fonts and workers.
      expect(csp.get('img-src')).to.include.members(['https://maps.googleapis.com', 'https://maps.gstatic.com']);
      expect(csp.get('connect-src')).to.include('https://maps.googleapis.com');
      expect(csp.get('style-src')).to.include('https://fonts.googleapis.com');
      expect(csp.get('font-src')).to.include('https://fonts.gstatic.com');
      expect(csp.get('worker-src')).to.deep.equal(["'self'", 'blob:']);
      expect(response.headers['strict-transport-security']).to.match(/max-age=\d+/);
      expect(response.headers['cross-origin-opener-policy']).to.equal('same-origin');
      expect(response.body).to.include('"SENTRY_DSN":"https://abc@o1.ingest.sentry.example/42"');
      // The outside scripts insert styles of their own, which only 'unsafe-inline' lets in (there is no nonce).
      expect(csp.get('style-src')).to.deep.equal(["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']);
    });

    it('frames and posts to exactly the origins the configured services and FRAME_ORIGINS name', async () => {
      const response = await request(server, '/', { host: testSite.hostname, headers: { 'x-forwarded-proto': 'https' } });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('frame-src')).to.deep.equal(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://captcha.example.io', 'https://menus.example.com']);
      expect(csp.get('form-action')).to.deep.equal(["'self'", 'https://a11y.example.com']);
    });
  });

  describe('on every response', () => {
    let server: TestServer;
    let testSite: TestSite;
    before(async () => {
      server = await startTestServer({ TRUST_PROXY: '1' });
      testSite = await createTestSite(server.db);
    });
    after(() => server.close());

    /** One of each way a response is made: rendered and kept pages, a 404, the back office, an API, a static file, an error page. */
    async function responsesOfEveryKind(headers: Record<string, string>): Promise<Record<string, TestResponse>> {
      const page = `/?every=${uniqueSuffix()}`;
      const get = (address: string, extra: Record<string, string> = {}) => request(server, address, { host: testSite.hostname, headers: { ...headers, ...extra } });
      return {
        rendered: await get(page),
        kept: await get(page),
        'not found': await get(`/no-such-page-${uniqueSuffix()}/`),
        admin: await get('/wagtail/login/'),
        api: await get('/api-nc/csrftoken/'),
        static: await get('/static/css/site.css'),
        error: await get('/static/no-such-file.css', { accept: 'text/html' }),
      };
    }

    it('allows geolocation to the site alone and no camera, microphone, payment or USB, over HTTP and HTTPS', async () => {
      for (const scheme of ['http', 'https']) {
        for (const [kind, response] of Object.entries(await responsesOfEveryKind({ 'x-forwarded-proto': scheme }))) {
          const policy = String(response.headers['permissions-policy']);
          expect(policy, `${scheme} ${kind}`).to.include('geolocation=(self)');
          for (const denied of ['camera=()', 'microphone=()', 'payment=()', 'usb=()']) expect(policy, `${scheme} ${kind}`).to.include(denied);
        }
      }
    });

    it('isolates the browsing context (COOP same-origin) on every response over HTTPS', async () => {
      const responses = await responsesOfEveryKind({ 'x-forwarded-proto': 'https' });
      expect(responses.kept!.headers['x-render-cache']).to.equal('hit');
      for (const [kind, response] of Object.entries(responses)) expect(response.headers['cross-origin-opener-policy'], kind).to.equal('same-origin');
    });
  });

  describe('what shared caches may keep', () => {
    let server: TestServer;
    let testSite: TestSite;
    let mediaDir: string;
    before(async () => {
      mediaDir = mkdtempSync(path.join(os.tmpdir(), 'cache-control-'));
      server = await startTestServer({ MEDIA_DIR: mediaDir });
      testSite = await createTestSite(server.db);
    });
    after(() => server.close());

    const get = (address: string, headers: Record<string, string> = {}) => request(server, address, { host: testSite.hostname, headers });

    it('keeps an anonymous page without a form public, as kept', async () => {
      const address = `/?public=${uniqueSuffix()}`;
      const first = await get(address);
      const second = await get(address);
      expect([first.headers['x-render-cache'], second.headers['x-render-cache']]).to.deep.equal(['miss', 'hit']);
      for (const response of [first, second]) expect(response.headers['cache-control']).to.match(/^public, max-age=0, s-maxage=\d+/);
    });

    it("makes a page with a form private, whether or not it sets the visitor's cookie", async () => {
      const contact = await addChild(server.db, testSite.home, { title: 'Contact us', slug: `contact-${uniqueSuffix()}`, pageType: 'contact_us_page', content: {} });
      const jar = new CookieJar();
      const first = await get(`/${contact.slug}/`);
      expect(first.body).to.include('name="csrfmiddlewaretoken"');
      expect(first.headers['set-cookie']).to.be.an('array');
      expect(first.headers['cache-control']).to.equal('private, no-store');
      jar.store(first.headers);
      const again = await get(`/${contact.slug}/`, { cookie: jar.header() });
      expect(again.body).to.include('name="csrfmiddlewaretoken"');
      expect(again.headers['cache-control']).to.equal('private, no-store');
    });

    it('makes a signed-in view of a public page private, and keeps none of it', async () => {
      const client = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
      const address = `/?signed-in=${uniqueSuffix()}`;
      for (let view = 0; view < 2; view += 1) {
        const response = await get(address, { cookie: client.jar.header() });
        expect(response.status).to.equal(200);
        expect(response.headers['cache-control']).to.equal('private, no-store');
        expect(response.headers['x-render-cache']).to.equal(undefined);
      }
      // An anonymous visitor of the same address is answered a public page.
      expect((await get(address)).headers['cache-control']).to.match(/^public\b/);
    });

    it('lets shared caches keep an anonymous 404 briefly, and keeps a signed-in one private', async () => {
      const missing = `/no-such-page-${uniqueSuffix()}/`;
      const anonymous = await get(missing);
      expect(anonymous.status).to.equal(404);
      expect(anonymous.headers['set-cookie']).to.equal(undefined);
      expect(anonymous.headers['cache-control']).to.match(/^public, max-age=0, s-maxage=\d+$/);
      const client = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
      const signedIn = await get(missing, { cookie: client.jar.header() });
      expect(signedIn.status).to.equal(404);
      expect(signedIn.headers['cache-control']).to.equal('private, no-store');
    });

    it("makes the back office's permission-checked image previews private", async () => {
      const user = await createAdminUser(server.db, { superuser: true });
      const image = await createImage(server.db, createMediaStorage(mediaDir), { title: `Preview ${uniqueSuffix()}`, bytes: await solidImage(60, 40), uploadedBy: user.id });
      const client = await signedInClient(server, user);
      const preview = await client.get(`/wagtail/images/${image.id}/preview/fill-30x20/`);
      expect(preview.status).to.equal(200);
      expect(preview.headers['content-type']).to.equal('image/png');
      expect(preview.headers['cache-control']).to.match(/^private, no-store\b/);
    });
  });
});
