import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { addChild } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite } from '../support/fixtures';

/**
 * The pages that drew with style attributes or style elements before the Content-Security-Policy
 * refused them: they look the same from the site's stylesheets, and the browser reports no
 * refusal (a refused style is a console error, which fails the test).
 */
describe('styles under a Content-Security-Policy without inline styles, in the browser', function () {
  const suite = useBrowserSuite();

  const style = (page: BrowserPage, selector: string, property: string) => page.$eval(selector, (element, name) => getComputedStyle(element).getPropertyValue(name), property);

  async function signedIn(next: string) {
    const { hostname } = await createTestSite(suite.server.db);
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const origin = `http://${hostname}:${suite.server.port}`;
    const context = await suite.newContext();
    return { origin, context, page: await signInToAdmin(context, origin, user, next, { problems: suite.problems }) };
  }

  it("indents the move list's pages by depth and edits rich text with ProseMirror's rules", async () => {
    const { home, hostname } = await createTestSite(suite.server.db);
    const section = await addChild(suite.server.db, home, { title: 'Menus', slug: 'menus', pageType: 'content_page', content: { body: [] } });
    const dish = await addChild(suite.server.db, section, { title: 'Chowder', slug: 'chowder', pageType: 'content_page', content: { body: [] } });
    const story = await addChild(suite.server.db, home, {
      title: 'Our story',
      slug: 'our-story',
      pageType: 'content_page',
      content: { body: [{ type: 'rich_text', id: 'r1', value: { html: '<p>Fresh from the docks.</p>', alignment: 'left' } }] },
    });
    const user = await createAdminUser(suite.server.db, { superuser: true });
    const origin = `http://${hostname}:${suite.server.port}`;
    const page = await signInToAdmin(await suite.newContext(), origin, user, `/wagtail/pages/${story.id}/move/`, { problems: suite.problems });
    const indentOf = (id: number) => page.$eval(`#dest-${id}`, (input) => Number.parseFloat(getComputedStyle(input.closest('li')!).paddingLeft));
    const [inSection, underSection] = [await indentOf(section.id), await indentOf(dish.id)];
    expect(inSection).to.be.greaterThan(0);
    expect(underSection).to.be.closeTo(2 * inSection, 0.5);

    await page.goto(`${origin}/wagtail/pages/${story.id}/edit/`);
    await page.waitForSelector('.ProseMirror');
    expect(await style(page, '.ProseMirror', 'white-space')).to.match(/break-spaces|pre-wrap/);
    expect(await page.$('style[data-tiptap-style]')).to.equal(null);
  });

  it("fills the styleguide's palette swatches with their colours", async () => {
    const { page } = await signedIn('/wagtail/styleguide/');
    expect(await style(page, '.admin-styleguide__swatch--navy', 'background-color')).to.equal('rgb(15, 42, 61)');
    expect(await style(page, '.admin-styleguide__swatch--lobster', 'background-color')).to.equal('rgb(200, 40, 30)');
  });

  it('shows the phone menu above the page when script is off', async () => {
    const { page, origin } = await signedIn('/wagtail/');
    await page.setViewport({ width: 375, height: 800 });
    await page.setJavaScriptEnabled(false);
    await page.goto(`${origin}/wagtail/`);
    expect(await style(page, '.admin-sidebar', 'display')).to.equal('flex');
    expect(await style(page, '.admin-topbar__toggle', 'display')).to.equal('none');
    await page.setJavaScriptEnabled(true);
    await page.goto(`${origin}/wagtail/`);
    expect(await style(page, '.admin-sidebar', 'display')).to.equal('none');
  });

  it('draws the error page from its own style element', async () => {
    const { origin, context } = await signedIn('/wagtail/');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => problems.push(message.text()));
    const response = await page.goto(`${origin}/static/no-such-file.css`);
    expect(response?.status()).to.equal(404);
    expect(await style(page, '.status', 'color')).to.equal('rgb(200, 40, 30)');
    // The 404 itself is the one message the tab logs.
    expect(problems.filter((text) => !text.includes('404'))).to.deep.equal([]);
  });
});
