import { expect } from 'chai';
import type { Page } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { createTestSite, type TestSite } from '../support/fixtures';
import { preloadedOf, siteChromeOf } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

/** Every title in a JSON value, wherever it sits (nested links, tiers, cards). */
function titlesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(titlesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'title' && typeof inner === 'string' ? [inner] : titlesIn(inner)));
}

/** The props of the first block of a type in a page's body. */
function blockProps(html: string, type: string): unknown {
  const body = preloadedOf(html).props.body as Array<{ type: string; props: unknown }>;
  const block = body.find((candidate) => candidate.type === type);
  expect(block, `${type} block`).to.not.equal(undefined);
  return block!.props;
}

describe('public listings leave out restricted pages', () => {
  let server: TestServer;
  let site: TestSite;
  let list: Page;

  /** Adds a public page and two restricted ones (password, login) under `parent`. */
  async function addSiblings(parent: Page, prefix: string, input: { pageType: string; content?: Record<string, unknown>; showInMenus?: boolean }) {
    const page = (title: string, slug: string) => addChild(server.db, parent, { ...input, title: `${prefix} ${title}`, slug: `${prefix.toLowerCase()}-${slug}` });
    await page('Open', 'open');
    await addViewRestriction(server.db, await page('Password', 'password'), { type: 'password', password: 'oyster-bar' });
    const members = await page('Members', 'members');
    await addViewRestriction(server.db, members, { type: 'login' });
    await addChild(server.db, members, { ...input, title: `${prefix} Below Members`, slug: `${prefix.toLowerCase()}-below` });
  }

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db, {
      homeBody: [
        { type: 'tiered_nav', id: 'tn', value: { heading: 'Explore', root_page: null } },
        { type: 'sitemap', id: 'sm', value: { heading: 'All pages' } },
      ],
    });
    await addSiblings(site.home, 'Deck', { pageType: 'blank_page', content: {}, showInMenus: true });
    const section = await addChild(server.db, site.home, { title: 'Press Room', slug: 'press', pageType: 'press_section_page', content: { latest_count: 12 } });
    list = await addChild(server.db, section, { title: 'Press Releases', slug: 'releases', pageType: 'press_release_list_page', content: {} });
    await addSiblings(list, 'Release', { pageType: 'press_release_page', content: { date: '2026-01-15' } });
    const grid = { type: 'article_preview_grid', id: 'apg', value: { heading: 'Latest', source_page: list.id, limit: 12 } };
    await addChild(server.db, section, { title: 'Latest News', slug: 'latest', pageType: 'content_page', content: { body: [grid] } });
  });
  after(() => server.close());

  const get = async (path: string) => {
    const response = await request(server, path, { host: site.hostname });
    expect(response.status, path).to.equal(200);
    return response.body;
  };
  const expectOnlyOpen = (titles: string[], prefix: string) => {
    expect(titles).to.include(`${prefix} Open`);
    expect(titles.filter((title) => title.startsWith(prefix))).to.deep.equal([`${prefix} Open`]);
  };

  it('the press release list shows the open release only', async () => {
    expectOnlyOpen(titlesIn(preloadedOf(await get('/press/releases/')).props.articles), 'Release');
  });

  it('the press section shows the open release only', async () => {
    expectOnlyOpen(titlesIn(preloadedOf(await get('/press/')).props.press_releases), 'Release');
  });

  it('the tiered nav block shows the open page only', async () => {
    const titles = titlesIn(blockProps(await get('/'), 'tiered_nav'));
    expectOnlyOpen(titles, 'Deck');
    expect(titles).to.include('Press Releases');
  });

  it('the site map block shows the open pages only', async () => {
    const titles = titlesIn(blockProps(await get('/'), 'sitemap'));
    expectOnlyOpen(titles, 'Deck');
    expectOnlyOpen(titles, 'Release');
  });

  it('the article preview grid block shows the open release only', async () => {
    expectOnlyOpen(titlesIn(blockProps(await get('/press/latest/'), 'article_preview_grid')), 'Release');
  });

  it('the header menu shows the open page only', async () => {
    expectOnlyOpen(titlesIn((await siteChromeOf(server, site.hostname, await get('/press/'))).menu), 'Deck');
  });

  it('sitemap.xml, which already left them out, agrees', async () => {
    const xml = await get('/sitemap.xml');
    expect(xml).to.include('/deck-open/</loc>');
    expect(xml).to.include('/press/releases/release-open/</loc>');
    for (const slug of ['deck-password', 'deck-members', 'deck-below', 'release-password', 'release-members', 'release-below']) expect(xml).to.not.include(`/${slug}/`);
  });
});
