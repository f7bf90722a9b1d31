import { expect } from 'chai';
import type { User } from '../../server/db/schema';
import { getSiteSettings } from '../../server/models/site-settings';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { addFooterPage, createTestSite, sampleFooter, type TestSite } from '../support/fixtures';

describe('back office site settings in the browser', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    await addFooterPage(suite.server.db, site.home, sampleFooter());
    editor = await createAdminUser(suite.server.db, { objectPermissions: [{ model: 'site_settings', permissions: ['change'] }] });
  });

  it('changes the brand phone number and a header link in the settings, then sees them on the site', async () => {
    const origin = `http://${site.hostname}:${suite.server.port}`;
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), origin, editor, '/wagtail/', { problems: suite.problems });
    await page.click('.admin-nav__group:has(a[href="/wagtail/settings/"]) summary');
    await Promise.all([page.waitForNavigation(), page.click('.admin-nav--sub a[href="/wagtail/settings/"]')]);
    expect(page.url()).to.equal(`${origin}/wagtail/settings/core/sitesettings/${site.site.id}/`);

    await page.click('#id_national_phone', { count: 3 });
    await page.type('#id_national_phone', '1-800-555-0177');

    // The header navigation's editor: a section with one link. The sticky save bar may cover a
    // button scrolled just into view, so each is brought to the middle first, as a reader would.
    const press = async (selector: string) => {
      await page.waitForSelector(selector);
      await page.$eval(selector, (element) => element.scrollIntoView({ block: 'center' }));
      await page.click(selector);
    };
    const section = '[data-page-field="header"] .sf-list__item';
    await press('[data-page-field="header"] .sf-list__add');
    await press(`${section} .sf-list__add`);
    await page.waitForSelector(`${section} .sf-list__item input`);
    const linkInputs = await page.$$(`${section} .sf-list__item input`);
    await linkInputs[0]!.type('Oysters');
    await linkInputs[1]!.type('/oysters/');
    await press('#id_use_new_header');
    await Promise.all([page.waitForNavigation(), page.click('.admin-actions button[type="submit"]')]);
    expect(await page.$eval('.admin-messages', (element) => element.textContent)).to.include('Site settings for');
    expect((await getSiteSettings(suite.server.db, site.site.id)).header?.sections[0]?.links[0]).to.deep.include({ display_name: 'Oysters', url: '/oysters/' });

    await page.goto(`${origin}/`);
    expect(await page.$eval('footer', (footer) => footer.textContent)).to.include('1-800-555-0177');
    expect(await page.$$eval('header a', (links) => links.map((link) => link.getAttribute('href')))).to.include('/oysters/');
  });
});
