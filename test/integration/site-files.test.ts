import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { addChild } from '../../server/models/pages';
import { DEFAULT_SITE_SETTINGS, saveSiteSettings } from '../../server/models/site-settings';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { addFooterPage, createTestSite, sampleFooter, type TestSite } from '../support/fixtures';
import { preloadedOf } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

const SITEMAP_XSD = readFileSync(new URL('../fixtures/sitemap.xsd', import.meta.url), 'utf8');

describe('site-level routes', () => {
  let server: TestServer;
  let testSite: TestSite;

  before(async () => {
    server = await startTestServer();
    testSite = await createTestSite(server.db, { settings: { securityContact: 'mailto:security@harbor.test' } });
    const { db } = server;
    const { home } = testSite;
    const story = await addChild(db, home, { title: 'Our Story', slug: 'our-story', pageType: 'content_page', content: { body: [] } });
    await addChild(db, story, { title: 'Fish & Chips', slug: 'fish-chips', pageType: 'blank_page', content: {} });
    await addChild(db, home, { title: 'Draft', slug: 'draft', pageType: 'blank_page', live: false, content: {} });
    await addChild(db, home, { title: 'Hidden', slug: 'hidden', pageType: 'noindex_page', content: {} });
    const members = await addChild(db, home, { title: 'Members', slug: 'members', pageType: 'blank_page', content: {} });
    await addChild(db, members, { title: 'Secret', slug: 'secret', pageType: 'blank_page', content: {} });
    await addViewRestriction(db, members, { type: 'password', password: 'lobster' });
    await addFooterPage(db, home, sampleFooter());
  });
  after(() => server.close());

  const get = (path: string) => request(server, path, { host: testSite.hostname });

  for (const path of ['/sitemap.xml', '/sitemap/sitemap.xml']) {
    it(`serves ${path} with every live, public, indexable page, valid against the sitemaps.org schema`, async () => {
      const response = await get(path);
      expect(response.status).to.equal(200);
      expect(response.headers['content-type']).to.match(/^application\/xml/);
      const validation = await validateXML({ xml: [{ fileName: 'sitemap.xml', contents: response.body }], schema: [{ fileName: 'sitemap.xsd', contents: SITEMAP_XSD }] });
      expect(validation.errors, JSON.stringify(validation.errors)).to.deep.equal([]);
      expect(validation.valid).to.equal(true);
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      const origin = `http://${testSite.hostname}`;
      expect(locs).to.deep.equal([`${origin}/`, `${origin}/our-story/`, `${origin}/our-story/fish-chips/`]);
      expect(response.body).to.match(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
    });
  }

  it('refuses an invalid sitemap in the schema check itself', async () => {
    const broken = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>yesterday</lastmod></url></urlset>';
    const validation = await validateXML({ xml: [{ fileName: 'broken.xml', contents: broken }], schema: [{ fileName: 'sitemap.xsd', contents: SITEMAP_XSD }] });
    expect(validation.valid).to.equal(false);
  });

  it('serves robots.txt that keeps crawlers out of the back office and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.match(/^text\/plain/);
    expect(response.body.split('\n')).to.include.members(['User-agent: *', 'Disallow: /wagtail/', `Sitemap: http://${testSite.hostname}/sitemap.xml`]);
  });

  it('serves security.txt per RFC 9116 with an expiry in the future', async () => {
    const response = await get('/.well-known/security.txt');
    expect(response.status).to.equal(200);
    const fields = Object.fromEntries(
      response.body
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
    );
    expect(fields.Contact).to.equal('mailto:security@harbor.test');
    expect(fields.Canonical).to.equal(`http://${testSite.hostname}/.well-known/security.txt`);
    expect(fields['Preferred-Languages']).to.equal('en');
    const expires = new Date(fields.Expires!);
    expect(expires.getTime()).to.be.greaterThan(Date.now() + 300 * 24 * 3600 * 1000);
    expect(expires.getTime()).to.be.lessThan(Date.now() + 366 * 24 * 3600 * 1000);
  });

  it('serves the site’s chrome its pages name for hydration: kept by browsers for good, without a cookie, and not in the page', async () => {
    const page = (await get('/our-story/')).body;
    const { siteChrome, context } = preloadedOf(page);
    expect(siteChrome).to.match(/^\/site-chrome\/[0-9a-f]{16}\.json$/);
    expect(context).to.not.have.property('site');
    expect(page).to.include(`<link rel="preload" href="${siteChrome}" as="fetch" crossorigin fetchpriority="low">`);
    const preloadedJson = /<script type="application\/json" id="preloaded">([\s\S]*?)<\/script>/.exec(page)![1]!;
    expect(preloadedJson).to.not.include('About Us');

    const response = await get(siteChrome);
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.match(/^application\/json/);
    expect(response.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(response.headers['access-control-allow-origin']).to.equal('*');
    expect(response.headers['set-cookie']).to.equal(undefined);
    const chrome = response.json<{ brandName: string; footer: { columns: Array<{ title: string }> } }>();
    expect(chrome.brandName).to.equal(DEFAULT_SITE_SETTINGS.brandName);
    expect(chrome.footer.columns.map((column) => column.title)).to.include('About Us');
    expect(preloadedOf((await get('/')).body).siteChrome, 'another page of the site').to.equal(siteChrome);
  });

  it('names a changed chrome anew, and answers the old name with the chrome of now, not to be kept', async () => {
    const changing = await createTestSite(server.db, { settings: { brandName: 'Harbor Before' } });
    const getAt = (path: string) => request(server, path, { host: changing.hostname });
    const before = preloadedOf((await getAt('/')).body).siteChrome;
    await saveSiteSettings(server.db, changing.site.id, { ...DEFAULT_SITE_SETTINGS, brandName: 'Harbor After' });
    const after = preloadedOf((await getAt('/')).body).siteChrome;
    expect(after).to.not.equal(before);
    const current = await getAt(after);
    expect(current.json<{ brandName: string }>().brandName).to.equal('Harbor After');
    const stale = await getAt(before);
    expect(stale.status).to.equal(200);
    expect(stale.headers['cache-control']).to.equal('no-cache');
    expect(stale.json<{ brandName: string }>().brandName).to.equal('Harbor After');
    expect((await get(before)).json<{ brandName: string }>().brandName, 'another site, same name').to.equal(DEFAULT_SITE_SETTINGS.brandName);
  });

  it('answers any other file under /site-chrome/ with the site’s 404 page', async () => {
    for (const path of ['/site-chrome/', '/site-chrome/0123456789abcdef', '/site-chrome/0123456789ABCDEF.json', '/site-chrome/x.json', '/site-chrome/0123456789abcdef0.json']) {
      const response = await get(path);
      expect(response.status, path).to.equal(404);
      expect(response.body, path).to.include('does not exist');
    }
  });

  it('serves the footer alone at /blocks/footer/, embeddable by partners', async () => {
    const response = await get('/blocks/footer/');
    expect(response.status).to.equal(200);
    expect(response.headers['access-control-allow-origin']).to.equal('*');
    expect(response.body).to.include('<footer class="site-footer">');
    expect(response.body).to.not.include('<header');
    expect(response.body).to.not.include('id="main-content"');
    expect(response.body).to.include('About Us');
    expect(response.body).to.include('"layout":"bare"');
  });

  it('publishes an integration manifest whose URLs all resolve', async () => {
    const response = await get('/integration-manifest.json');
    expect(response.status).to.equal(200);
    const manifest = response.json<{ footer: { url: string }; styles: string[]; scripts: Array<{ src: string; type: string }> }>();
    expect(manifest.footer.url).to.equal(`http://${testSite.hostname}/blocks/footer/`);
    expect(manifest.styles).to.have.length(1);
    expect(manifest.scripts.length).to.be.greaterThan(1);
    const urls = [manifest.footer.url, ...manifest.styles, ...manifest.scripts.map((script) => script.src)];
    for (const url of urls) {
      const { pathname } = new URL(url);
      const asset = await get(pathname);
      expect(asset.status, url).to.equal(200);
    }
    expect(manifest.scripts.every((script) => script.type === 'module')).to.equal(true);
    expect(manifest.scripts.some((script) => /\/FooterTemplate-[A-Z0-9]+\.js$/.test(script.src))).to.equal(true);
  });
});
