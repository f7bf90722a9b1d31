import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { StreamValue } from '../../admin-client/streamfield/schemas';
import type { User } from '../../server/db/schema';
import { getChildren, getLatestRevision, revisionSnapshot } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { PAGE_SHOWN, signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { blockField } from '../support/streamfield-fields';

const BODY_EDITOR = '.admin-field--stream:has(#id_content-body) [data-streamfield]';

/** The body the form would POST: the hidden input the editor writes. */
const bodyValue = (page: BrowserPage): Promise<StreamValue> => page.$eval('#id_content-body', (input) => JSON.parse((input as HTMLInputElement).value) as StreamValue);

/** The control a block's field label names (the first such label inside the block). */
async function addBodyBlock(page: BrowserPage, search: string, type: string): Promise<string> {
  await page.click(`${BODY_EDITOR} > .sf-stream > .sf-insert--end button`);
  await page.type('[data-streamfield-menu] input[type="search"]', search);
  await page.click(`[data-streamfield-menu] [data-block-type="${type}"]`);
  return (await bodyValue(page)).at(-1)!.id;
}

describe('back office StreamField editor, as an editor', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] });
  });

  const origin = () => `http://${site.hostname}:${suite.server.port}`;

  async function signIn(next: string): Promise<BrowserPage> {
    return signInToAdmin(await suite.browser.createBrowserContext(), origin(), editor, next, { problems: suite.problems });
  }

  async function submit(page: BrowserPage, selector: string): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  }

  it('builds a page of hero, rich text and accordion blocks, reorders them, saves a draft and publishes it', async () => {
    const title = `Harbor Specials ${uniqueSuffix()}`;
    const page = await signIn(`/wagtail/pages/add/${site.home.id}/content_page/`);
    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);
    await page.type('#id_title', title);

    const hero = await addBodyBlock(page, 'hero', 'hero');
    await (await blockField(page, hero, 'Title')).type('Lobster season is open');
    const richText = await addBodyBlock(page, 'rich', 'rich_text');
    await page.click(`[data-block-id="${richText}"] .ProseMirror`);
    await page.keyboard.type('Shucked to order, every evening.');
    const accordion = await addBodyBlock(page, 'accordion', 'accordion');
    await (await blockField(page, accordion, 'Heading')).type('Questions from the dock');
    await (await blockField(page, accordion, 'Default content')).type('Do you take reservations?');
    await page.click(`[data-block-id="${accordion}"] .sf-list__item .ProseMirror`);
    await page.keyboard.type('Every night from five.');
    expect((await bodyValue(page)).map((block) => block.type)).to.deep.equal(['hero', 'rich_text', 'accordion']);

    // The accordion goes above the rich text with its move button.
    await page.click(`[data-block-id="${accordion}"] .sf-block__up`);
    expect((await bodyValue(page)).map((block) => block.id)).to.deep.equal([hero, accordion, richText]);

    await submit(page, 'button[value="save"]');
    expect(await page.$eval('.admin-messages', (list) => list.textContent)).to.include('created as a draft');
    const [created] = (await getChildren(suite.server.db, site.home)).filter((child) => child.draft_title === title);
    expect(created).to.include({ live: false });
    expect(new URL(page.url()).pathname).to.equal(`/wagtail/pages/${created!.id}/edit/`);
    // The reopened form mounts the editor on the saved draft, in the new order.
    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);
    expect(await page.$$eval(`${BODY_EDITOR} > .sf-stream > .sf-stream__item > .sf-block`, (blocks) => blocks.map((block) => block.getAttribute('data-block-id')))).to.deep.equal([
      hero,
      accordion,
      richText,
    ]);

    // Typing autosaves a draft in the background; the explicit publish then is no "conflict".
    await (await blockField(page, hero, 'Title')).type('!');
    await page.waitForFunction(() => /^Saved at \d\d:\d\d$/.test(document.querySelector('.admin-autosave')?.textContent ?? ''));
    const autosaved = await getLatestRevision(suite.server.db, created!);
    expect((revisionSnapshot(autosaved!).content.body as StreamValue)[0]!.value).to.include({ title: 'Lobster season is open!' });
    expect(await page.$eval('input[name="revision_id"]', (input) => input.value)).to.equal(String(autosaved!.id));

    await submit(page, 'button[value="publish"]');
    const messages = await page.$eval('.admin-messages', (list) => list.textContent ?? '');
    expect(messages).to.include('published').and.not.include('changed by somebody else');

    const visitor = await suite.browser.newPage();
    const response = await visitor.goto(`${origin()}/${created!.slug}/`, { waitUntil: 'networkidle0' });
    expect(response?.status()).to.be.oneOf(PAGE_SHOWN);
    const text = await visitor.$eval('main', (main) => main.textContent ?? '');
    const positions = ['Lobster season is open!', 'Questions from the dock', 'Shucked to order, every evening.'].map((snippet) => text.indexOf(snippet));
    expect(
      positions.every((position) => position >= 0),
      text,
    ).to.equal(true);
    expect([...positions].sort((a, b) => a - b)).to.deep.equal(positions);
  });

  it('holds an explicit save until a background save on its way has landed, so it is no conflict', async () => {
    const title = `Bisque Week ${uniqueSuffix()}`;
    const page = await signIn(`/wagtail/pages/add/${site.home.id}/content_page/`);
    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);
    await page.type('#id_title', title);
    await submit(page, 'button[value="save"]');
    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);

    // The background save is held on its way until the editor has pressed Save.
    await page.setRequestInterception(true);
    let releaseAutosave = () => {};
    const autosaveSent = new Promise<void>((resolve) => {
      page.on('request', (request) => {
        if (request.method() !== 'POST' || request.headers().accept !== 'application/json') return void request.continue();
        releaseAutosave = () => void request.continue();
        resolve();
      });
    });
    await page.focus('#id_title');
    await page.keyboard.press('End');
    await page.keyboard.type(' Returns');
    await autosaveSent;
    const navigation = page.waitForNavigation();
    await page.click('button[value="save"]');
    releaseAutosave();
    await navigation;

    expect(await page.$eval('.admin-messages', (messages) => messages.textContent?.trim())).to.equal(`Draft of "${title} Returns" saved.`);
  });

  it('keeps what was typed when the tab closes before the autosave delay', async () => {
    const title = `Chowder Nights ${uniqueSuffix()}`;
    const page = await signIn(`/wagtail/pages/add/${site.home.id}/content_page/`);
    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);
    await page.type('#id_title', title);
    await submit(page, 'button[value="save"]');
    const [created] = (await getChildren(suite.server.db, site.home)).filter((child) => child.draft_title === title);
    const opened = await getLatestRevision(suite.server.db, created!);

    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);
    const hero = await addBodyBlock(page, 'hero', 'hero');
    await (await blockField(page, hero, 'Title')).type('Clam chowder on Fridays');
    await page.close({ runBeforeUnload: false });
    let latest = await getLatestRevision(suite.server.db, created!);
    while (latest?.id === opened?.id) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await getLatestRevision(suite.server.db, created!);
    }
    const body = revisionSnapshot(latest!).content.body as StreamValue;
    expect(body.map((block) => block.id)).to.deep.equal([hero]);
    expect(body[0]!.value).to.include({ title: 'Clam chowder on Fridays' });
  });
});
