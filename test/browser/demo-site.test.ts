import { expect } from 'chai';
import type { Browser } from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp } from '../../server/app';
import { migrateToLatest } from '../../server/db/migrate';
import { createMediaStorage } from '../../server/media-storage';
import { seedDemoContentIfEmpty } from '../../server/seed/demo-content';
import { launchBrowserOrSkip } from '../support/browser';
import { openScratchDatabase, type TestDatabase } from '../support/database';
import { testConfig } from '../support/server';

describe('the seeded demo site in the browser', function () {
  this.timeout(240_000);
  let browser: Browser;
  let database: TestDatabase;
  let server: Server;
  let mediaDir: string;
  let baseUrl: string;

  before(async function () {
    browser = await launchBrowserOrSkip(this);
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-demo-'));
    database = await openScratchDatabase();
    await migrateToLatest(database.handle.db);
    const logger = pino({ level: 'silent' });
    const app = createApp({ config: testConfig({ MEDIA_DIR: mediaDir }), db: database.handle.db, logger });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const { port } = server.address() as AddressInfo;
    // Seeded as `npm start` seeds: the demo site is served on the port the app listens on.
    await seedDemoContentIfEmpty(database.handle.db, createMediaStorage(mediaDir), logger, port);
    baseUrl = `http://localhost:${port}`;
  });
  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('hydrates every page of the sitemap without console errors or failed requests', async () => {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>[^<]*?localhost(?::\d+)?([^<]*)<\/loc>/g)].map((match) => match[1]!);
    // Absolute addresses come from the site record, which the seed gives the port the site is served on.
    expect(sitemap).to.include(`<loc>${baseUrl}/</loc>`);
    const releases = paths.filter((pagePath) => /\/press-releases\/.+/.test(pagePath));
    // The directory serves a city page and a local page for each of hundreds of restaurants, all from one template each.
    const directory = paths.filter((pagePath) => /^\/seafood-restaurants\/locations\/[^/]+\/[^/]+\//.test(pagePath));
    const sampled = [...releases.slice(0, 2), ...directory.slice(0, 4)];
    const visited = [...paths.filter((pagePath) => !releases.includes(pagePath) && !directory.includes(pagePath)), ...sampled];
    expect(visited.length).to.be.greaterThan(25);
    const problems: string[] = [];
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warn') problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${String(error)}`));
    // Outside players (YouTube, maps) cannot load here; only our own requests must succeed.
    page.on('requestfailed', (request) => {
      if (request.url().startsWith(baseUrl)) problems.push(`${page.url()} requestfailed: ${request.url()}`);
    });
    for (const pagePath of visited) {
      const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle0' });
      expect(response?.status(), pagePath).to.equal(200);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated), pagePath).to.equal('true');
    }
    expect(problems).to.deep.equal([]);
  });
});
