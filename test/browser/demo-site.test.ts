import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createMediaStorage } from '../../server/media-storage';
import { getSiteSettings, saveSiteSettings } from '../../server/models/site-settings';
import { listSites } from '../../server/models/sites';
import { seedDemoContentIfEmpty } from '../../server/seed/demo-content';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import App from '../../client/App';
import { telUrl } from '../../client/lib/location-links';
import type { PreloadedData, SiteChrome } from '../../client/lib/page-data';
import { ALL_TEMPLATES } from '../../client/templates/all';
import type { TemplateName } from '../../client/templates/index';
import { PAGE_SHOWN, type BrowserSuite, useBrowserSuite } from '../support/browser';
import { openScratchDatabase } from '../support/database';
import { testConfig } from '../support/server';

/** The demo site as served: its address and its database. */
interface DemoSite {
  baseUrl: string;
  db: Db;
  close(): Promise<void>;
}

/** The app on a database of its own, seeded with the demo content as `npm start` seeds it. */
async function startDemoSite(): Promise<DemoSite> {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-demo-'));
  const database = await openScratchDatabase();
  await migrateToLatest(database.handle.db);
  const logger = pino({ level: 'silent' });
  const app = createApp({ config: testConfig({ MEDIA_DIR: mediaDir }), db: database.handle.db, logger });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  // Seeded as `npm start` seeds: the demo site is served on the port the app listens on.
  await seedDemoContentIfEmpty(database.handle.db, createMediaStorage(mediaDir), logger, port);
  return {
    baseUrl: `http://localhost:${port}`,
    db: database.handle.db,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.dispose();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

describe('the seeded demo site in the browser', function () {
  this.timeout(240_000);
  const suite: BrowserSuite<DemoSite> = useBrowserSuite({
    serve: startDemoSite,
    // Warnings count (React reports hydration mismatches there); outside players (YouTube, maps)
    // cannot load here, so only our own requests must succeed.
    problems: { warnings: true, failedRequests: (url) => url.startsWith(suite.server.baseUrl) },
  });
  const baseUrl = () => suite.server.baseUrl;

  /** The sitemap's paths, with two press releases and four restaurants' pages standing for the hundreds of pages of their templates. */
  async function sitemapPaths(): Promise<string[]> {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>[^<]*?localhost(?::\d+)?([^<]*)<\/loc>/g)].map((match) => match[1]!);
    // Absolute addresses come from the site record, which the seed gives the port the site is served on.
    expect(sitemap).to.include(`<loc>${baseUrl()}/</loc>`);
    const releases = paths.filter((pagePath) => /\/press-releases\/.+/.test(pagePath));
    // The directory serves a city page and a local page for each of hundreds of restaurants, all from one template each.
    const directory = paths.filter((pagePath) => /^\/seafood-restaurants\/locations\/[^/]+\/[^/]+\//.test(pagePath));
    const sampled = [...releases.slice(0, 2), ...directory.slice(0, 4)];
    const visited = [...paths.filter((pagePath) => !releases.includes(pagePath) && !directory.includes(pagePath)), ...sampled];
    expect(visited.length).to.be.greaterThan(25);
    return visited;
  }

  it('serves every page of the sitemap as React renders its whole tree, though the site’s chrome is rendered once', async () => {
    for (const pagePath of [...(await sitemapPaths()), '/no-such-page/']) {
      const html = await (await fetch(`${baseUrl()}${pagePath}`)).text();
      const preloaded = /<script type="application\/json" id="preloaded">([\s\S]*?)<\/script>/.exec(html);
      const root = /<div id="root">([\s\S]*)<\/div>\n<script type="application\/json" id="preloaded"/.exec(html);
      expect(preloaded && root, pagePath).to.not.equal(null);
      const { siteChrome, context, template, props, layout } = JSON.parse(preloaded![1]!) as PreloadedData;
      const site = (await (await fetch(`${baseUrl()}${siteChrome}`)).json()) as SiteChrome;
      const component = ALL_TEMPLATES[template as TemplateName];
      expect(root![1], pagePath).to.equal(renderToString(createElement(App, { template: component, props, context: { ...context, site }, layout })));
    }
  });

  it('hydrates every page of the sitemap without console errors or failed requests', async () => {
    const visited = await sitemapPaths();
    const page = await suite.newPage();
    for (const pagePath of visited) {
      const response = await page.goto(`${baseUrl()}${pagePath}`, { waitUntil: 'networkidle0' });
      expect(response?.status(), pagePath).to.equal(200);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated), pagePath).to.equal('true');
    }
  });

  /** The template name a page was rendered with, from its preloaded data. */
  async function templateOf(page: Page): Promise<string> {
    return page.evaluate(() => (JSON.parse(document.getElementById('preloaded')!.textContent) as { template: string }).template);
  }

  /** GETs a download and answers its status, type and first bytes. */
  async function download(url: string): Promise<{ status: number; type: string | null; head: string }> {
    const response = await fetch(new URL(url, baseUrl()));
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), head: bytes.subarray(0, 5).toString('latin1') };
  }

  it('shows a Menu page with categories, dishes and prices, an allergens note and a PDF download', async () => {
    const page = await suite.browser.newPage();
    expect((await page.goto(`${baseUrl()}/menu/`))?.status()).to.be.oneOf(PAGE_SHOWN);
    const tables = await page.$$eval('main table', (elements) =>
      elements.map((table) => ({
        caption: table.querySelector('caption')?.textContent?.trim() ?? '',
        rows: [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
      })),
    );
    expect(tables.length, 'menu categories').to.be.at.least(5);
    for (const table of tables) {
      expect(table.caption, 'category name').to.not.equal('');
      expect(table.rows.length, `dishes of ${table.caption}`).to.be.at.least(3);
      for (const row of table.rows) expect(row.at(-1), `price of ${row[0]}`).to.match(/^\$\d+\.\d{2}$/);
    }
    const text = await page.$eval('main', (main) => main.textContent ?? '');
    expect(text).to.match(/allergen/i);
    expect(text).to.match(/shellfish/i);
    const downloads = await page.$$eval('main a[href^="/documents/"]', (links) => links.map((link) => ({ text: link.textContent ?? '', href: link.getAttribute('href')! })));
    expect(downloads.length).to.be.at.least(1);
    expect(downloads[0]!.text).to.match(/download/i);
    const file = await download(downloads[0]!.href);
    expect(file).to.deep.equal({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await page.close();
  });

  it('shows the phone number, hours and private-dining sizes of the site settings on every page that names them', async () => {
    const [site] = await listSites(suite.server.db);
    const current = await getSiteSettings(suite.server.db, site!.id);
    // Values no page was seeded with: what the pages show must come from the settings.
    const settings = await saveSiteSettings(suite.server.db, site!.id, {
      ...current,
      nationalPhone: '1-888-555-0177',
      guestRelationsHours: 'daily from 8 a.m. to 11 p.m. Eastern',
      privateDiningGuests: { min: 18, max: 48 },
    });
    const page = await suite.browser.newPage();
    const seen: Record<string, { phones: string[]; tels: string[]; text: string }> = {};
    for (const pagePath of ['/', '/contact-us/', '/private-dining/', '/faq/', '/catering/', '/blocks/footer/']) {
      expect((await page.goto(`${baseUrl()}${pagePath}`))?.status(), pagePath).to.equal(200);
      seen[pagePath] = await page.evaluate(() => {
        const text = document.body.innerText;
        return {
          text,
          phones: text.match(/\b1-\d{3}-\d{3}-\d{4}\b|\(\d{3}\) \d{3}-\d{4}/g) ?? [],
          tels: [...document.querySelectorAll('a[href^="tel:"]')].map((link) => link.getAttribute('href')!),
        };
      });
    }
    for (const [pagePath, { phones, tels }] of Object.entries(seen)) {
      expect(phones.length, `phone numbers on ${pagePath}`).to.be.at.least(1);
      expect([...new Set(phones)], pagePath).to.deep.equal([settings.nationalPhone]);
      expect([...new Set(tels)], pagePath).to.deep.equal([telUrl(settings.nationalPhone)]);
    }
    for (const pagePath of ['/contact-us/', '/faq/']) expect(seen[pagePath]!.text, pagePath).to.include(settings.guestRelationsHours);
    await page.goto(`${baseUrl()}/why-red-harbor/`);
    seen['/why-red-harbor/'] = { phones: [], tels: [], text: await page.evaluate(() => document.body.innerText) };
    // Catering's order sizes are another matter; every other page names the private rooms' sizes or none.
    for (const [pagePath, { text }] of Object.entries(seen).filter(([pagePath]) => pagePath !== '/catering/')) {
      const sizes = text.match(/\d+ (?:to|and) \d+ guests/g) ?? [];
      if (pagePath === '/private-dining/' || pagePath === '/faq/') expect(sizes.length, `private-dining sizes on ${pagePath}`).to.be.at.least(1);
      expect([...new Set(sizes)], pagePath).to.deep.equal(sizes.length ? ['18 to 48 guests'] : []);
    }
    await saveSiteSettings(suite.server.db, site!.id, current);
    await page.close();
  });

  it('links each "In the news" card on the home page to a live press release of that name', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${baseUrl()}/`);
    const cards = await page.$$eval('.article-grid .article-card__link', (links) => links.map((link) => ({ title: link.textContent?.trim() ?? '', href: link.getAttribute('href')! })));
    expect(cards).to.have.length(3);
    for (const card of cards) {
      expect(card.href).to.match(/^\/press\/press-releases\/[^/]+\/$/);
      expect((await page.goto(`${baseUrl()}${card.href}`))?.status(), card.href).to.equal(200);
      expect(await templateOf(page), card.href).to.equal('single press release');
      expect(await page.$eval('h1', (heading) => heading.textContent?.trim())).to.equal(card.title);
    }
    await page.close();
  });

  it('leads "Download Menus" on the private dining page to the menu download', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${baseUrl()}/menu/`);
    const menuDownload = await page.$eval('main a[href^="/documents/"]', (link) => link.getAttribute('href'));
    await page.goto(`${baseUrl()}/private-dining/`);
    const hrefs = await page.$$eval('main a', (links) => links.filter((link) => link.textContent?.trim() === 'Download Menus').map((link) => link.getAttribute('href')));
    expect(hrefs).to.deep.equal([menuDownload]);
    expect(await download(hrefs[0]!)).to.deep.equal({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await page.close();
  });

  it('links "Terms and Conditions" on the signup form to a live terms page', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${baseUrl()}/email-signup/`);
    const label = await page.$eval('[data-field="terms"] label', (element) => ({
      text: element.textContent?.trim(),
      links: [...element.querySelectorAll('a')].map((link) => ({ text: link.textContent?.trim(), href: link.getAttribute('href')! })),
    }));
    expect(label.text).to.equal('I accept the Terms and Conditions*');
    expect(label.links).to.have.length(1);
    expect(label.links[0]!.text).to.equal('Terms and Conditions');
    expect((await page.goto(new URL(label.links[0]!.href, baseUrl()).href))?.status()).to.be.oneOf(PAGE_SHOWN);
    expect(await page.$eval('h1', (heading) => heading.textContent?.trim())).to.equal('Terms and Conditions');
    await page.close();
  });
});
