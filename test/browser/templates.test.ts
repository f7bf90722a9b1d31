import { expect } from 'chai';
import type { Browser, Page as BrowserPage } from 'puppeteer-core';
import { addChild } from '../../server/models/pages';
import { launchBrowserOrSkip } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

/** A page that records console errors and warnings (React reports hydration mismatches there). */
async function watchedPage(browser: Browser, problems: string[]): Promise<BrowserPage> {
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${String(error)}`));
  page.on('requestfailed', (req) => problems.push(`requestfailed: ${req.url()}`));
  return page;
}

/** Navigates by clicking a link and waits for the new page to hydrate. */
async function follow(page: BrowserPage, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click(selector)]);
  await page.waitForSelector('html[data-hydrated="true"]');
}

describe('page templates in the browser', function () {
  let browser: Browser;
  let server: TestServer;
  let site: TestSite;

  before(async function () {
    browser = await launchBrowserOrSkip(this);
    server = await startTestServer();
    site = await createTestSite(server.db);
    const section = await addChild(server.db, site.home, {
      title: 'Press Room',
      slug: 'press',
      pageType: 'press_section_page',
      content: { contact_info: '<p>press@redharbor.example</p>' },
    });
    const list = await addChild(server.db, section, { title: 'Press Releases', slug: 'press-releases', pageType: 'press_release_list_page', content: {} });
    for (let day = 1; day <= 25; day++) {
      await addChild(server.db, list, {
        title: `Lobsterfest Day ${day}`,
        slug: `day-${day}`,
        pageType: 'press_release_page',
        content: { date: `2025-03-${String(day).padStart(2, '0')}`, body: `<p>News from day ${day}.</p>` },
      });
    }
    await addChild(server.db, site.home, {
      title: 'Lobster Lovers Club',
      slug: 'lobster-lovers-club',
      pageType: 'utility_page',
      content: { background_style: 'lobster', body: [{ type: 'rich_text', id: 'r1', value: { html: '<p>Join the club.</p>' } }] },
    });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const url = (path: string) => `http://${site.hostname}:${server.port}${path}`;

  it('pages through the press releases and opens one, without console errors', async () => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(url('/press/press-releases/'), { waitUntil: 'networkidle0' });
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.$eval('[aria-current="page"]', (element) => element.textContent)).to.equal('1');
    expect(await page.$$eval('.press-list__title', (titles) => titles.map((title) => title.textContent))).to.have.length(10);
    expect(await page.$eval('.press-date', (element) => element.textContent)).to.equal('3.25.25');

    await follow(page, 'a.pagination__page[aria-label="Page 2"]');
    expect(new URL(page.url()).search).to.equal('?page=2');
    expect(await page.$eval('[aria-current="page"]', (element) => element.textContent)).to.equal('2');
    expect(await page.$eval('.press-list__title', (element) => element.textContent)).to.equal('Lobsterfest Day 15');

    await follow(page, 'a.pagination__edge--last');
    expect(new URL(page.url()).search).to.equal('?page=3');
    expect(await page.$$eval('.press-list__title', (titles) => titles.length)).to.equal(5);

    await follow(page, 'a.pagination__edge--first');
    expect(new URL(page.url()).search).to.equal('');

    await follow(page, '.press-list__item:first-child a.press-list__more');
    expect(new URL(page.url()).pathname).to.equal('/press/press-releases/day-25/');
    expect(await page.$eval('h1', (element) => element.textContent)).to.equal('Lobsterfest Day 25');
    expect(await page.$eval('.press-release__back a', (element) => element.textContent?.trim())).to.equal('Back to Press Room');

    await follow(page, '.press-release__back a');
    expect(new URL(page.url()).pathname).to.equal('/press/');
    expect(await page.$$eval('.press-card', (cards) => cards.length)).to.equal(3);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('paints the utility page in its background style on a phone', async () => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    await page.setViewport({ width: 375, height: 800 });
    await page.goto(url('/lobster-lovers-club/'), { waitUntil: 'networkidle0' });
    await page.waitForSelector('html[data-hydrated="true"]');
    const painted = await page.$eval('.template-utility', (element) => {
      const style = getComputedStyle(element);
      return { className: element.className, image: style.backgroundImage, color: style.backgroundColor };
    });
    expect(painted.className).to.equal('template-utility bg-lobster');
    expect(painted.image).to.match(/lobster\.svg|url\(/);
    expect(painted.color).to.not.equal('rgba(0, 0, 0, 0)');
    expect(problems).to.deep.equal([]);
    await page.close();
  });
});
