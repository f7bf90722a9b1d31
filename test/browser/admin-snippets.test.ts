import { expect } from 'chai';
import type { Page as Site } from '../../server/db/schema';
import type { User } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { insertSnippet } from '../../server/models/snippets/store';
import { createAdminUser } from '../support/admin';
import { collectProblems, signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';

describe('back office snippets in the browser', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;
  let menus: Site;
  let catering: Site;

  before(async function () {
    site = await createTestSite(suite.server.db);
    const contentPage = (parent: Site, title: string) =>
      addChild(suite.server.db, parent, { title, slug: title.toLowerCase(), pageType: 'content_page', content: { body: [], confirmation: [] } });
    menus = await contentPage(site.home, 'Menus');
    catering = await contentPage(site.home, 'Catering');
    await contentPage(menus, 'Lunch');
    await contentPage(menus, 'Dinner');
    await contentPage(catering, 'Weddings');
    editor = await createAdminUser(suite.server.db, { objectPermissions: [{ model: 'tiered_navigation', permissions: ['change'] }] });
  });

  it('chooses a tiered navigation for a tiered-nav block in the page editor, and the published page shows it', async () => {
    const name = `Menus nav ${uniqueSuffix()}`;
    const navigation = await insertSnippet(suite.server.db, 'tiered_navigation', { name, heading: 'Browse the menus', root_page_id: menus.id });
    const explore = await addChild(suite.server.db, site.home, {
      title: 'Browse',
      slug: `browse-${uniqueSuffix()}`,
      pageType: 'content_page',
      content: { body: [{ id: 'nav', type: 'tiered_nav', value: { heading: '', navigation: null, root_page: catering.id } }], confirmation: [] },
    });
    const pageEditor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] });
    const context = await suite.browser.createBrowserContext();
    const page = await signInToAdmin(context, `http://${site.hostname}:${suite.server.port}`, pageEditor, `/wagtail/pages/${explore.id}/edit/`, { problems: suite.problems });
    const modal = 'dialog[data-streamfield-chooser]';
    await page.click('[data-chooser-target="tiered_navigation"]');
    await page.waitForSelector(`${modal}[open] input`);
    await page.type(`${modal} input`, name);
    await page.waitForSelector(`${modal}[open] .sf-chooser__choice[data-choice-id="${navigation.id}"]`);
    await page.click(`${modal} .sf-chooser__choice[data-choice-id="${navigation.id}"]`);
    await page.waitForSelector(`${modal}:not([open])`);
    expect(await page.$eval('[data-chooser-target="tiered_navigation"]', (button) => button.parentElement?.textContent)).to.include(name);
    await Promise.all([page.waitForNavigation(), page.click('button[name="action"][value="publish"]')]);
    expect(await page.$('.admin-form-errors, .admin-field__error')).to.equal(null);

    const visitor = await context.newPage();
    collectProblems(visitor, suite.problems);
    await visitor.goto(`http://${site.hostname}:${suite.server.port}${explore.url_path.replace(/^\/[^/]+/, '')}`);
    expect(await visitor.$eval('nav.tiered-nav', (nav) => nav.textContent))
      .to.include('Browse the menus')
      .and.include('Lunch')
      .and.not.include('Weddings');
    await context.close();
  });

  it("edits a tiered navigation and sees the site's navigation change", async () => {
    const name = `Section links ${uniqueSuffix()}`;
    const navigation = await insertSnippet(suite.server.db, 'tiered_navigation', { name, heading: 'Our menus', root_page_id: menus.id });
    await addChild(suite.server.db, site.home, {
      title: 'Explore',
      slug: 'explore',
      pageType: 'content_page',
      content: { body: [{ id: 'nav', type: 'tiered_nav', value: { heading: '', navigation: navigation.id, root_page: null } }], confirmation: [] },
    });
    const origin = `http://${site.hostname}:${suite.server.port}`;
    const context = await suite.browser.createBrowserContext();
    const visitor = await context.newPage();
    collectProblems(visitor, suite.problems);
    await visitor.goto(`${origin}/explore/`);
    const navText = () => visitor.$eval('nav.tiered-nav', (nav) => nav.textContent ?? '');
    expect(await navText())
      .to.include('Our menus')
      .and.include('Lunch')
      .and.not.include('Weddings');

    const page = await signInToAdmin(context, origin, editor, '/wagtail/', { problems: suite.problems });
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/snippets/"]')]);
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/snippets/snippets/tierednavigation/"]')]);
    await page.type('#id_q', name);
    await Promise.all([page.waitForNavigation(), page.click('form[role="search"] button[type="submit"]')]);
    await Promise.all([page.waitForNavigation(), page.click(`a.admin-table__title[href$="/edit/${navigation.id}/"]`)]);
    expect(await page.$eval('h1', (heading) => heading.textContent)).to.include(name);
    await page.$eval('#id_heading', (input) => {
      (input as HTMLInputElement).value = '';
    });
    await page.type('#id_heading', 'Everything we do');
    await page.select('#id_root_page_id', '');
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);
    expect(await page.$eval('.admin-messages', (element) => element.textContent)).to.include(`Tiered navigation '${name}' updated.`);

    // The admin tab opened over the visitor's; a tab in the background gets no frames to click in.
    await visitor.bringToFront();
    await visitor.reload();
    expect(await navText())
      .to.include('Everything we do')
      .and.include('Catering')
      .and.include('Menus');
    const catering = await visitor.waitForSelector('::-p-xpath(//nav[contains(@class, "tiered-nav")]//button[contains(., "Catering")])');
    await catering!.click();
    await visitor.waitForFunction(() => [...document.querySelectorAll('.tiered-nav__tier-two:not([hidden]) a')].some((link) => link.textContent?.includes('Weddings')));
    await page.bringToFront();

    // Other tests' navigations may fill the listing's first page: search for this one again.
    await page.type('#id_q', name);
    await Promise.all([page.waitForNavigation(), page.click('form[role="search"] button[type="submit"]')]);
    await Promise.all([page.waitForNavigation(), page.click(`a[href$="/history/${navigation.id}/"]`)]);
    expect(await page.$$eval('tr[data-revision-id]', (rows) => rows.length)).to.equal(1);
    expect(await page.$eval('tr[data-revision-id]', (row) => row.textContent))
      .to.include('Everything we do')
      .and.include(editor.username);
    await context.close();
  });
});
