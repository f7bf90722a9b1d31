import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { addChild } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite } from '../support/fixtures';

/** Whether the element under the centre of `selector`'s box is that element (or inside it): nothing covers it. */
function isUncovered(page: BrowserPage, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

describe('admin layout in the browser: reordering and the sticky save bar', function () {
  const suite = useBrowserSuite();

  for (const width of [1280, 375]) {
    it(`keeps the last "+ Add block" clear of the save bar when it is focused (${width} px)`, async () => {
      const { home, hostname } = await createTestSite(suite.server.db);
      const page = await addChild(suite.server.db, home, { title: 'Chowder', slug: 'chowder', pageType: 'content_page', content: { body: [], confirmation: [] } });
      const user = await createAdminUser(suite.server.db, { superuser: true });
      const editor = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, user, `/wagtail/pages/${page.id}/edit/`);
      await editor.setViewport({ width, height: 700 });
      await editor.waitForSelector('.sf-stream__add');
      const last = '.admin-page-form .admin-field--stream:last-of-type .sf-stream__add';
      await editor.evaluate(() => window.scrollTo(0, 0));
      // Focus scrolls the button just into view, to the bottom edge where the save bar sticks.
      await editor.$eval(last, (button) => (button as HTMLElement).focus());
      expect(await isUncovered(editor, last)).to.equal(true);
      await editor.evaluate(() => window.scrollTo(0, 0));
      await editor.$eval(last, (button) => button.scrollIntoView({ block: 'nearest' }));
      expect(await isUncovered(editor, last)).to.equal(true);
      // Its menu opens below it, and its choices are clear of the bar too.
      await editor.click(last);
      expect(await isUncovered(editor, '[data-streamfield-menu] [data-block-type="heading"]')).to.equal(true);
    });
  }

  it('returns to the moved row, in view and focused, after reordering', async () => {
    const { home, hostname } = await createTestSite(suite.server.db);
    const section = await addChild(suite.server.db, home, { title: 'Menu', slug: 'menu', pageType: 'content_page', content: { body: [] } });
    const children = [];
    for (let n = 1; n <= 14; n++) children.push(await addChild(suite.server.db, section, { title: `Dish ${n}`, slug: `dish-${n}`, pageType: 'content_page', content: { body: [] } }));
    const moved = children[12]!;
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const editor = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${hostname}:${suite.server.port}`, user, `/wagtail/pages/${section.id}/`);
    await editor.setViewport({ width: 1280, height: 700 });
    const up = `form[action="/wagtail/pages/${moved.id}/move/up/"] button`;
    await editor.$eval(up, (button) => button.scrollIntoView({ block: 'center' }));
    await Promise.all([editor.waitForNavigation(), editor.click(up)]);
    expect(await editor.evaluate(() => window.scrollY)).to.be.above(0);
    expect(await isUncovered(editor, `#page-${moved.id}`)).to.equal(true);
    expect(await editor.evaluate(() => document.activeElement?.id)).to.equal(`page-${moved.id}`);
    const titles = await editor.$$eval('.admin-table__title', (links) => links.map((link) => link.textContent));
    expect(titles.indexOf('Dish 13')).to.be.below(titles.indexOf('Dish 12'));
  });
});
