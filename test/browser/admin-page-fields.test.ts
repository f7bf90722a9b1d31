import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import type { Page as BrowserPage } from 'puppeteer-core';
import sharp from 'sharp';
import type { Page, User } from '../../server/db/schema';
import { createMediaStorage } from '../../server/media-storage';
import { createImage, resolveCollectionId } from '../../server/models/images';
import { addChild, getPageOrThrow } from '../../server/models/pages';
import { FOOTER_PAGE_TYPE } from '../../server/pagetypes/footer-page';
import { DEMO_FOOTER } from '../../server/seed/demo-content';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, startMediaTestServer, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { request } from '../support/server';

const SHOTS = '/tmp/shots-widgets';
const MODAL = 'dialog[data-streamfield-chooser]';

/** The editor of one page-type field, by its form name. */
const field = (name: string) => `[data-page-field="content-${name}"]`;

describe('page-type fields in the browser, as an editor', function () {
  const suite = useBrowserSuite({ serve: startMediaTestServer });
  let site: TestSite;
  let editor: User;
  let list: Page;

  before(async function () {
    mkdirSync(SHOTS, { recursive: true });
    site = await createTestSite(suite.server.db);
    list = await addChild(suite.server.db, site.home, { title: 'Press releases', slug: 'press-releases', pageType: 'press_release_list_page', content: {} });
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] });
    // As the demo "Editors" group: choosing media in the root collection.
    const group = await suite.server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', editor.id).executeTakeFirstOrThrow();
    await suite.server.db
      .insertInto('group_collection_permissions')
      .values({ group_id: group.group_id, collection_id: await resolveCollectionId(suite.server.db), permission: 'choose' })
      .execute();
  });

  async function signIn(next: string): Promise<BrowserPage> {
    return signInToAdmin(await suite.browser.createBrowserContext(), `http://${site.hostname}:${suite.server.port}`, editor, next);
  }

  async function publish(page: BrowserPage): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click('button[name="action"][value="publish"]')]);
    const error = await page.$('.admin-form-errors, .admin-field__error');
    expect(error ? await error.evaluate((element) => element.textContent) : null).to.equal(null);
  }

  async function screenshots(page: BrowserPage, name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewport({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    }
  }

  it('edits a press release body in rich text and its date in the date picker, chooses a feature image in the chooser, and publishes it', async () => {
    const word = uniqueSuffix();
    const image = await createImage(suite.server.db, createMediaStorage(suite.server.mediaDir), {
      title: `Lobster boat ${word}`,
      bytes: await sharp({ create: { width: 640, height: 400, channels: 3, background: '#1b4f93' } })
        .png()
        .toBuffer(),
    });
    const release = await addChild(suite.server.db, list, {
      title: 'Harbor opens',
      slug: `harbor-opens-${word}`,
      pageType: 'press_release_page',
      content: { date: null, feature_image: null, body: '' },
    });
    const page = await signIn(`/wagtail/pages/${release.id}/edit/`);
    await page.waitForSelector(`${field('body')} .ProseMirror`);
    await screenshots(page, 'press-release-editor');
    await page.setViewport({ width: 1280, height: 900 });

    await page.click(`${field('body')} .ProseMirror`);
    await page.keyboard.type('The dock is ');
    await page.click(`${field('body')} .sf-toolbar__button[aria-label="Bold"]`);
    await page.keyboard.type('open');
    expect(await page.$eval('#id_content-body', (input) => (input as HTMLInputElement).value)).to.equal('<p>The dock is <strong>open</strong></p>');

    // Chromium's date picker takes the month, day and year as typed in its segments.
    await page.click(`${field('date')} input[type="date"]`);
    await page.keyboard.type('03052026');
    expect(await page.$eval('#id_content-date', (input) => (input as HTMLInputElement).value)).to.equal('2026-03-05');
    expect(await page.$eval(field('date'), (element) => element.textContent)).to.include('YYYY-MM-DD');

    await page.click(`${field('feature_image')} [data-chooser-target="image"]`);
    await page.waitForSelector(`${MODAL}[open] .sf-chooser__choice[data-choice-id="${image.id}"]`);
    await page.click(`${MODAL} .sf-chooser__choice[data-choice-id="${image.id}"]`);
    await page.waitForSelector(`${MODAL}:not([open])`);
    expect(await page.$eval(`${field('feature_image')} .sf-chooser__summary`, (summary) => summary.textContent)).to.equal(`Lobster boat ${word}`);
    expect(await page.$eval('#id_content-feature_image', (input) => (input as HTMLInputElement).value)).to.equal(String(image.id));

    await publish(page);
    expect((await getPageOrThrow(suite.server.db, release.id)).content).to.deep.equal({ date: '2026-03-05', feature_image: image.id, body: '<p>The dock is <strong>open</strong></p>' });
    const live = await request(suite.server, `/press-releases/harbor-opens-${word}/`, { host: site.hostname });
    expect(live.status).to.equal(200);
    expect(live.body)
      .to.include('The dock is <strong>open</strong>')
      .and.match(/datetime="2026-03-05"/i);
    expect(live.body).to.match(/<figure class="press-release__figure"><img[^>]+src="[^"]+"/);
  });

  it('edits the footer page: adds a link to a column, saves, and the site footer shows it', async () => {
    const footer = await addChild(suite.server.db, site.home, { title: 'Footer', slug: 'footer', pageType: FOOTER_PAGE_TYPE, content: { ...DEMO_FOOTER } });
    const page = await signIn(`/wagtail/pages/${footer.id}/edit/`);
    const columns = `${field('columns')} > .sf-list > .sf-list__items > .sf-list__item`;
    await page.waitForSelector(columns);
    expect(await page.$$eval(columns, (items) => items.length)).to.equal(DEMO_FOOTER.columns.length);
    await screenshots(page, 'footer-editor');
    await page.setViewport({ width: 1280, height: 900 });

    const firstColumn = `${columns}:first-child`;
    const links = `${firstColumn} .sf-list .sf-list__items > .sf-list__item`;
    const before = await page.$$eval(links, (items) => items.length);
    await page.click(`${firstColumn} .sf-list .sf-list__add`);
    await page.waitForFunction((selector, count) => document.querySelectorAll(selector).length === count, {}, links, before + 1);
    const added = `${links}:last-child`;
    const inputs = await page.$$(`${added} input.sf-input`);
    await inputs[0]!.type('/fish-market/');
    await inputs[1]!.type('Fish Market');
    await publish(page);

    const saved = (await getPageOrThrow(suite.server.db, footer.id)).content as unknown as typeof DEMO_FOOTER;
    expect(saved.columns[0]!.links.at(-1)).to.deep.equal({ url: '/fish-market/', display_name: 'Fish Market', link_type: 'internal' });
    expect(saved.social_media).to.deep.equal(DEMO_FOOTER.social_media);
    expect(saved.region_nav).to.deep.equal(DEMO_FOOTER.region_nav);
    const home = await request(suite.server, '/', { host: site.hostname });
    expect(home.body).to.match(/<a[^>]+href="\/fish-market\/"[^>]*>Fish Market<\/a>/);
  });
});
