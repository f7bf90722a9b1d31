import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import express from 'express';
import type { Page } from 'puppeteer-core';
import type { ChooserResponse } from '../../admin-client/streamfield/schemas';
import { STREAMFIELD_CHOOSER_URLS } from '../../server/admin/streamfield-config';
import type { User } from '../../server/db/schema';
import { DIST_DIR } from '../../server/paths';
import { rootCollection } from '../../server/models/collections';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { grantCollection } from '../support/collections';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';

describe('back office collections in the browser', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db);
    await grantCollection(suite.server.db, editor, await rootCollection(suite.server.db), ['add_collection', 'change_collection']);
  });

  const rowOf = (page: Page, name: string) =>
    page.$$eval(
      'tr[data-collection-id]',
      (rows, wanted) =>
        rows.filter((row) => row.querySelector('.admin-table__title')?.textContent?.trim() === wanted).map((row) => row.querySelector('.admin-collections__name')?.className),
      name,
    );

  it('adds a collection and a child, renames the child, and sees them in the tree', async () => {
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${site.hostname}:${suite.server.port}`, editor, '/wagtail/', { problems: suite.problems });
    await page.click('[data-nav-group="settings"] summary');
    await Promise.all([page.waitForNavigation(), page.click('.admin-nav--sub a[href="/wagtail/collections/"]')]);
    const parentName = `Menus ${uniqueSuffix()}`;
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/collections/add/"]')]);
    await page.type('#id_name', parentName);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);
    expect(await page.$eval('.admin-messages', (element) => element.textContent)).to.include(`Collection '${parentName}' created.`);
    expect(await rowOf(page, parentName)).to.deep.equal(['admin-collections__name admin-collections__name--1']);

    const childName = `Lunch ${uniqueSuffix()}`;
    await Promise.all([page.waitForNavigation(), page.click('a[href="/wagtail/collections/add/"]')]);
    await page.type('#id_name', childName);
    const parentId = await page.$$eval(
      '#id_parent option',
      (options, wanted) => options.find((option) => option.textContent?.trim().endsWith(wanted))?.getAttribute('value'),
      parentName,
    );
    await page.select('#id_parent', parentId!);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);
    expect(await rowOf(page, childName)).to.deep.equal(['admin-collections__name admin-collections__name--2']);

    const renamed = `Lunch and brunch ${uniqueSuffix()}`;
    const editLink = await page.$$eval(
      'tr[data-collection-id] a.admin-table__title',
      (links, wanted) => links.find((link) => link.textContent?.trim() === wanted)?.getAttribute('href'),
      childName,
    );
    await Promise.all([page.waitForNavigation(), page.click(`a.admin-table__title[href="${editLink}"]`)]);
    expect(await page.$eval(`#id_parent option[value="${editLink!.split('/')[3]}"]`, (option) => option.disabled)).to.equal(true);
    await page.$eval('#id_name', (input) => {
      (input as HTMLInputElement).value = '';
    });
    await page.type('#id_name', renamed);
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"].admin-button--primary')]);
    expect(await rowOf(page, renamed)).to.deep.equal(['admin-collections__name admin-collections__name--2']);
    expect(await rowOf(page, childName)).to.deep.equal([]);
    await page.close();
  });
});

/** A chooser server answering as the contract says, with what each test sets. */
interface ChooserHarness {
  url: string;
  answer: (query: URLSearchParams) => ChooserResponse;
  queries: URLSearchParams[];
  uploads: Array<{ body: string; csrf: string | undefined }>;
  uploadReply: { status: number; body: unknown };
  close(): Promise<void>;
}

async function startChooserHarness(): Promise<ChooserHarness> {
  const harness: ChooserHarness = {
    url: '',
    answer: () => ({ results: [] }),
    queries: [],
    uploads: [],
    uploadReply: { status: 201, body: { result: { id: 99, title: 'Uploaded' } } },
    close: async () => undefined,
  };
  const app = express();
  app.use('/static/dist', express.static(DIST_DIR, { fallthrough: false }));
  app.get(STREAMFIELD_CHOOSER_URLS.image, (req, res) => {
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    harness.queries.push(query);
    res.json(harness.answer(query));
  });
  app.post(`${STREAMFIELD_CHOOSER_URLS.image}upload/`, express.raw({ type: 'multipart/form-data', limit: '1mb' }), (req, res) => {
    harness.uploads.push({ body: (req.body as Buffer).toString('latin1'), csrf: req.get('x-csrftoken') });
    // Answer after a moment, so the progress bar is seen while the request is open.
    setTimeout(() => res.status(harness.uploadReply.status).json(harness.uploadReply.body), 400);
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  harness.url = `http://127.0.0.1:${port}/static/dist/streamfield/harness.html`;
  harness.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return harness;
}

const MODAL = '[data-streamfield-chooser]';
const COLLECTIONS = [
  { id: 1, label: 'Root' },
  { id: 4, label: '\u21b3 Menus' },
];
const TITLES = Array.from({ length: 7 }, (_, index) => `Oyster platter ${index + 1}`).concat('Lobster roll', 'Harbor at dawn');

/** Three choices a page, searched by title and filtered by collection id (4 keeps the oysters). */
function pagedAnswer(query: URLSearchParams, extra: Partial<ChooserResponse> = {}): ChooserResponse {
  const words = (query.get('q') ?? '').toLowerCase();
  const matching = TITLES.map((title, index) => ({ id: index + 1, title }))
    .filter((choice) => choice.title.toLowerCase().includes(words))
    .filter((choice) => query.get('collection_id') !== '4' || choice.title.startsWith('Oyster'));
  const page = Number(query.get('p') ?? '1');
  return { results: matching.slice((page - 1) * 3, page * 3), page, num_pages: Math.ceil(matching.length / 3), collections: COLLECTIONS, ...extra };
}

describe('the media chooser modal in the browser (standalone editor, chooser server per the contract)', function () {
  const suite = useBrowserSuite({
    serve: startChooserHarness,
    // Chromium logs the refusals these tests ask the chooser server for (400, 413).
    problems: { ignore: [/Failed to load resource: the server responded with a status of (400|413)/] },
  });
  let files: string;

  before(() => {
    files = mkdtempSync(path.join(tmpdir(), 'rh-chooser-upload-'));
  });
  after(() => {
    if (files) rmSync(files, { recursive: true, force: true });
  });
  beforeEach(() => {
    suite.server.queries.length = 0;
    suite.server.uploads.length = 0;
  });

  async function openChooser(width = 1280): Promise<Page> {
    const page = await suite.openPage(suite.server.url, { width, readySelector: null });
    await page.click('[data-block-id="demo-hero"] [data-chooser-target="image"]');
    await page.waitForSelector(`${MODAL}[open]`);
    return page;
  }
  const text = (page: Page, selector: string) => page.$eval(selector, (element) => element.textContent ?? '');
  const lastQuery = () => suite.server.queries[suite.server.queries.length - 1]!;

  it('searches, filters by collection and pages through the choices', async () => {
    suite.server.answer = (query) => pagedAnswer(query);
    const page = await openChooser();
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'Page 1 of 3', {}, `${MODAL} [data-chooser-page]`);
    expect(await page.$eval(`${MODAL} [data-chooser-previous]`, (button) => (button as HTMLButtonElement).disabled)).to.equal(true);
    await page.click(`${MODAL} [data-chooser-next]`);
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'Page 2 of 3', {}, `${MODAL} [data-chooser-page]`);
    expect(lastQuery().get('p')).to.equal('2');
    expect(await page.$$eval(`${MODAL} [data-choice-id]`, (choices) => choices.map((choice) => choice.getAttribute('data-choice-id')))).to.deep.equal(['4', '5', '6']);

    await page.type(`${MODAL} input[type="search"]`, 'lobster');
    // The search waits for a pause in typing: on a loaded machine the keys come slowly enough for
    // it to search part of the word first, so the whole word's query may come a moment later.
    for (let waited = 0; lastQuery().get('q') !== 'lobster' && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 1, {}, `${MODAL} [data-choice-id]`);
    expect(lastQuery().get('q')).to.equal('lobster');
    expect(lastQuery().get('p')).to.equal(null);
    expect(await page.$eval(`${MODAL} .sf-chooser__pager`, (pager) => (pager as HTMLElement).hidden)).to.equal(true);

    await page.$eval(`${MODAL} input[type="search"]`, (input) => {
      input.value = '';
    });
    await page.select(`${MODAL} [data-chooser-collection-filter]`, '4');
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'Page 1 of 3', {}, `${MODAL} [data-chooser-page]`);
    expect(lastQuery().get('collection_id')).to.equal('4');
    // A key and Next at once: the search that key started must not land after the turn, back on page 1.
    await page.$eval(MODAL, (modal) => {
      const search = modal.querySelector<HTMLInputElement>('input[type="search"]')!;
      search.value = ' ';
      search.dispatchEvent(new Event('input', { bubbles: true }));
      modal.querySelector<HTMLButtonElement>('[data-chooser-next]')!.click();
    });
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'Page 2 of 3', {}, `${MODAL} [data-chooser-page]`);
    await page.waitForNetworkIdle({ idleTime: 750 });
    expect(await text(page, `${MODAL} [data-chooser-page]`)).to.equal('Page 2 of 3');
    expect(lastQuery().get('p')).to.equal('2');
    await page.click(`${MODAL} [data-chooser-next]`);
    await page.waitForFunction((selector) => document.querySelector(selector)?.textContent === 'Page 3 of 3', {}, `${MODAL} [data-chooser-page]`);
    expect(await page.$$eval(`${MODAL} [data-choice-id]`, (choices) => choices.map((choice) => choice.textContent))).to.deep.equal(['Oyster platter 7']);
    await page.click(`${MODAL} [data-choice-id="7"]`);
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await text(page, '[data-block-id="demo-hero"] .sf-chooser__summary')).to.equal('Oyster platter 7');
    await page.close();
  });

  it('keeps a choice in place while the search typed on still shows it', async () => {
    suite.server.answer = (query) => pagedAnswer(query);
    const page = await openChooser();
    await page.type(`${MODAL} input[type="search"]`, 'rol');
    const choice = (await page.waitForSelector(`${MODAL} [data-choice-id="8"]`))!;
    // Counts the answers shown from here on: each ends the status's 'Loading…'.
    await page.$eval(`${MODAL} [role="status"]`, (status) => {
      const shown = window as unknown as { answersShown: number };
      shown.answersShown = 0;
      new MutationObserver(() => {
        if (status.textContent !== 'Loading…') shown.answersShown += 1;
      }).observe(status, { childList: true, characterData: true, subtree: true });
    });
    await page.type(`${MODAL} input[type="search"]`, 'l');
    await page.waitForFunction(() => (window as unknown as { answersShown: number }).answersShown > 0);
    expect(lastQuery().get('q')).to.equal('roll');
    expect(await choice.evaluate((button) => button.isConnected)).to.equal(true);
    await choice.click();
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await text(page, '[data-block-id="demo-hero"] .sf-chooser__summary')).to.equal('Lobster roll');
    await page.close();
  });

  it('says why nothing can be chosen when the user may choose from no collection, and offers no Upload tab without add', async () => {
    suite.server.answer = () => ({ results: [], num_pages: 0, can_choose: false, collections: [], can_upload: false });
    const page = await openChooser();
    await page.waitForSelector(`${MODAL} [data-chooser-denied]:not([hidden])`);
    expect(await text(page, `${MODAL} [data-chooser-denied]`)).to.equal(
      "You do not have permission to choose images. Ask an administrator to give your group 'Choose' permission on a collection.",
    );
    expect(await page.$eval(`${MODAL} [role="tablist"]`, (tabs) => (tabs as HTMLElement).hidden)).to.equal(true);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('uploads in the Upload tab with a progress bar, shows errors beside their fields, and chooses the new image', async () => {
    suite.server.answer = (query) => pagedAnswer(query, { can_upload: true, upload_collections: COLLECTIONS });
    const file = path.join(files, 'harbor-sunrise.png');
    writeFileSync(file, Buffer.from('89504e470d0a1a0a', 'hex'));
    const page = await openChooser();
    await page.waitForSelector(`${MODAL} [data-chooser-upload-tab]`, { visible: true });
    await page.click(`${MODAL} [data-chooser-upload-tab]`);
    expect(await page.$eval(`${MODAL} [data-chooser-upload-tab]`, (tab) => tab.getAttribute('aria-selected'))).to.equal('true');

    await page.click(`${MODAL} [data-chooser-upload]`);
    expect(await text(page, `${MODAL} [data-upload-error="file"]`)).to.equal('Choose a file to upload.');
    expect(suite.server.uploads).to.have.length(0);

    const input = await page.$(`${MODAL} input[type="file"]`);
    await input!.uploadFile(file);
    await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLInputElement).value === 'harbor-sunrise', {}, `${MODAL} [data-upload-field="title"]`);
    await page.select(`${MODAL} [data-upload-field="collection"]`, '4');
    await page.type(`${MODAL} [data-upload-field="tags"]`, 'harbor, dawn');

    // The modal sits inside the page's form: its fields are neither sent with it nor hold it back.
    const pageForm = await page.$eval('form', (form) => ({ keys: [...new FormData(form).keys()], valid: form.checkValidity() }));
    expect(pageForm.keys.filter((key) => ['title', 'collection', 'tags', 'file'].includes(key))).to.deep.equal([]);
    expect(pageForm.valid).to.equal(true);

    suite.server.uploadReply = { status: 400, body: { errors: { file: ['Not a valid image. The file is not a PNG.'], title: ['This title is too vague.'] } } };
    await page.click(`${MODAL} [data-chooser-upload]`);
    await page.waitForSelector(`${MODAL} .sf-chooser__progress:not([hidden])`);
    await page.waitForSelector(`${MODAL} [data-upload-error="file"]:not([hidden])`);
    expect(await text(page, `${MODAL} [data-upload-error="file"]`)).to.equal('Not a valid image. The file is not a PNG.');
    expect(await text(page, `${MODAL} [data-upload-error="title"]`)).to.equal('This title is too vague.');
    expect(await page.$eval(`${MODAL} [data-upload-field="title"]`, (field) => field.getAttribute('aria-invalid'))).to.equal('true');
    const sent = suite.server.uploads[0]!.body;
    for (const part of ['name="title"\r\n\r\nharbor-sunrise', 'name="collection"\r\n\r\n4', 'name="tags"\r\n\r\nharbor, dawn', 'name="file"; filename="harbor-sunrise.png"'])
      expect(sent).to.include(part);

    suite.server.uploadReply = { status: 201, body: { result: { id: 42, title: 'Harbor sunrise' } } };
    await page.click(`${MODAL} [data-chooser-upload]`);
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await text(page, '[data-block-id="demo-hero"] .sf-chooser__summary')).to.equal('Harbor sunrise');
    const hero = await page.$eval('input[name="body"]', (field) =>
      (JSON.parse(field.value) as Array<{ id: string; value: { image: number } }>).find((block) => block.id === 'demo-hero'),
    );
    expect(hero!.value.image).to.equal(42);
    await page.close();
  });

  it('shows a refusal without field errors (a body over the size limit) above the Upload button', async () => {
    suite.server.answer = (query) => pagedAnswer(query, { can_upload: true, upload_collections: COLLECTIONS });
    const file = path.join(files, 'big.png');
    writeFileSync(file, Buffer.from('89504e470d0a1a0a', 'hex'));
    const page = await openChooser(375);
    await page.waitForSelector(`${MODAL} [data-chooser-upload-tab]`, { visible: true });
    await page.click(`${MODAL} [data-chooser-upload-tab]`);
    await (await page.$(`${MODAL} input[type="file"]`))!.uploadFile(file);
    suite.server.uploadReply = { status: 413, body: { error: 'The file is larger than the 10 MB limit.' } };
    await page.click(`${MODAL} [data-chooser-upload]`);
    await page.waitForSelector(`${MODAL} [data-upload-error="general"]:not([hidden])`);
    expect(await text(page, `${MODAL} [data-upload-error="general"]`)).to.equal('The file is larger than the 10 MB limit.');
    expect(await page.$eval(MODAL, (modal) => (modal as HTMLDialogElement).open)).to.equal(true);
    await page.close();
  });
});
