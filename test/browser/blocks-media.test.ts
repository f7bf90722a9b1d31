import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import sharp from 'sharp';
import { createMediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { startMediaTestServer, useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';

/** A picture big enough for every rendition the blocks ask for. */
function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 2000, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** What the window of a page with a replaced print() records. */
interface PrintRecorder {
  printCalls: number;
}

/** An element's box in page coordinates. */
interface Box {
  top: number;
  bottom: number;
  left: number;
  width: number;
}

const box = (page: BrowserPage, selector: string): Promise<Box> =>
  page.$eval(selector, (element) => {
    const rect = element.getBoundingClientRect();
    return { top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY, left: rect.left, width: rect.width };
  });

describe('image-led marketing blocks in the browser', function () {
  // Console warnings count: React reports hydration mismatches there.
  const suite = useBrowserSuite({ serve: startMediaTestServer, problems: { warnings: true } });
  let site: TestSite;

  before(async function () {
    const storage = createMediaStorage(suite.server.mediaDir);
    const harbor = await createImage(suite.server.db, storage, { title: 'Harbor at dawn', bytes: await photo('#1b7f93') });
    const lobster = await createImage(suite.server.db, storage, { title: 'Steamed lobster', bytes: await photo('#c8281e') });
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    site = await createTestSite(suite.server.db, {
      homeBody: [
        {
          type: 'hero',
          id: 'hero',
          value: { image: harbor.id, image_alignment: 'right', title: 'Fresh from the harbor', subtitle: 'Every day.', link: { url: '/menu/' }, link_text: 'View Our Menu' },
        },
        {
          type: 'media_grid',
          id: 'grid',
          value: {
            tiles: [
              { image: lobster.id, heading: 'Lobster Fest', desktop_width: 8, mobile_width: 12 },
              { image: harbor.id, desktop_width: 4, mobile_width: 6 },
              { image: lobster.id, desktop_width: 4, mobile_width: 6 },
            ],
            fineprint: 'Limited time only.',
            fineprint_width: 8,
          },
        },
        {
          type: 'printable_coupon',
          id: 'coupon',
          value: { heading: '$5 off two entrées', coupon_image: lobster.id, expires_on: expires, fineprint: 'One per table.' },
        },
      ],
    });
  });

  /** Opens the test home page at a width; with `stubPrint`, print() is recorded instead of opening a dialog. */
  async function openHome(width: number, stubPrint = false): Promise<BrowserPage> {
    return suite.openPage(`http://${site.hostname}:${suite.server.port}/`, { width, beforeLoad: stubPrint ? recordPrintCalls : undefined });
  }

  /** Headless print() would block on a dialog; record the call instead. */
  async function recordPrintCalls(page: BrowserPage): Promise<void> {
    await page.evaluateOnNewDocument(() => {
      const recorder = window as unknown as PrintRecorder;
      recorder.printCalls = 0;
      window.print = () => {
        recorder.printCalls += 1;
      };
    });
  }

  it('prints the coupon with Print Coupon, then shows the thank-you view', async () => {
    const page = await openHome(1280, true);
    // Wait until React has attached its handler to the button, so the click is not lost.
    await page.waitForFunction(() => {
      const button = document.querySelector('.coupon__print');
      return Boolean(button && Object.keys(button).some((key) => key.startsWith('__reactProps')));
    });
    expect(await page.$eval('.coupon__expiry time', (element) => element.textContent)).to.match(/^Expires \d{1,2}\.\d{1,2}\.\d{2}$/);
    expect(await page.$('.coupon__thanks')).to.equal(null);

    await page.click('.coupon__print');
    await page.waitForSelector('.coupon__thanks');
    expect(await page.evaluate(() => (window as unknown as PrintRecorder).printCalls)).to.equal(1);
    expect(await page.$('.coupon__print')).to.equal(null);
    expect(await page.$eval('.coupon__thanks-heading', (element) => element.textContent)).to.equal('Thank you!');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('coupon__thanks-heading'))).to.equal(true);
    expect(await page.$eval('.coupon__sheet', (element) => getComputedStyle(element).display)).to.equal('none');

    await page.click('.coupon__print-again');
    expect(await page.evaluate(() => (window as unknown as PrintRecorder).printCalls)).to.equal(2);
    await page.close();
  });

  it('prints only the coupon, even from the thank-you view', async () => {
    const page = await openHome(1280, true);
    await page.waitForFunction(() => Object.keys(document.querySelector('.coupon__print') ?? {}).some((key) => key.startsWith('__reactProps')));
    await page.click('.coupon__print');
    await page.waitForSelector('.coupon__thanks');
    await page.emulateMediaType('print');
    // Rendered at all: an element inside a display:none ancestor has no boxes.
    const shown = (selector: string) => page.$eval(selector, (element) => element.getClientRects().length > 0);
    expect(await shown('.coupon__sheet')).to.equal(true);
    expect(await shown('.coupon__image')).to.equal(true);
    expect(await shown('.coupon__thanks')).to.equal(false);
    expect(await shown('header')).to.equal(false);
    expect(await shown('footer')).to.equal(false);
    expect(await shown('.hero')).to.equal(false);
    expect(await shown('.media-grid')).to.equal(false);
    await page.close();
  });

  it('stacks the hero text under the picture on phones and lays it over the picture on wide screens', async () => {
    const phone = await openHome(375);
    const [phoneMedia, phoneContent] = [await box(phone, '.hero__media'), await box(phone, '.hero__content')];
    expect(phoneContent.top).to.be.at.least(phoneMedia.bottom - 1);
    await phone.close();

    const desktop = await openHome(1280);
    const [desktopMedia, desktopContent] = [await box(desktop, '.hero__media'), await box(desktop, '.hero__content')];
    expect(desktopContent.top).to.be.above(desktopMedia.top);
    expect(desktopContent.bottom).to.be.below(desktopMedia.bottom);
    // The picture's subject is on the right, so the text keeps to the left.
    expect(desktopContent.left + desktopContent.width / 2).to.be.below(640);
    expect(await desktop.$eval('.hero__media img', (image) => image.currentSrc)).to.match(/-[0-9a-f]{16}\.webp$/);
    await desktop.close();
  });

  it('sizes media grid tiles by their mobile widths on phones and desktop widths on wide screens', async () => {
    const spans = async (width: number) => {
      const page = await openHome(width);
      const grid = await box(page, '.media-grid__tiles');
      const tiles = await page.$$eval('.media-grid__tile', (elements) => elements.map((element) => element.getBoundingClientRect().width));
      const fineprint = await box(page, '.media-grid__fineprint');
      await page.close();
      // Twelfths of the grid each tile spans, allowing for the gaps between columns.
      return { tiles: tiles.map((tile) => Math.round((tile / grid.width) * 12)), fineprint: Math.round((fineprint.width / grid.width) * 12) };
    };
    expect(await spans(375)).to.deep.equal({ tiles: [12, 6, 6], fineprint: 12 });
    expect(await spans(1280)).to.deep.equal({ tiles: [8, 4, 4], fineprint: 8 });
  });
});
