import { expect } from 'chai';
import type { Browser, ConsoleMessage } from 'puppeteer-core';
import { launchBrowserOrSkip } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

describe('home page in the browser', function () {
  let browser: Browser;
  let server: TestServer;
  let testSite: TestSite;

  before(async function () {
    browser = await launchBrowserOrSkip(this);
    server = await startTestServer();
    testSite = await createTestSite(server.db, {
      homeBody: [{ type: 'heading', id: 'b1', value: { text: 'Seafood worth the trip', level: 'h2', alignment: 'center' } }],
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  it('hydrates without console errors, and the menu button opens and closes the menu', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warn') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`));
    page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.url()}`));
    await page.setViewport({ width: 375, height: 800 });

    await page.goto(`http://${testSite.hostname}:${server.port}/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('html[data-hydrated="true"]');
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
    expect(problems).to.deep.equal([]);
    await page.close();
  });
});
