import { expect } from 'chai';
import { useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';

describe('home page in the browser', function () {
  const suite = useBrowserSuite({ problems: { warnings: true, failedRequests: true } });
  let testSite: TestSite;

  before(async function () {
    testSite = await createTestSite(suite.server.db, {
      homeBody: [{ type: 'heading', id: 'b1', value: { text: 'Seafood worth the trip', level: 'h2', alignment: 'center' } }],
    });
  });

  it('hydrates without console errors, and the menu button opens and closes the menu', async () => {
    const page = await suite.openPage(`http://${testSite.hostname}:${suite.server.port}/`, { width: 375, height: 800 });
    expect(await page.$eval('h2', (element) => element.textContent)).to.equal('Seafood worth the trip');

    const burger = 'button.site-header__burger';
    expect(await page.$eval(burger, (element) => element.getAttribute('aria-expanded'))).to.equal('false');
    expect(await page.$('.mobile-menu')).to.equal(null);
    await page.click(burger);
    await page.waitForSelector('.mobile-menu[role="dialog"]');
    expect(await page.$eval(burger, (element) => element.getAttribute('aria-expanded'))).to.equal('true');
    expect(await page.$eval('.mobile-menu .mobile-menu__signin', (element) => element.textContent)).to.equal('Sign in');

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.mobile-menu'));
    await page.close();
  });
});
