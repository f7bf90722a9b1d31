import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { addChild, getPageOrThrow } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite } from '../support/fixtures';

const CONTENT = { body: [], confirmation: [] };

describe('admin bulk actions, block preview and sidebar in the browser', function () {
  const suite = useBrowserSuite();

  /** The text of what the element matching `selector` shows, once it is there. */
  async function textOf(page: BrowserPage, selector: string): Promise<string> {
    await page.waitForSelector(selector, { visible: true });
    return page.$eval(selector, (element) => (element as HTMLElement).innerText.trim());
  }

  it('lets an editor bulk-publish three drafts from the explorer and see each one live', async () => {
    const { home, hostname } = await createTestSite(suite.server.db);
    const section = await addChild(suite.server.db, home, { title: 'Specials', slug: 'specials', pageType: 'content_page', content: CONTENT });
    const drafts = [];
    for (const title of ['Crab Night', 'Lobster Roll Day', 'Oyster Hour']) {
      drafts.push(await addChild(suite.server.db, section, { title, slug: title.toLowerCase().replace(/\s+/g, '-'), pageType: 'content_page', content: CONTENT, live: false }));
    }
    const editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: section, permissions: ['add', 'change', 'publish'] }] });
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, editor, `/wagtail/pages/${section.id}/`, {
      problems: suite.problems,
    });

    expect(await page.$eval('.admin-bulk-bar', (bar) => (bar as HTMLElement).hidden)).to.equal(true);
    for (const draft of drafts) await page.click(`#bulk-select-${draft.id}`);
    expect(await textOf(page, '.admin-bulk-bar__count')).to.equal('3 pages selected');
    await Promise.all([page.waitForNavigation(), page.click('.admin-bulk-bar button[aria-label="Publish selected pages"]')]);

    expect(new URL(page.url()).pathname).to.equal('/wagtail/bulk/wagtailcore/page/publish/');
    expect(await textOf(page, '.admin-bulk-confirm')).to.include('Are you sure you want to publish these pages?');
    const listed = await page.$$eval('.admin-bulk-confirm__list li a', (links) => links.map((link) => link.firstChild?.textContent));
    expect(listed).to.deep.equal(['Crab Night', 'Lobster Roll Day', 'Oyster Hour']);
    await Promise.all([page.waitForNavigation(), page.click('.admin-bulk-confirm button[type="submit"]')]);

    expect(new URL(page.url()).pathname).to.equal(`/wagtail/pages/${section.id}/`);
    expect(await textOf(page, '.admin-message--success')).to.equal('3 pages have been published');
    for (const draft of drafts) {
      expect(await page.$eval(`#page-${draft.id} td[data-label="Status"]`, (cell) => cell.textContent?.trim())).to.equal('live');
      expect((await getPageOrThrow(suite.server.db, draft.id)).live).to.equal(true);
    }
  });

  it('selects every row with "Select all" and counts them, by keyboard', async () => {
    const { home, hostname } = await createTestSite(suite.server.db);
    for (const title of ['Chowder', 'Bisque']) await addChild(suite.server.db, home, { title, slug: title.toLowerCase(), pageType: 'content_page', content: CONTENT, live: false });
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, user, `/wagtail/pages/${home.id}/`, {
      problems: suite.problems,
    });
    await page.focus('th.admin-table__select input');
    await page.keyboard.press('Space');
    expect(await textOf(page, '.admin-bulk-bar__count')).to.equal('2 pages selected');
    await page.focus('#bulk-select-all-footer');
    await page.keyboard.press('Space');
    expect(await page.$eval('.admin-bulk-bar', (bar) => (bar as HTMLElement).hidden)).to.equal(true);
  });

  it('offers the whole listing once every row of a long one is ticked, and sends it as id=all', async () => {
    const { home, hostname } = await createTestSite(suite.server.db);
    const section = await addChild(suite.server.db, home, { title: 'Recipes', slug: 'recipes', pageType: 'content_page', content: CONTENT });
    for (let n = 1; n <= 52; n++) await addChild(suite.server.db, section, { title: `Recipe ${n}`, slug: `recipe-${n}`, pageType: 'content_page', content: CONTENT, live: false });
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, user, `/wagtail/pages/${section.id}/`, {
      problems: suite.problems,
    });
    await page.click('th.admin-table__select input');
    expect(await textOf(page, '.admin-bulk-bar__count')).to.equal('50 pages selected');
    await page.click('.admin-bulk-bar__listing');
    expect(await textOf(page, '.admin-bulk-bar__count')).to.equal('All 52 pages in listing selected');
    await Promise.all([page.waitForNavigation(), page.click('.admin-bulk-bar button[aria-label="Unpublish selected pages"]')]);
    expect(new URL(page.url()).searchParams.get('childOf')).to.equal(String(section.id));
    expect(await page.title()).to.match(/^Unpublish 0 pages/);
    expect(await textOf(page, '.admin-bulk-confirm__refused h2')).to.equal("You don't have permission to unpublish these pages");
    expect(await page.$$eval('.admin-bulk-confirm__refused li', (items) => items.length)).to.equal(52);
  });

  it('shows a block type with its preview in the block menu as it gets the keyboard focus', async () => {
    const { home, hostname } = await createTestSite(suite.server.db);
    const story = await addChild(suite.server.db, home, { title: 'Our Story', slug: 'our-story', pageType: 'content_page', content: CONTENT });
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, user, `/wagtail/pages/${story.id}/edit/`, {
      problems: suite.problems,
    });
    await page.waitForSelector('.sf-stream__add');
    await page.click('.admin-field--stream .sf-stream__add');
    await page.waitForSelector('[data-streamfield-menu]:not([hidden]) input[type="search"]');
    // From the search box, Tab reaches the first block type: Heading.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.blockType)).to.equal('heading');
    expect(await textOf(page, '[data-block-preview] .sf-menu__preview-title')).to.equal('Heading');
    const frame = await (await page.waitForSelector('[data-block-preview] iframe[src="/wagtail/block-preview/?id=heading"]'))!.contentFrame();
    await frame.waitForFunction(() => document.querySelector('.block--heading')?.textContent?.includes('Fresh off the boat'));
    expect(await frame.$eval('link[rel="stylesheet"]', (link) => link.getAttribute('href'))).to.match(/\.css$/);
    // A block that needs the editor's own image has no preview, and says so.
    await page.focus('[data-streamfield-menu] [data-block-type="image"]');
    expect(await textOf(page, '[data-block-preview] .sf-menu__preview-none')).to.equal('No preview is available for this block.');
  });

  it('opens the whole sidebar by keyboard on a phone, groups included, and closes it with Escape', async () => {
    const { hostname } = await createTestSite(suite.server.db);
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, user, '/wagtail/', { problems: suite.problems });
    await page.setViewport({ width: 375, height: 740 });
    expect(await page.$eval('#admin-sidebar', (nav) => getComputedStyle(nav).display)).to.equal('none');
    await page.focus('.admin-topbar__toggle');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#admin-sidebar.is-open', { visible: true });
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Dashboard');

    // Tab down to the Settings group, open it with Enter, and reach its last entry.
    for (let steps = 0; steps < 20 && (await page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Settings'; steps++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).to.equal('SUMMARY');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('details')?.open)).to.equal(true);
    for (let steps = 0; steps < 20 && (await page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Styleguide'; steps++) await page.keyboard.press('Tab');
    const styleguide = await page.evaluate(() => {
      const link = document.activeElement as HTMLElement;
      const box = link.getBoundingClientRect();
      return {
        text: link.textContent?.trim(),
        inView: box.top >= 0 && box.bottom <= window.innerHeight,
        covered: document.elementFromPoint(box.left + 5, box.top + box.height / 2) !== link,
      };
    });
    expect(styleguide).to.deep.equal({ text: 'Styleguide', inView: true, covered: false });

    await page.keyboard.press('Escape');
    expect(await page.$eval('#admin-sidebar', (nav) => getComputedStyle(nav).display)).to.equal('none');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('admin-topbar__toggle'))).to.equal(true);

    // Tabbing past the menu's last control closes it, so the focus never hides behind it.
    await page.keyboard.press('Enter');
    await page.waitForSelector('#admin-sidebar.is-open', { visible: true });
    await page.focus('.admin-sidebar__account button');
    await page.keyboard.press('Tab');
    expect(await page.$eval('#admin-sidebar', (nav) => getComputedStyle(nav).display)).to.equal('none');
    await page.goto(`http://${hostname}:${suite.server.port}/wagtail/styleguide/`);
    expect(await textOf(page, 'h1')).to.equal('Styleguide');
  });
});
