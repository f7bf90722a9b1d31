import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { BrowserContext, CDPSession, Page } from 'puppeteer-core';
import type { Page as PageRow, User } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { csvRows, xlsxRows } from '../support/spreadsheets';

describe('exporting form submissions in the browser', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;
  let contact: PageRow;
  let downloads: string;

  before(async function () {
    site = await createTestSite(suite.server.db);
    contact = await addChild(suite.server.db, site.home, { title: `Contact us ${uniqueSuffix()}`, slug: `contact-${uniqueSuffix()}`, pageType: 'contact_us_page', content: {} });
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change'] }] });
    await suite.server.db
      .insertInto('form_submissions')
      .values([
        {
          page_id: contact.id,
          submit_time: new Date('2026-09-01T16:00:00Z'),
          form_data: JSON.stringify({ first_name: 'Ana', last_name: 'Diaz', email: 'ana@example.com', message: 'The crab cakes were perfect.' }),
        },
        {
          page_id: contact.id,
          submit_time: new Date('2026-09-02T17:30:00Z'),
          form_data: JSON.stringify({ first_name: 'Ben', last_name: 'Okafor', email: 'ben@example.com', message: 'Long wait, friendly staff.' }),
        },
      ])
      .execute();
    downloads = mkdtempSync(path.join(tmpdir(), 'rh-downloads-'));
  });
  after(async () => {
    if (downloads) rmSync(downloads, { recursive: true, force: true });
  });

  /** Lets the context download into the test's folder, each file under its download id. */
  async function allowDownloads(context: BrowserContext): Promise<CDPSession> {
    const cdp = await suite.browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: downloads, eventsEnabled: true, browserContextId: context.id });
    return cdp;
  }

  /** Clicks a link and waits for the file it downloads; returns its suggested name and bytes. */
  async function clickToDownload(cdp: CDPSession, page: Page, selector: string): Promise<{ filename: string; bytes: Buffer }> {
    const started = new Promise<{ guid: string; suggestedFilename: string }>((resolve) => cdp.once('Browser.downloadWillBegin', resolve));
    const finished = new Promise<void>((resolve, reject) => {
      const onProgress = (event: { state: string }) => {
        if (event.state === 'inProgress') return;
        cdp.off('Browser.downloadProgress', onProgress);
        if (event.state === 'completed') resolve();
        else reject(new Error(`The download ended ${event.state}`));
      };
      cdp.on('Browser.downloadProgress', onProgress);
    });
    await page.click(selector);
    const { guid, suggestedFilename } = await started;
    await finished;
    return { filename: suggestedFilename, bytes: readFileSync(path.join(downloads, guid)) };
  }

  it('finds the contact form from the sidebar and downloads its submissions as CSV and XLSX', async () => {
    const context = await suite.browser.createBrowserContext();
    const page = await signInToAdmin(context, `http://${site.hostname}:${suite.server.port}`, editor, '/wagtail/', { problems: suite.problems });
    const cdp = await allowDownloads(context);
    await Promise.all([page.waitForNavigation(), page.click('.admin-nav a[href="/wagtail/forms/"]')]);
    await Promise.all([page.waitForNavigation(), page.click(`a[href="/wagtail/forms/submissions/${contact.id}/"]`)]);
    expect(await page.$eval('h1', (heading) => heading.textContent)).to.include(contact.title);
    const shown = await page.$$eval('tbody tr', (rows) => rows.map((row) => row.textContent ?? ''));
    expect(shown).to.have.length(2);
    expect(shown[0]).to.include('Ben').and.include('Long wait, friendly staff.');

    const csv = await clickToDownload(cdp, page, 'a[data-export="csv"]');
    expect(csv.filename).to.match(new RegExp(`^${contact.slug}-export-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = csvRows(csv.bytes);
    const heading = rows[0]!;
    expect(heading[0]).to.equal('Submission date');
    const column = (name: string) => heading.indexOf(name);
    expect(rows.slice(1).map((row) => [row[0], row[column('First Name')], row[column('Message')]])).to.deep.equal([
      ['2026-09-01 16:00:00+00:00', 'Ana', 'The crab cakes were perfect.'],
      ['2026-09-02 17:30:00+00:00', 'Ben', 'Long wait, friendly staff.'],
    ]);

    const xlsx = await clickToDownload(cdp, page, 'a[data-export="xlsx"]');
    expect(xlsx.filename).to.match(/\.xlsx$/);
    const sheet = await xlsxRows(xlsx.bytes);
    expect(sheet[0]).to.deep.equal(heading);
    expect(sheet.slice(1).map((row) => row[column('Email Address')])).to.deep.equal(['ana@example.com', 'ben@example.com']);
    await cdp.detach();
    await context.close();
  });
});
