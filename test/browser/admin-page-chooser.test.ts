import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { StreamValue } from '../../admin-client/streamfield/schemas';
import type { User } from '../../server/db/schema';
import { addChild, getChildren, getLatestRevision, revisionSnapshot } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';

const content = { body: [], confirmation: [] };
const MODAL = '.admin-chooser[data-page-chooser-modal]';

describe('back office page chooser in the browser: copy destinations and StreamField page fields', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] });
  });

  async function signIn(next: string): Promise<BrowserPage> {
    return signInToAdmin(await suite.browser.createBrowserContext(), `http://${site.hostname}:${suite.server.port}`, editor, next, { problems: suite.problems });
  }

  const status = (page: BrowserPage) => page.$eval(`${MODAL} [role="status"]`, (element) => element.textContent ?? '');

  it('copies a page under a destination found by searching in the chooser modal; Escape closes it and returns focus', async () => {
    const word = `Chowder${uniqueSuffix()}`;
    const destination = await addChild(suite.server.db, site.home, { title: `Winter ${word}`, slug: `winter-${word.toLowerCase()}`, pageType: 'content_page', content });
    const original = await addChild(suite.server.db, site.home, { title: 'Clam Bake', slug: `clam-bake-${word.toLowerCase()}`, pageType: 'content_page', content });
    const page = await signIn(`/wagtail/pages/${original.id}/copy/`);

    await page.click('[data-page-chooser-target="opener"]');
    await page.waitForSelector(`${MODAL}[open] .admin-chooser__row[data-page-id="${destination.id}"]`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-page-chooser-target'))).to.equal('opener');

    await page.click('[data-page-chooser-target="opener"]');
    await page.waitForSelector(`${MODAL}[open]`);
    await page.keyboard.type(word);
    await page.waitForFunction((selector) => /^1 page matches/.test(document.querySelector(selector)?.textContent ?? ''), {}, `${MODAL} [role="status"]`);
    expect(await status(page)).to.equal('1 page matches this search.');
    expect(await page.$eval(`${MODAL} .admin-chooser__row`, (row) => row.textContent))
      .to.include(`Winter ${word}`)
      .and.include('under Test Home');
    // Typing on while the answer stays the same leaves the row in place, so a press landing as the next answer comes still counts.
    const choose = (await page.$(`${MODAL} .admin-chooser__row[data-page-id="${destination.id}"] .admin-chooser__choose`))!;
    await page.$eval(`${MODAL} [role="status"]`, (element) => {
      const shown = window as unknown as { answersShown: number };
      shown.answersShown = 0;
      new MutationObserver(() => {
        if (element.textContent !== 'Loading…') shown.answersShown += 1;
      }).observe(element, { childList: true, characterData: true, subtree: true });
    });
    await page.keyboard.type(' ');
    await page.waitForFunction(() => (window as unknown as { answersShown: number }).answersShown > 0);
    expect(await choose.evaluate((button) => button.isConnected)).to.equal(true);
    await choose.click();
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await page.$eval(`#dest-${destination.id}`, (radio) => (radio as HTMLInputElement).checked)).to.equal(true);
    expect(await page.$eval('[data-page-chooser-target="chosen"]', (chosen) => chosen.textContent)).to.equal(`Winter ${word}`);

    await Promise.all([page.waitForNavigation(), page.click('.admin-form button[type="submit"]')]);
    expect(new URL(page.url()).pathname).to.match(/^\/wagtail\/pages\/\d+\/edit\/$/);
    const [copy] = await getChildren(suite.server.db, destination);
    expect(copy).to.include({ title: 'Clam Bake', slug: `${original.slug}-copy` });
  });

  it('picks a page for a StreamField page field by browsing into a child, and the saved draft refers to it', async () => {
    const word = `Pier${uniqueSuffix()}`;
    const section = await addChild(suite.server.db, site.home, { title: `Dining ${word}`, slug: `dining-${word.toLowerCase()}`, pageType: 'content_page', content });
    const child = await addChild(suite.server.db, section, { title: 'Raw Bar', slug: 'raw-bar', pageType: 'content_page', content });
    const body = [{ type: 'tiered_nav', id: 'nav-1', value: { heading: 'Explore', root_page: null } }];
    const edited = await addChild(suite.server.db, site.home, {
      title: `Guide ${word}`,
      slug: `guide-${word.toLowerCase()}`,
      pageType: 'content_page',
      content: { body, confirmation: [] },
    });
    const page = await signIn(`/wagtail/pages/${edited.id}/edit/`);
    const chooseButton = '[data-block-id="nav-1"] [data-chooser-target="page"]';
    await page.waitForSelector(chooseButton);

    // Puppeteer scrolls a control only just into view, where the form's sticky save bar covers it.
    await page.$eval(chooseButton, (button) => button.scrollIntoView({ block: 'center' }));
    await page.click(chooseButton);
    await page.waitForSelector(`${MODAL}[open]`);
    expect(await page.evaluate((modal) => document.activeElement === document.querySelector(`${modal} input[type="search"]`), MODAL)).to.equal(true);
    await page.keyboard.type(`Dining ${word}`);
    await page.waitForSelector(`${MODAL} .admin-chooser__row[data-page-id="${section.id}"] .admin-chooser__browse`);
    // One more key and a browse at once: the search that key started must not land after the browse,
    // redrawing the list and taking focus from it.
    await page.$eval(
      MODAL,
      (modal, sectionId) => {
        const search = modal.querySelector<HTMLInputElement>('input[type="search"]')!;
        search.value += ' ';
        search.dispatchEvent(new Event('input', { bubbles: true }));
        modal.querySelector<HTMLButtonElement>(`.admin-chooser__row[data-page-id="${sectionId}"] .admin-chooser__browse`)!.click();
      },
      section.id,
    );
    await page.waitForSelector(`${MODAL} .admin-chooser__row[data-page-id="${child.id}"]`);
    await page.waitForNetworkIdle({ idleTime: 750 });
    expect(await page.$eval(`${MODAL} input[type="search"]`, (input) => input.value)).to.equal('');
    expect(await page.$$eval(`${MODAL} .admin-chooser__crumbs li`, (crumbs) => crumbs.map((crumb) => crumb.textContent))).to.deep.equal(['Root', 'Test Home', `Dining ${word}`]);
    expect(await status(page)).to.equal(`1 page under Dining ${word}.`);
    // Browsing moves focus to the first choice (the parent itself), so the keyboard carries on from there.
    expect(await page.evaluate(() => document.activeElement?.matches('.admin-chooser__row--parent .admin-chooser__choose'))).to.equal(true);

    // A breadcrumb goes back up; browsing down again finds the child.
    const [, homeCrumb] = await page.$$(`${MODAL} .admin-chooser__crumbs button`);
    await homeCrumb!.click();
    await page.waitForFunction((modal) => /pages? under Test Home\./.test(document.querySelector(`${modal} [role="status"]`)?.textContent ?? ''), {}, MODAL);
    expect(await page.$$eval(`${MODAL} .admin-chooser__crumbs li`, (crumbs) => crumbs.map((crumb) => crumb.textContent))).to.deep.equal(['Root', 'Test Home']);
    await page.click(`${MODAL} .admin-chooser__row[data-page-id="${section.id}"] .admin-chooser__browse`);
    await page.waitForSelector(`${MODAL} .admin-chooser__row[data-page-id="${child.id}"]`);
    await page.click(`${MODAL} .admin-chooser__row[data-page-id="${child.id}"] .admin-chooser__choose`);
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await page.evaluate((selector) => document.activeElement === document.querySelector(selector), chooseButton)).to.equal(true, 'focus returns to the field');
    // The root page field's own summary: the block's navigation chooser comes before it.
    expect(await page.$eval(chooseButton, (button) => button.parentElement?.querySelector('.sf-chooser__summary')?.textContent)).to.equal('Raw Bar');
    const value = await page.$eval('#id_content-body', (input) => JSON.parse((input as HTMLInputElement).value) as StreamValue);
    expect(value[0]!.value).to.deep.include({ root_page: child.id });

    await Promise.all([page.waitForNavigation(), page.click('button[value="save"]')]);
    const saved = revisionSnapshot((await getLatestRevision(suite.server.db, edited))!);
    expect(saved.content).to.deep.include({ body: [{ type: 'tiered_nav', id: 'nav-1', value: { heading: 'Explore', root_page: child.id } }] });
  });
});
