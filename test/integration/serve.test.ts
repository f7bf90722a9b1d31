import { expect } from 'chai';
import { addChild, saveRevision, snapshotOfPage } from '../../server/models/pages';
import { createTestSite, type TestSite } from '../support/fixtures';
import { preloadedOf } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

describe('serving pages from the tree', () => {
  let server: TestServer;
  let testSite: TestSite;

  before(async () => {
    server = await startTestServer({ CI_COMMIT_SHA: 'abc123', CI_COMMIT_REF_SLUG: 'main' });
    testSite = await createTestSite(server.db, {
      seoTitle: 'Harbor Test | Seafood',
      searchDescription: 'Test description',
      homeBody: [{ type: 'heading', id: 'h1', value: { text: 'Welcome aboard', level: 'h2', alignment: 'center' } }],
      settings: { brandName: 'Test Harbor', nationalPhone: '1-800-555-0199' },
    });
  });
  after(() => server.close());

  const get = (path: string) => request(server, path, { host: testSite.hostname });

  it('renders the site home page with shell, head and preloaded data', async () => {
    const response = await get('/');
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.match(/text\/html/);
    expect(response.body).to.include('<title>Harbor Test | Seafood</title>');
    expect(response.body).to.include('<meta name="description" content="Test description">');
    expect(response.body).to.not.include('name="robots"');
    expect(response.body).to.match(/<header class="site-header site-header--legacy">/);
    expect(response.body).to.include('<main id="main-content"');
    expect(response.body).to.match(/<footer class="site-footer">/);
    expect(response.body).to.include('Welcome aboard');
    expect(response.body).to.include('Test Harbor');
    expect(response.body).to.include('1-800-555-0199');
    expect(response.body).to.include('href="/account/login?returnUrl=/"');

    const preloaded = preloadedOf(response.body);
    expect(preloaded.template).to.equal('home page');
    expect(preloaded.props).to.have.property('title', 'Test Home');
    expect(preloaded.context.SENTRY_DSN).to.equal(null);
    expect(preloaded.context.CI_COMMIT_SHA).to.equal('abc123');
    expect(preloaded.context.CI_COMMIT_REF_SLUG).to.equal('main');
    expect(preloaded.context.i18n.language.code).to.equal('en-us');
    // The en-US catalog translates every message to itself, so the page carries none of it.
    expect(preloaded.context.i18n.catalog).to.deep.equal({});
    expect(preloaded.context.request.url).to.equal(`http://${testSite.hostname}/`);
    // A page without a form is the same for every anonymous visitor: no token, no cookie.
    expect(preloaded.context.csrf_token).to.equal('');
    expect(response.headers['set-cookie']).to.equal(undefined);
  });

  it("gives a page without a search description, and the 404 page, the site's tagline as meta description", async () => {
    await addChild(server.db, testSite.home, { title: 'Find a Test Harbor', slug: 'map-without-description', pageType: 'locations_map_page', content: {} });
    const tagline = '<meta name="description" content="Fresh seafood, harbor-side hospitality since 1978.">';
    expect((await get('/map-without-description/')).body).to.include(tagline);
    expect((await get('/no-such-page-here/')).body).to.include(tagline);
  });

  it('serves a child page by its url path and lists menu pages in the navigation', async () => {
    await addChild(server.db, testSite.home, {
      title: 'Our Story',
      slug: 'our-story',
      pageType: 'content_page',
      showInMenus: true,
      content: { body: [{ type: 'rich_text', id: 'r1', value: { html: '<p>Since <strong>1978</strong></p>' } }] },
    });
    const response = await get('/our-story/');
    expect(response.status).to.equal(200);
    expect(response.body).to.include('<title>Our Story</title>');
    expect(response.body).to.include('<h1 class="page-title">Our Story</h1>');
    expect(response.body).to.include('<p>Since <strong>1978</strong></p>');
    expect(response.body).to.include('<a href="/our-story/">Our Story</a>');
    expect(preloadedOf(response.body).template).to.equal('example page');
  });

  it('redirects an address without its trailing slash, keeping the query', async () => {
    const response = await get('/our-story?utm_source=mail');
    expect(response.status).to.equal(301);
    expect(response.headers.location).to.equal('/our-story/?utm_source=mail');
    const sneaky = await get('//evil-example');
    expect(sneaky.headers.location).to.equal('/evil-example/');
  });

  it('marks noindex pages for robots and serves blank pages with their title only', async () => {
    await addChild(server.db, testSite.home, { title: 'Hidden Offer', slug: 'hidden-offer', pageType: 'noindex_page', content: {} });
    const response = await get('/hidden-offer/');
    expect(response.status).to.equal(200);
    expect(response.body).to.include('<meta name="robots" content="noindex">');
    expect(response.body).to.include('<h1 class="page-title">Hidden Offer</h1>');
  });

  it('does not serve drafts, and shows published changes only after publishing', async () => {
    await addChild(server.db, testSite.home, { title: 'Secret Menu', slug: 'secret-menu', pageType: 'blank_page', live: false, content: {} });
    expect((await get('/secret-menu/')).status).to.equal(404);

    const live = await addChild(server.db, testSite.home, { title: 'Specials', slug: 'specials', pageType: 'blank_page', content: {} });
    await saveRevision(server.db, live, { ...snapshotOfPage(live), title: 'Specials (draft)' });
    const response = await get('/specials/');
    expect(response.body).to.include('<h1 class="page-title">Specials</h1>');
    expect(response.body).to.not.include('Specials (draft)');
  });

  it('escapes content so that </script> cannot break out of the preloaded JSON', async () => {
    const payload = '</script><script>alert("x")</script><!--';
    await addChild(server.db, testSite.home, {
      title: 'Escapes',
      slug: 'escapes',
      pageType: 'content_page',
      content: { body: [{ type: 'heading', id: 'x1', value: { text: payload } }] },
    });
    const response = await get('/escapes/');
    expect(response.status).to.equal(200);
    expect(response.body).to.not.include('<script>alert("x")</script>');
    const preloaded = preloadedOf(response.body);
    const body = preloaded.props.body as Array<{ props: { text: string } }>;
    expect(body[0]!.props.text).to.equal(payload);
  });

  it('strips script from stored rich text', async () => {
    await addChild(server.db, testSite.home, {
      title: 'Sanitized',
      slug: 'sanitized',
      pageType: 'content_page',
      content: { body: [{ type: 'rich_text', id: 's1', value: { html: '<p onclick="steal()">Hi<script>steal()</script><a href="javascript:steal()">x</a></p>' } }] },
    });
    const response = await get('/sanitized/');
    expect(response.body).to.include('<p>Hi<a>x</a></p>');
    expect(response.body).to.not.include('steal()');
  });

  it('answers unknown addresses with the 404 page, and shows it at /error-pages/404/', async () => {
    for (const path of ['/no-such-page/', '/error-pages/404/']) {
      const response = await get(path);
      expect(response.status, path).to.equal(404);
      expect(response.body).to.include('The page you are looking for does not exist, sorry.');
      expect(response.body).to.match(/<a class="button button--primary" href="\/">Return to Homepage<\/a>/);
      expect(preloadedOf(response.body).template).to.equal('error 404');
    }
  });

  it('answers 500 without a stack when a stored page cannot be served', async () => {
    await addChild(server.db, testSite.home, { title: 'Broken', slug: 'broken', pageType: 'retired_type', content: {} });
    const response = await get('/broken/');
    expect(response.status).to.equal(500);
    expect(response.body).to.include('Something went wrong');
    expect(response.body).to.not.match(/at .*\.ts:\d+/);
    expect(response.body).to.not.include('retired_type');
  });

  it('leaves out a block whose stored value is invalid instead of failing the page', async () => {
    await addChild(server.db, testSite.home, {
      title: 'Partly Bad',
      slug: 'partly-bad',
      pageType: 'content_page',
      content: {
        body: [
          { type: 'heading', id: 'bad', value: { text: '' } },
          { type: 'no_such_block', id: 'unknown', value: {} },
          { type: 'heading', id: 'good', value: { text: 'Still here' } },
        ],
      },
    });
    const response = await get('/partly-bad/');
    expect(response.status).to.equal(200);
    expect(response.body).to.include('Still here');
    const body = preloadedOf(response.body).props.body as Array<{ id: string }>;
    expect(body.map((block) => block.id)).to.deep.equal(['good']);
  });
});
