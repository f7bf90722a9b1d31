import { expect } from 'chai';
import type { BrowserContext, Page as BrowserPage } from 'puppeteer-core';
import { runScheduledPublishing } from '../../server/actions/run-schedule';
import type { Page, User } from '../../server/db/schema';
import { addChild, getLatestRevision, revisionSnapshot } from '../../server/models/pages';
import { TEST_PASSWORD, createAdminUser } from '../support/admin';
import { PAGE_SHOWN, useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';

const BODY = [{ type: 'heading', id: 'b1', value: { text: 'Crab cakes all week' } }];

describe('back office in the browser, as an editor', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let home: Page;
  let first: User;
  let second: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    home = site.home;
    first = await createAdminUser(suite.server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change', 'publish', 'lock'] }] });
    second = await createAdminUser(suite.server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change', 'publish', 'lock'] }] });
  });

  const origin = () => `http://${site.hostname}:${suite.server.port}`;

  async function signIn(context: BrowserContext, user: User, next: string): Promise<BrowserPage> {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${origin()}${next}`);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/login/');
    // The form is usable from the keyboard alone: the username field has focus on arrival.
    await page.keyboard.type(user.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type(TEST_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal(next);
    return page;
  }

  async function submit(page: BrowserPage, selector: string): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  }

  it('creates a page, saves a draft, publishes it, and locks it against a second editor', async () => {
    const editor = await signIn(await suite.browser.createBrowserContext(), first, `/wagtail/pages/${home.id}/`);
    await submit(editor, `a[href="/wagtail/pages/add/${home.id}/"]`);
    await submit(editor, `a[href="/wagtail/pages/add/${home.id}/content_page/"]`);

    await editor.type('#id_title', 'Harbor Specials');
    expect(await editor.$eval('#id_slug', (input) => (input as HTMLInputElement).value)).to.equal('harbor-specials');
    await editor.$eval('#id_content-body', (area, body) => ((area as HTMLTextAreaElement).value = body), JSON.stringify(BODY));
    await submit(editor, 'button[value="save"]');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('created as a draft');
    const publicUrl = `${origin()}/harbor-specials/`;
    const visitor = await suite.browser.newPage();
    expect((await visitor.goto(publicUrl))?.status()).to.equal(404);

    await submit(editor, 'button[value="publish"]');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('published');
    expect((await visitor.goto(publicUrl, { waitUntil: 'networkidle0' }))?.status()).to.be.oneOf(PAGE_SHOWN);
    expect(await visitor.content()).to.include('Crab cakes all week');

    await submit(editor, 'a.admin-table__title');
    const editUrl = editor.url();
    expect(editUrl).to.match(/\/wagtail\/pages\/\d+\/edit\/$/);
    await submit(editor, 'form[action$="/lock/"] button');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('is now locked');

    const other = await signIn(await suite.browser.createBrowserContext(), second, '/wagtail/');
    const refused = await other.goto(editUrl);
    expect(refused?.status()).to.equal(403);
    expect(await other.$eval('main', (main) => main.textContent)).to.include('is locked by');
  });

  it('previews a draft, reverts to the first revision, and lets a scheduled expiry take the page down', async () => {
    const page = await addChild(suite.server.db, home, { title: 'Lobster Rolls', slug: 'lobster-rolls', pageType: 'content_page', content: { body: BODY }, live: true });
    const publicUrl = `${origin()}/lobster-rolls/`;
    const editor = await signIn(await suite.browser.createBrowserContext(), first, `/wagtail/pages/${page.id}/edit/`);
    const titleValue = () => editor.$eval('#id_title', (input) => (input as HTMLInputElement).value);

    await editor.$eval('#id_title', (input) => ((input as HTMLInputElement).value = 'Lobster Rolls Deluxe'));
    await submit(editor, 'button[value="save"]');
    expect(await titleValue()).to.equal('Lobster Rolls Deluxe');
    const opened = new Promise<BrowserPage>((resolve) => editor.browserContext().once('targetcreated', (target) => void target.page().then((tab) => tab && resolve(tab))));
    await editor.click(`a[href="/wagtail/pages/${page.id}/preview/"]`);
    const preview = await opened;
    await preview.waitForFunction(() => document.readyState === 'complete');
    expect(await preview.$eval('h1', (heading) => heading.textContent)).to.include('Lobster Rolls Deluxe');
    expect(await preview.content()).to.include('Crab cakes all week');
    await preview.close();
    await editor.bringToFront();
    const visitor = await suite.browser.newPage();
    await visitor.goto(publicUrl);
    expect(await visitor.$eval('h1', (heading) => heading.textContent)).to.not.include('Deluxe');

    await editor.goto(`${origin()}/wagtail/pages/${page.id}/revisions/`);
    const revertLinks = await editor.$$('a[href$="/revert/"]');
    expect(revertLinks).to.have.length(1);
    // Reverting asks first; the confirmation page's button does it.
    await Promise.all([editor.waitForNavigation(), revertLinks[0]!.click()]);
    expect(await editor.$eval('#confirm-question', (question) => question.textContent)).to.include('Revert to the revision of');
    await submit(editor, '.admin-confirm button[type="submit"]');
    expect(new URL(editor.url()).pathname).to.equal(`/wagtail/pages/${page.id}/edit/`);
    expect(await titleValue()).to.equal('Lobster Rolls');
    await editor.goto(`${origin()}/wagtail/pages/${page.id}/revisions/`);
    expect(await editor.$$eval('tbody tr', (rows) => rows.map((row) => row.textContent ?? '')))
      .to.have.length(3)
      .and.satisfy((rows: string[]) => rows[0]!.includes('current draft') && rows[0]!.includes('Lobster Rolls') && !rows[0]!.includes('Deluxe'));

    await editor.goto(`${origin()}/wagtail/pages/${page.id}/edit/`);
    const expireAt = new Date(Date.now() + 5 * 60_000);
    await editor.$eval('#id_expire_at', (input, value) => ((input as HTMLInputElement).value = value), expireAt.toISOString().slice(0, 16));
    await submit(editor, 'button[value="publish"]');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('published');
    expect((await visitor.goto(publicUrl))?.status()).to.be.oneOf(PAGE_SHOWN);

    // The in-process scheduler's round, run as if its clock had passed the expiry.
    const round = await runScheduledPublishing(suite.server.db, new Date(expireAt.getTime() + 60_000));
    expect(round.expired).to.include(page.id);
    expect((await visitor.goto(publicUrl))?.status()).to.equal(404);
    await editor.goto(`${origin()}/wagtail/pages/${home.id}/`);
    const row = await editor.$$eval('tbody tr', (rows, id) => rows.find((each) => each.querySelector(`a[href="/wagtail/pages/${id}/edit/"]`))?.textContent ?? '', page.id);
    expect(row).to.include('Lobster Rolls').and.include('expired');
  });

  it('moves a page to a destination chosen from the keyboard in the page chooser, which opens at its parent', async () => {
    const section = await addChild(suite.server.db, home, { title: 'Seasonal', slug: 'seasonal', pageType: 'content_page', content: { body: [] }, live: true });
    const page = await addChild(suite.server.db, home, { title: 'Oyster Week', slug: 'oyster-week', pageType: 'content_page', content: { body: [] }, live: true });
    const editor = await signIn(await suite.browser.createBrowserContext(), first, `/wagtail/pages/${page.id}/move/`);
    await editor.focus('[data-page-chooser-target="opener"]');
    await editor.keyboard.press('Enter');
    await editor.waitForSelector(`.admin-chooser[open] .admin-chooser__row[data-page-id="${section.id}"]`);
    expect(await editor.evaluate(() => document.activeElement?.matches('.admin-chooser input[type="search"]'))).to.equal(true, 'focus moves into the modal');
    expect(await editor.$$eval('.admin-chooser__crumbs li', (crumbs) => crumbs.map((crumb) => crumb.textContent))).to.deep.equal(['Root', home.draft_title]);
    expect(await editor.$eval('.admin-chooser [role="status"]', (status) => status.textContent)).to.match(new RegExp(`\\d+ pages? under ${home.draft_title}\\.`));
    // The parent itself comes first as a choice; the page being moved is not offered.
    expect(await editor.$eval('.admin-chooser__row', (row) => (row as HTMLElement).dataset.pageId)).to.equal(String(home.id));
    expect(await editor.$(`.admin-chooser__row[data-page-id="${page.id}"]`)).to.equal(null);
    await editor.focus(`.admin-chooser__row[data-page-id="${section.id}"] .admin-chooser__choose`);
    await editor.keyboard.press('Enter');
    await editor.waitForSelector('.admin-chooser:not([open])');
    expect(await editor.evaluate(() => document.activeElement?.getAttribute('data-page-chooser-target'))).to.equal('opener', 'focus returns to the opener');
    expect(await editor.$eval('[data-page-chooser-target="chosen"]', (chosen) => chosen.textContent)).to.equal('Seasonal');
    expect(await editor.$eval(`#dest-${section.id}`, (radio) => (radio as HTMLInputElement).checked)).to.equal(true);
    await submit(editor, '.admin-form button[type="submit"]');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('moved under "Seasonal"');
    const visitor = await suite.browser.newPage();
    expect((await visitor.goto(`${origin()}/seasonal/oyster-week/`))?.status()).to.be.oneOf(PAGE_SHOWN);
  });

  it('opens the menu on a narrow screen from the keyboard and closes it with Escape', async () => {
    const page = await signIn(await suite.browser.createBrowserContext(), first, '/wagtail/');
    await page.setViewport({ width: 375, height: 800 });
    const sidebarShown = () => page.$eval('#admin-sidebar', (nav) => getComputedStyle(nav).display !== 'none');
    expect(await sidebarShown()).to.equal(false);
    await page.focus('.admin-topbar__toggle');
    await page.keyboard.press('Enter');
    expect(await sidebarShown()).to.equal(true);
    expect(await page.$eval('.admin-topbar__toggle', (button) => button.getAttribute('aria-expanded'))).to.equal('true');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).to.equal('Dashboard');
    await page.keyboard.press('Escape');
    expect(await sidebarShown()).to.equal(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('admin-topbar__toggle'))).to.equal(true);
  });

  it('stops autosaving when another editor saved the page meanwhile, and lets the editor refresh to their version', async () => {
    const shared = await addChild(suite.server.db, home, {
      title: 'Oyster Night',
      slug: `oyster-night-${Date.now()}`,
      pageType: 'content_page',
      content: { body: [], confirmation: [] },
    });
    const editUrl = `/wagtail/pages/${shared.id}/edit/`;
    const a = await signIn(await suite.browser.createBrowserContext(), first, editUrl);
    const b = await signIn(await suite.browser.createBrowserContext(), second, editUrl);

    await b.$eval('#id_title', (input) => ((input as HTMLInputElement).value = ''));
    await b.type('#id_title', "Oyster Night, B's version");
    await submit(b, 'button[value="save"]');
    expect(await b.$eval('.admin-messages', (list) => list.textContent)).to.include('saved');

    await a.focus('#id_title');
    await a.keyboard.press('End');
    await a.keyboard.type(' (A was here)');
    await a.waitForSelector('.admin-conflict:not([hidden])', { visible: true });
    expect(await a.$eval('.admin-conflict', (notice) => notice.textContent)).to.include('This page has been updated by another user.');
    expect(await a.$eval('#id_title', (input) => (input as HTMLInputElement).value)).to.equal('Oyster Night (A was here)');
    const latest = await getLatestRevision(suite.server.db, shared);
    expect(revisionSnapshot(latest!).title).to.equal("Oyster Night, B's version");

    await submit(a, '.admin-conflict a');
    expect(await a.$eval('#id_title', (input) => (input as HTMLInputElement).value)).to.equal("Oyster Night, B's version");
    expect(await a.$eval('.admin-conflict', (notice) => (notice as HTMLElement).hidden)).to.equal(true);
    expect((await getLatestRevision(suite.server.db, shared))!.id).to.equal(latest!.id);
  });
});
