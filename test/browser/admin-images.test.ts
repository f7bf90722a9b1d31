import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import sharp from 'sharp';
import type { User } from '../../server/db/schema';
import { createMediaStorage } from '../../server/media-storage';
import { createImage, getImage } from '../../server/models/images';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, startMediaTestServer, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { grantCollection } from '../support/collections';
import { createCollection } from '../support/collections';

/** A 600x300 picture: red on the left half, blue on the right. */
function twoHalves(): Promise<Buffer> {
  const half = (colour: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return Promise.all([half('#ff0000'), half('#0000ff')]).then(([red, blue]) =>
    sharp({ create: { width: 600, height: 300, channels: 3, background: '#ffffff' } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: 300, top: 0 },
      ])
      .png()
      .toBuffer(),
  );
}

/** The colour of one pixel of the edit page's preview rendition, read in the page. */
function previewPixel(page: BrowserPage, x: number, y: number): Promise<string> {
  return page.$eval(
    '.admin-image-preview',
    async (img, px, py) => {
      const bitmap = await createImageBitmap(await (await fetch((img as HTMLImageElement).src)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const [r, g, b] = context.getImageData(px, py, 1, 1).data;
      return r! > 200 && b! < 50 ? 'red' : b! > 200 && r! < 50 ? 'blue' : `rgb(${r},${g},${b})`;
    },
    x,
    y,
  );
}

describe('back office images in the browser', function () {
  const suite = useBrowserSuite({ serve: startMediaTestServer });
  let site: TestSite;
  let editor: User;
  let collectionId: number;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db);
    collectionId = await createCollection(suite.server.db, 'Photos');
    await grantCollection(suite.server.db, editor, collectionId, ['add', 'change']);
  });

  it('sets a focal point with the keyboard, saves it, and the fill preview then crops around it; a mouse drag sets one too', async () => {
    const image = await createImage(suite.server.db, createMediaStorage(suite.server.mediaDir), { title: `Two halves ${uniqueSuffix()}`, bytes: await twoHalves(), collectionId });
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), `http://${site.hostname}:${suite.server.port}`, editor, `/wagtail/images/${image.id}/`, {
      problems: suite.problems,
    });

    // Without a focal point, fill-300x300 keeps the centre: red on its left edge.
    expect(await page.$eval('.admin-image-preview', (img) => (img as HTMLImageElement).dataset.previewSpec)).to.equal('fill-300x300');
    expect(await previewPixel(page, 10, 150)).to.equal('red');
    const before = await page.$eval('.admin-image-preview', (img) => (img as HTMLImageElement).src);

    await page.focus('.admin-focal__stage');
    const outline = await page.$eval('.admin-focal__stage', (stage) => getComputedStyle(stage).outlineStyle);
    expect(outline).to.equal('solid');
    for (let press = 0; press < 12; press += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.up('Shift');
    expect(await page.$eval('#focal-status', (status) => status.textContent)).to.equal('Focal point: 444, 150, 120×66');
    expect(await page.$eval('.admin-focal__area', (area) => (area as HTMLElement).hidden)).to.equal(false);
    expect(await page.$eval('input[name="focal_point_x"]', (input) => input.value)).to.equal('444');

    await Promise.all([page.waitForNavigation(), page.click('#image-edit-form button[type="submit"]')]);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/images/');
    expect(await getImage(suite.server.db, image.id)).to.include({ focal_point_x: 444, focal_point_y: 150, focal_point_width: 120, focal_point_height: 66 });

    await page.goto(`http://${site.hostname}:${suite.server.port}/wagtail/images/${image.id}/`);
    expect(await page.$eval('#focal-status', (status) => status.textContent)).to.equal('Focal point: 444, 150, 120×66');
    expect(await page.$eval('.admin-image-preview', (img) => (img as HTMLImageElement).src)).to.not.equal(before);
    expect(await previewPixel(page, 10, 150)).to.equal('blue');

    await page.click('[data-action="focal-point#reset"]');
    expect(await page.$eval('#focal-status', (status) => status.textContent)).to.equal('No focal point: crops keep the centre.');
    expect(await page.$eval('input[name="focal_point_x"]', (input) => input.value)).to.equal('');

    // With the mouse: a rectangle dragged over the left quarter of the picture.
    const box = (await (await page.$('.admin-focal__stage img'))!.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.05, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.8, { steps: 5 });
    await page.mouse.up();
    const values = await page.$$eval('[data-focal-point-target="x"], [data-focal-point-target="y"], [data-focal-point-target="w"], [data-focal-point-target="h"]', (inputs) =>
      inputs.map((input) => Number((input as HTMLInputElement).value)),
    );
    const [x, y, w, h] = values as [number, number, number, number];
    expect(x).to.be.closeTo(90, 3);
    expect(y).to.be.closeTo(150, 3);
    expect(w).to.be.closeTo(120, 3);
    expect(h).to.be.closeTo(180, 3);
    expect(await page.$eval('#focal-status', (status) => status.textContent)).to.equal(`Focal point: ${x}, ${y}, ${w}×${h}`);
  });
});
