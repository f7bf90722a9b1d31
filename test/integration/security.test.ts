import { expect } from 'chai';
import { createTestSite, type TestSite } from '../support/fixtures';
import { request, startTestServer, type TestServer } from '../support/server';

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
      expect(csp.get('style-src')).to.deep.equal(["'self'", "'unsafe-inline'"]);
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
    });

    it('frames and posts to exactly the origins the configured services and FRAME_ORIGINS name', async () => {
      const response = await request(server, '/', { host: testSite.hostname, headers: { 'x-forwarded-proto': 'https' } });
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('frame-src')).to.deep.equal(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://captcha.example.io', 'https://menus.example.com']);
      expect(csp.get('form-action')).to.deep.equal(["'self'", 'https://a11y.example.com']);
    });
  });
});
