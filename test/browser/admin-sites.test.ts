import { expect } from 'chai';
import type { User } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, ensureRoot, uniqueSuffix, type TestSite } from '../support/fixtures';

const MODAL = '.admin-chooser[data-page-chooser-modal]';

describe('back office sites in the browser', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db, { objectPermissions: [{ model: 'site', permissions: ['add', 'change'] }] });
  });

  it('adds a site on port 8081 whose root page is found in the page chooser, and sees it listed', async () => {
    const word = `Wharf${uniqueSuffix()}`;
    const home = await addChild(suite.server.db, await ensureRoot(suite.server.db), { title: `${word} Home`, slug: word.toLowerCase(), pageType: 'home_page', content: { body: [] } });
    const origin = `http://${site.hostname}:${suite.server.port}`;
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), origin, editor, '/wagtail/', { problems: suite.problems });
    await page.click('.admin-nav__group:has(a[href="/wagtail/sites/"]) summary');
    await Promise.all([page.waitForNavigation(), page.click('.admin-nav--sub a[href="/wagtail/sites/"]')]);
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/sites/add/"]')]);

    const hostname = `${word.toLowerCase()}.example`;
    await page.type('#id_hostname', hostname);
    await page.click('#id_port', { count: 3 });
    await page.type('#id_port', '8081');
    await page.type('#id_site_name', `${word} site`);
    await page.click('[data-page-chooser-target="opener"]');
    await page.waitForSelector(`${MODAL}[open]`);
    await page.keyboard.type(word);
    await page.waitForSelector(`${MODAL} .admin-chooser__row[data-page-id="${home.id}"] .admin-chooser__choose`);
    await page.click(`${MODAL} .admin-chooser__row[data-page-id="${home.id}"] .admin-chooser__choose`);
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await page.$eval('#id_root_page', (select) => (select as HTMLSelectElement).value)).to.equal(String(home.id));

    await Promise.all([page.waitForNavigation(), page.click('.admin-actions button[type="submit"]')]);
    expect(await page.$eval('.admin-messages', (element) => element.textContent)).to.include(`Site '${word} site' created.`);
    const row = await page.$$eval('tr[data-site-id]', (rows, wanted) => rows.find((each) => each.textContent?.includes(wanted))?.textContent?.replace(/\s+/g, ' '), hostname);
    expect(row).to.include('8081').and.include(`${word} site`).and.include(`${word} Home`);
  });
});
