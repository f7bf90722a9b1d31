import { expect } from 'chai';
import type { Browser, BrowserContext, Page as BrowserPage } from 'puppeteer-core';
import type { Page, User } from '../../server/db/schema';
import { TEST_PASSWORD, createAdminUser } from '../support/admin';
import { launchBrowserOrSkip } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

const BODY = [{ type: 'heading', id: 'b1', value: { text: 'Crab cakes all week' } }];

describe('back office in the browser, as an editor', function () {
  let server: TestServer;
  let browser: Browser;
  let site: TestSite;
  let home: Page;
  let first: User;
  let second: User;

  before(async function () {
    browser = await launchBrowserOrSkip(this);
    server = await startTestServer();
    site = await createTestSite(server.db);
    home = site.home;
    first = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change', 'publish', 'lock'] }] });
    second = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change', 'publish', 'lock'] }] });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const origin = () => `http://${site.hostname}:${server.port}`;

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
    const editor = await signIn(await browser.createBrowserContext(), first, `/wagtail/pages/${home.id}/`);
    await submit(editor, `a[href="/wagtail/pages/add/${home.id}/"]`);
    await submit(editor, `a[href="/wagtail/pages/add/${home.id}/content_page/"]`);

    await editor.type('#id_title', 'Harbor Specials');
    expect(await editor.$eval('#id_slug', (input) => (input as HTMLInputElement).value)).to.equal('harbor-specials');
    await editor.$eval('#id_content-body', (area, body) => ((area as HTMLTextAreaElement).value = body), JSON.stringify(BODY));
    await submit(editor, 'button[value="save"]');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('created as a draft');
    const publicUrl = `${origin()}/harbor-specials/`;
    const visitor = await browser.newPage();
    expect((await visitor.goto(publicUrl))?.status()).to.equal(404);

    await submit(editor, 'button[value="publish"]');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('published');
    expect((await visitor.goto(publicUrl, { waitUntil: 'networkidle0' }))?.status()).to.equal(200);
    expect(await visitor.content()).to.include('Crab cakes all week');

    await submit(editor, 'a.admin-table__title');
    const editUrl = editor.url();
    expect(editUrl).to.match(/\/wagtail\/pages\/\d+\/edit\/$/);
    await submit(editor, 'form[action$="/lock/"] button');
    expect(await editor.$eval('.admin-messages', (list) => list.textContent)).to.include('is now locked');

    const other = await signIn(await browser.createBrowserContext(), second, '/wagtail/');
    const refused = await other.goto(editUrl);
    expect(refused?.status()).to.equal(403);
    expect(await other.$eval('main', (main) => main.textContent)).to.include('is locked by');
  });

  it('opens the menu on a narrow screen from the keyboard and closes it with Escape', async () => {
    const page = await signIn(await browser.createBrowserContext(), first, '/wagtail/');
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
});
