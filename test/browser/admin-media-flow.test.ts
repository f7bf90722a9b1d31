import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page as BrowserPage } from 'puppeteer-core';
import sharp from 'sharp';
import type { Page, User } from '../../server/db/schema';
import { getImage } from '../../server/models/images';
import { addChild } from '../../server/models/pages';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, startMediaTestServer, useBrowserSuite } from '../support/browser';
import { createCollection, grantCollection } from '../support/collections';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { request, type TestServer } from '../support/server';

const MODAL = 'dialog[data-streamfield-chooser]';
const UPLOAD_ROWS = '.admin-upload-list > .admin-upload';

/** A portrait picture, red above and blue below, so a wide crop shows where it was centred. */
function redOverBlue(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return Promise.all([half('#ff0000'), half('#0000ff')]).then(([red, blue]) =>
    sharp({ create: { width: 300, height: 600, channels: 3, background: '#ffffff' } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: 0, top: 300 },
      ])
      .png()
      .toBuffer(),
  );
}

/** The colour at the top middle of the feature image the public page shows. */
async function featureImageTopColour(server: TestServer, site: TestSite, url: string): Promise<string> {
  const live = await request(server, url, { host: site.hostname });
  expect(live.status).to.equal(200);
  const src = /<figure class="press-release__figure"><img[^>]+src="([^"]+)"/.exec(live.body)?.[1];
  expect(src, 'the page shows its feature image').to.be.a('string');
  // Media addresses answer on the server's own address as well as the site's.
  const file = await fetch(`http://127.0.0.1:${server.port}${src!.replace(/&amp;/g, '&')}`);
  expect(file.status).to.equal(200);
  const { data, info } = await sharp(Buffer.from(await file.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offset = (Math.floor(info.height * 0.05) * info.width + Math.floor(info.width / 2)) * info.channels;
  const [r, , b] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  return r > 200 && b < 50 ? 'red' : b > 200 && r < 50 ? 'blue' : `rgb(${r}, ?, ${b})`;
}

describe('media end to end in the browser, as an editor of the demo "Editors" group', function () {
  const suite = useBrowserSuite({ serve: startMediaTestServer });
  let site: TestSite;
  let editor: User;
  let list: Page;
  let filesDir: string;

  before(async function () {
    filesDir = mkdtempSync(path.join(tmpdir(), 'rh-media-flow-files-'));
    site = await createTestSite(suite.server.db);
    list = await addChild(suite.server.db, site.home, { title: 'Press releases', slug: 'press-releases', pageType: 'press_release_list_page', content: {} });
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] });
    // What the seed gives the demo "Editors" group in the root collection (add and choose), here
    // in a collection of the test's own, so other tests' images stay out of its chooser.
    await grantCollection(suite.server.db, editor, await createCollection(suite.server.db, 'Editors media'), ['add', 'choose']);
  });
  after(() => {
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  async function signIn(next: string): Promise<BrowserPage> {
    return signInToAdmin(await suite.browser.createBrowserContext(), `http://${site.hostname}:${suite.server.port}`, editor, next, { problems: suite.problems });
  }

  it('drags three images into multiple upload, sees three progress bars finish, and finds them in the library', async () => {
    const word = uniqueSuffix();
    const names = [`lobster-roll-${word}.png`, `oysters-${word}.jpg`, `harbor-dawn-${word}.webp`];
    const bytes = await Promise.all([
      sharp({ create: { width: 320, height: 200, channels: 3, background: '#c8102e' } })
        .png()
        .toBuffer(),
      sharp({ create: { width: 320, height: 200, channels: 3, background: '#f4e9d8' } })
        .jpeg()
        .toBuffer(),
      sharp({ create: { width: 320, height: 200, channels: 3, background: '#1b4f93' } })
        .webp()
        .toBuffer(),
    ]);
    const page = await signIn('/wagtail/images/multiple/add/');
    await page.waitForSelector('.admin-drop-zone');
    await page.evaluate(
      (files) => {
        const transfer = new DataTransfer();
        for (const { name, type, data } of files) transfer.items.add(new File([Uint8Array.from(atob(data), (char) => char.charCodeAt(0))], name, { type }));
        const zone = document.querySelector('.admin-drop-zone')!;
        for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      },
      names.map((name, index) => ({ name, type: ['image/png', 'image/jpeg', 'image/webp'][index]!, data: bytes[index]!.toString('base64') })),
    );
    await page.waitForFunction(
      (selector) => {
        const rows = Array.from(document.querySelectorAll<HTMLElement>(selector));
        return rows.length === 3 && rows.every((row) => row.dataset.state === 'success' || row.dataset.state === 'failed');
      },
      {},
      UPLOAD_ROWS,
    );
    const rows = await page.$$eval(UPLOAD_ROWS, (items) =>
      items.map((item) => ({
        state: (item as HTMLElement).dataset.state,
        progress: item.querySelector('progress')!.value,
        title: item.querySelector<HTMLInputElement>('form input[name="title"]')?.value,
      })),
    );
    expect(rows.map((row) => row.state)).to.deep.equal(['success', 'success', 'success']);
    expect(rows.map((row) => row.progress)).to.deep.equal([100, 100, 100]);
    expect(rows.map((row) => row.title).sort()).to.deep.equal(names.map((name) => name.replace(/\.\w+$/, '')).sort());

    const stored = await suite.server.db.selectFrom('images').select(['title', 'uploaded_by_user_id']).where('title', 'like', `%-${word}`).execute();
    expect(stored.map((row) => row.title).sort()).to.deep.equal(rows.map((row) => row.title).sort());
    expect(stored.every((row) => row.uploaded_by_user_id === editor.id)).to.equal(true);
  });

  it('uploads a feature image in the chooser’s Upload tab, publishes, then sets its focal point by keyboard, and the public page crops around it', async () => {
    const word = uniqueSuffix();
    const file = path.join(filesDir, `dock-${word}.png`);
    writeFileSync(file, await redOverBlue());
    const release = await addChild(suite.server.db, list, {
      title: 'Dock opens',
      slug: `dock-opens-${word}`,
      pageType: 'press_release_page',
      content: { date: null, feature_image: null, body: '' },
    });
    const page = await signIn(`/wagtail/pages/${release.id}/edit/`);
    const field = '[data-page-field="content-feature_image"]';
    await page.waitForSelector(`${field} [data-chooser-target="image"]`);

    await page.click(`${field} [data-chooser-target="image"]`);
    await page.waitForSelector(`${MODAL}[open] [data-chooser-upload-tab]`, { visible: true });
    await page.click(`${MODAL} [data-chooser-upload-tab]`);
    await (await page.$(`${MODAL} input[type="file"]`))!.uploadFile(file);
    await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLInputElement).value !== '', {}, `${MODAL} [data-upload-field="title"]`);
    await page.click(`${MODAL} [data-chooser-upload]`);
    await page.waitForSelector(`${MODAL}:not([open])`);
    const imageId = Number(await page.$eval('#id_content-feature_image', (input) => (input as HTMLInputElement).value));
    const image = await getImage(suite.server.db, imageId);
    expect(image.title).to.equal(`dock-${word}`);
    expect(await page.$eval(`${field} .sf-chooser__summary`, (summary) => summary.textContent)).to.equal(image.title);

    await Promise.all([page.waitForNavigation(), page.click('button[name="action"][value="publish"]')]);
    expect(await page.$('.admin-form-errors, .admin-field__error')).to.equal(null);
    const url = `/press-releases/dock-opens-${word}/`;
    // No focal point: the wide crop keeps the middle, where red meets blue, so its top is red.
    expect(await featureImageTopColour(suite.server, site, url)).to.equal('red');

    await page.goto(`http://${site.hostname}:${suite.server.port}/wagtail/images/${imageId}/`);
    await page.focus('.admin-focal__stage');
    for (let press = 0; press < 20; press += 1) await page.keyboard.press('ArrowDown');
    const y = Number(await page.$eval('input[name="focal_point_y"]', (input) => input.value));
    expect(y).to.be.greaterThan(450);
    await Promise.all([page.waitForNavigation(), page.click('.admin-actions button[type="submit"]')]);
    expect((await getImage(suite.server.db, imageId)).focal_point_y).to.equal(y);

    // Centred on the focal point low in the picture, the same crop is blue from its top.
    expect(await featureImageTopColour(suite.server, site, url)).to.equal('blue');
  });
});
