import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { HeaderContent, MenuLink } from '../../client/lib/page-data';
import { addChild } from '../../server/models/pages';
import { useBrowserSuite } from '../support/browser';
import { addFooterPage, createTestSite, sampleFooter, type TestSite } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

const link = (display_name: string, url: string | null, extra: Partial<MenuLink> = {}): MenuLink => ({
  display_name,
  url,
  link_type: 'internal',
  link_style: 'default',
  children: [],
  ...extra,
});

const HEADER: HeaderContent = {
  sections: [
    { role: 'secondary', title: 'More', links: [link('Secondary Link', '/secondary/')] },
    {
      role: 'primary',
      title: '',
      links: [
        link('Menu', '/menu/'),
        link('No Url', null),
        link('About', '/about/', { children: [link('Our Story', '/our-story/'), link('Hidden Child', null)] }),
        link('Gift Cards', 'https://gifts.example.com/', { link_type: 'external' }),
      ],
    },
    { role: 'social', title: 'Follow us', links: [link('Facebook', 'https://facebook.com/example', { link_type: 'external' })] },
  ],
  map_page_url: null,
};

/** The two apps the frame is compared on: the new header switched on, and off. */
async function startHeaderServers() {
  const newHeader = await startTestServer({ OLO_NEW_HEADER: 'on', ACCESSIBILITY_SERVICE_URL: 'https://a11y.example.com/report' });
  const legacy = await startTestServer({ OLO_NEW_HEADER: 'off' });
  return {
    newHeader,
    legacy,
    async close() {
      await newHeader.close();
      await legacy.close();
    },
  };
}

const visible = (page: BrowserPage, selector: string) =>
  page.$eval(selector, (element) => {
    const style = getComputedStyle(element);
    return style.display !== 'none' && style.visibility !== 'hidden' && (element as HTMLElement).offsetHeight > 0;
  });

describe('site frame in the browser', function () {
  const suite = useBrowserSuite({ serve: startHeaderServers });
  let site: TestSite;
  let siteWithoutHeader: TestSite;

  before(async function () {
    const { db } = suite.server.newHeader;
    site = await createTestSite(db, { settings: { header: HEADER } });
    await addFooterPage(db, site.home, sampleFooter());
    await addChild(db, site.home, { title: 'US Home', slug: 'us', pageType: 'blank_page', showInMenus: true, content: {} });
    siteWithoutHeader = await createTestSite(db);
  });

  /** The page at `path` of `testSite` on the new-header app, or on `server`. */
  const urlOf = (testSite: TestSite, path = '/', server: TestServer = suite.server.newHeader) => `http://${testSite.hostname}:${server.port}${path}`;

  it('opens and closes the burger dialog by keyboard, keeping focus inside it', async () => {
    const page = await suite.openPage(urlOf(site), { width: 375 });
    await page.focus('.site-header__burger');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.mobile-menu[role="dialog"][aria-modal="true"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).to.equal('Sign in');
    const mobileLinks = await page.$$eval('.mobile-nav a', (anchors) => anchors.map((anchor) => anchor.textContent?.replace(/\s*\(opens in a new tab\)/, '')));
    expect(mobileLinks).to.include.members(['Secondary Link', 'Menu', 'About', 'Our Story', 'Gift Cards']);
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.mobile-menu')))).to.equal(true);

    expect(await page.$eval('.mobile-nav__submenu', (element) => (element as HTMLElement).hidden)).to.equal(true);
    await page.click('.mobile-nav__toggle');
    expect(await page.$eval('.mobile-nav__submenu', (element) => (element as HTMLElement).hidden)).to.equal(false);
    await page.click('.mobile-nav__toggle');
    expect(await page.$eval('.mobile-nav__submenu', (element) => (element as HTMLElement).hidden)).to.equal(true);

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.mobile-menu'));
    expect(await page.evaluate(() => document.activeElement?.classList.contains('site-header__burger'))).to.equal(true);
    await page.close();
  });

  it('shows only the primary section links that have a url on wide screens', async () => {
    const page = await suite.openPage(urlOf(site));
    const labels = await page.$$eval('.desktop-nav .desktop-nav__link', (anchors) => anchors.map((anchor) => anchor.firstChild?.textContent));
    expect(labels).to.deep.equal(['Menu', 'About', 'Gift Cards']);
    expect(await page.$$eval('.desktop-nav a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.not.include('Facebook');
    expect(await page.$$eval('.desktop-nav a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.not.include('Secondary Link');
    expect(await visible(page, '.site-header__burger')).to.equal(false);

    expect(await page.$eval('#menu-1-panel', (element) => (element as HTMLElement).hidden)).to.equal(true);
    await page.hover('.desktop-nav__item:nth-child(2) .desktop-nav__link');
    await page.waitForFunction(() => !(document.querySelector('#menu-1-panel') as HTMLElement).hidden);
    expect(await page.$$eval('#menu-1-panel a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.deep.equal(['Our Story']);
    await page.hover('.site-header__logo');
    await page.waitForFunction(() => (document.querySelector('#menu-1-panel') as HTMLElement).hidden);
    await page.close();
  });

  it('closes an open submenu on Escape from inside it, putting focus back on its toggle', async () => {
    const page = await suite.openPage(urlOf(site));
    const toggle = '.desktop-nav__toggle[aria-controls="menu-1-panel"]';
    await page.click(toggle);
    await page.waitForFunction(() => !(document.querySelector('#menu-1-panel') as HTMLElement).hidden);
    await page.focus('#menu-1-panel a');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => (document.querySelector('#menu-1-panel') as HTMLElement).hidden);
    expect(await page.$eval(toggle, (button) => [button === document.activeElement, button.getAttribute('aria-expanded')])).to.deep.equal([true, 'false']);
    await page.close();
  });

  it('opens external links in a new tab', async () => {
    const page = await suite.openPage(urlOf(site));
    const external = await page.$eval('.desktop-nav a[href="https://gifts.example.com/"]', (anchor) => [anchor.target, anchor.rel]);
    expect(external).to.deep.equal(['_blank', 'noopener noreferrer']);
    const internal = await page.$eval('.desktop-nav a[href="/menu/"]', (anchor) => anchor.target);
    expect(internal).to.equal('');
    await page.setRequestInterception(true);
    page.on('request', (request) => void (request.url().startsWith('https://') ? request.abort() : request.continue()));
    const opened = new Promise((resolve) => suite.browser.once('targetcreated', (target) => resolve(target.url())));
    await page.click('.desktop-nav a[href="https://gifts.example.com/"]');
    expect(await opened).to.equal('https://gifts.example.com/');
    await page.close();
  });

  it('uses the legacy header when OLO_NEW_HEADER is off or there is no header content', async () => {
    const legacy = await suite.openPage(urlOf(site, '/', suite.server.legacy));
    expect(await legacy.$('header.site-header--legacy')).to.not.equal(null);
    expect(await legacy.$('.desktop-nav')).to.equal(null);
    expect(await legacy.$$eval('.site-header__nav a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.deep.equal(['US Home']);
    await legacy.close();

    const withoutContent = await suite.openPage(urlOf(siteWithoutHeader));
    expect(await withoutContent.$('header.site-header--legacy')).to.not.equal(null);
    await withoutContent.close();

    const modern = await suite.openPage(urlOf(site));
    expect(await modern.$('header.site-header--new')).to.not.equal(null);
    expect(await modern.$eval('.site-header__signin', (anchor) => anchor.getAttribute('href'))).to.equal('/account/login?returnUrl=/');
    expect(await modern.$eval('.site-header__logo', (anchor) => anchor.getAttribute('href'))).to.equal('/');
    await modern.close();
  });

  it('toggles a collapsible footer column with its checkbox on small screens', async () => {
    const page = await suite.openPage(urlOf(site), { width: 375 });
    const links = '.footer-column--collapsable .footer-column__links';
    expect(await visible(page, links)).to.equal(false);
    expect(await visible(page, '.footer-column:not(.footer-column--collapsable) .footer-column__links')).to.equal(true);
    await page.click('.footer-column--collapsable label');
    expect(await page.$eval('.footer-column__toggle', (input) => (input as HTMLInputElement).checked)).to.equal(true);
    expect(await visible(page, links)).to.equal(true);
    await page.click('.footer-column--collapsable label');
    expect(await visible(page, links)).to.equal(false);
    await page.close();
  });

  it('shows Back to Top up to 840px only, linking to the main content', async () => {
    const narrow = await suite.openPage(urlOf(site), { width: 800 });
    expect(await visible(narrow, '.back-to-top')).to.equal(true);
    expect(await narrow.$eval('.back-to-top', (anchor) => [anchor.textContent, anchor.getAttribute('href')])).to.deep.equal(['Back to Top', '#main-content']);
    await narrow.close();
    const wide = await suite.openPage(urlOf(site));
    expect(await visible(wide, '.back-to-top')).to.equal(false);
    await wide.close();
  });

  it('lists the other regions and hides the one the address is in', async () => {
    const home = await suite.openPage(urlOf(site));
    expect(await home.$$eval('.region-nav a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.deep.equal(['United States', 'Canada']);
    await home.close();
    const us = await suite.openPage(urlOf(site, '/us/'));
    expect(await us.$$eval('.region-nav a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.deep.equal(['Canada']);
    await us.close();
  });

  it('renders the social row, legal text without script, and the accessibility report form', async () => {
    const page = await suite.openPage(urlOf(site));
    expect(await page.$$eval('.social-row a', (anchors) => anchors.map((anchor) => anchor.dataset.network))).to.deep.equal(['twitter', 'facebook']);
    expect(await page.$eval('.site-footer__legal', (element) => element.innerHTML)).to.equal('<p>Legal <strong>fine print</strong></p>');
    const form = await page.$eval('form.accessibility-report', (element) => {
      const formElement = element;
      return {
        action: formElement.action,
        method: formElement.method,
        target: formElement.target,
        fields: [...formElement.querySelectorAll('input[type="hidden"]')].map((input) => (input as HTMLInputElement).name),
        buttonWidth: (formElement.querySelector('input[type="image"]') as HTMLInputElement).width,
      };
    });
    expect(form).to.deep.equal({
      action: 'https://a11y.example.com/report',
      method: 'post',
      target: '_blank',
      fields: ['ai_url', 'ai_dom', 'ai_screenWidth', 'ai_screenHeight'],
      buttonWidth: 40,
    });
    await page.close();
  });
});
