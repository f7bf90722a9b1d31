import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { User } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { PAGE_SHOWN, signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';

describe('back office redirects in the browser', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;
  let folder: string;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db, { objectPermissions: [{ model: 'redirect', permissions: ['add', 'change'] }] });
    folder = mkdtempSync(path.join(tmpdir(), 'rh-redirects-'));
  });
  after(async () => {
    // Without a browser the suite is skipped before the folder is made.
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('imports a spreadsheet of redirects: upload, map the columns, read the report, and the redirect works', async () => {
    const tag = uniqueSuffix();
    const slug = `chowder-${tag}`;
    await addChild(suite.server.db, site.home, { title: 'Chowder', slug, pageType: 'content_page', content: { body: [], confirmation: [] } });
    const file = path.join(folder, 'redirects from the old site.csv');
    writeFileSync(file, [`Notes,Old address,New address`, `soup,/soup-${tag}/,/${slug}/`, `typo,soup-${tag}-typo,/${slug}/`].join('\n'));

    const origin = `http://${site.hostname}:${suite.server.port}`;
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), origin, editor, '/wagtail/', { problems: suite.problems });
    await page.click('.admin-nav__group:has(a[href="/wagtail/redirects/"]) summary');
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/redirects/"]')]);
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/redirects/import/"]')]);
    await (await page.$('input[name="import_file"]'))!.uploadFile(file);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);

    expect(await page.$eval('h1', (heading) => heading.textContent)).to.equal('Import redirects');
    expect(await page.$$eval('table thead th', (cells) => cells.map((cell) => cell.textContent))).to.deep.equal(['Notes', 'Old address', 'New address']);
    expect(await page.$eval('table tbody', (body) => body.textContent)).to.include(`/soup-${tag}/`);
    await page.select('#id_from_index', '1');
    await page.select('#id_to_index', '2');
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);

    expect(await page.$eval('[role="status"] strong', (element) => element.textContent)).to.equal('Found 2 redirects, created 1 and found 1 errors.');
    const refused = await page.$$eval('tbody tr', (rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent)));
    expect(refused).to.deep.equal([['3', `soup-${tag}-typo`, `/${slug}/`, 'The path to redirect from must start with a /, as /menu/.']]);

    await Promise.all([page.waitForNavigation(), page.click('a.admin-button--primary[href="/wagtail/redirects/"]')]);
    await page.type('#id_q', `soup-${tag}`);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(await page.$$eval('tbody .admin-table__title', (links) => links.map((link) => link.textContent))).to.deep.equal([`/soup-${tag}`]);

    const visit = await page.goto(`${origin}/soup-${tag}/`);
    expect(visit?.status()).to.be.oneOf(PAGE_SHOWN);
    expect(page.url()).to.equal(`${origin}/${slug}/`);
    const hops = visit!
      .request()
      .redirectChain()
      .map((request) => request.response()?.status());
    expect(hops).to.deep.equal([301]);
  });

  it('adds a temporary redirect to a page picked in the page chooser, and the redirect works', async () => {
    const word = `Bisque${uniqueSuffix()}`;
    const target = await addChild(suite.server.db, site.home, {
      title: `Lobster ${word}`,
      slug: `lobster-${word.toLowerCase()}`,
      pageType: 'content_page',
      content: { body: [], confirmation: [] },
    });
    const origin = `http://${site.hostname}:${suite.server.port}`;
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), origin, editor, '/wagtail/redirects/add/', { problems: suite.problems });
    const modal = '.admin-chooser[data-page-chooser-modal]';
    await page.type('#id_old_path', `/soup-of-the-day-${word}/`);
    await page.select('#id_site', String(site.site.id));
    await page.click('#id_is_permanent');
    await page.click('[data-page-chooser-target="opener"]');
    await page.waitForSelector(`${modal}[open]`);
    await page.keyboard.type(word);
    await page.waitForSelector(`${modal} .admin-chooser__row[data-page-id="${target.id}"]`);
    await page.click(`${modal} .admin-chooser__row[data-page-id="${target.id}"] .admin-chooser__choose`);
    await page.waitForSelector(`${modal}:not([open])`);
    expect(await page.$eval('#id_redirect_page', (select) => (select as HTMLSelectElement).value)).to.equal(String(target.id));
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);
    expect(await page.$eval('.admin-messages', (element) => element.textContent)).to.include(`Redirect '/soup-of-the-day-${word}' added.`);

    const visit = await page.goto(`${origin}/soup-of-the-day-${word}/`);
    expect(page.url()).to.equal(`${origin}/${target.slug}/`);
    expect(
      visit!
        .request()
        .redirectChain()
        .map((request) => request.response()?.status()),
    ).to.deep.equal([302]);
  });
});
