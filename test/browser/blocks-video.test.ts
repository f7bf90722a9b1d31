import { expect } from 'chai';
import type { Browser, HTTPRequest, Page as BrowserPage } from 'puppeteer-core';
import type { Db } from '../../server/db/database';
import { addChild } from '../../server/models/pages';
import { getSubscriberByEmail, subscribeEmail } from '../../server/models/subscribers';
import { addVideoSource, createVideo } from '../../server/models/videos';
import { useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';

const CLIP_PATH = '/media/videos/test-clip.webm';

/** Records a short VP8 WebM in the browser itself (canvas + MediaRecorder): real media, no files. */
async function recordClip(browser: Browser, origin: string): Promise<Buffer> {
  const page = await browser.newPage();
  await page.goto(`${origin}/api-nc/csrftoken/`);
  // Inner functions are written inline: tsx would wrap named ones in a helper the page lacks.
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
    const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
    let frame = 0;
    context.fillStyle = '#0f2a3d';
    context.fillRect(0, 0, 160, 90);
    recorder.start();
    const timer = setInterval(() => {
      frame += 1;
      context.fillStyle = frame % 2 ? '#c8281e' : '#0f2a3d';
      context.fillRect(0, 0, 160, 90);
    }, 40);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    recorder.stop();
    clearInterval(timer);
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  await page.close();
  return Buffer.from(base64, 'base64');
}

function block(type: string, value: Record<string, unknown>, id = `${type}-1`) {
  return { type, id, value };
}

async function addPage(db: Db, site: TestSite, slug: string, body: unknown[]): Promise<void> {
  await addChild(db, site.home, { title: slug, slug, pageType: 'content_page', content: { body, confirmation: [] } });
}

describe('video group blocks in the browser', function () {
  // Console warnings count: React reports hydration mismatches there.
  const suite = useBrowserSuite({ problems: { warnings: true } });
  let site: TestSite;
  let clip: Buffer;

  before(async function () {
    clip = await recordClip(suite.browser, suite.server.baseUrl);
    site = await createTestSite(suite.server.db);
    const video = await createVideo(suite.server.db, { title: 'Dock to dish' });
    await addVideoSource(suite.server.db, video.id, { url: CLIP_PATH, mimetype: 'video/webm' });
    const missing = await createVideo(suite.server.db, { title: 'Missing' });
    await addVideoSource(suite.server.db, missing.id, { url: '/media/videos/missing.webm', mimetype: 'video/webm' });
    const spacer = block('rich_text', { html: `${'<p>Fresh catch, every day.</p>'.repeat(60)}`, alignment: 'left' }, 'spacer');

    await addPage(suite.server.db, site, 'video', [block('video', { video: video.id })]);
    await addPage(suite.server.db, site, 'missing-video', [block('video', { video: missing.id })]);
    await addPage(suite.server.db, site, 'autoplay', [spacer, block('video', { video: video.id, autoplay: true }), { ...spacer, id: 'spacer-2' }]);
    await addPage(suite.server.db, site, 'feature', [block('video_feature', { video: video.id, title: 'Wood-grilled', subtitle: 'On the grill.' })]);
    await addPage(suite.server.db, site, 'email', [block('unsubscribe', { heading: 'Unsubscribe' })]);
  });

  /** Opens a test page, answering requests for the clip with the recorded bytes (or holding them). */
  async function open(path: string, options: { holdClip?: Promise<void>; onRequest?: (request: HTTPRequest) => boolean } = {}): Promise<BrowserPage> {
    return suite.openPage(`http://${site.hostname}:${suite.server.port}${path}`, {
      height: 800,
      waitUntil: 'domcontentloaded',
      beforeLoad: async (page) => {
        await page.setRequestInterception(true);
        page.on('request', (request) => {
          if (options.onRequest?.(request)) return;
          if (!request.url().endsWith(CLIP_PATH)) return void request.continue();
          void (options.holdClip ?? Promise.resolve()).then(() => request.respond({ status: 200, contentType: 'video/webm', body: clip }));
        });
      },
    });
  }

  const videoState = (page: BrowserPage) =>
    page.$eval('.video-player', (player) => {
      const video = player.querySelector('video')!;
      return { paused: video.paused, muted: video.muted, label: player.querySelector('.video-player__toggle')?.getAttribute('aria-label') ?? null };
    });

  it('shows the loading overlay until the video can play, then toggles play and pause', async () => {
    let release!: () => void;
    const holdClip = new Promise<void>((resolve) => (release = resolve));
    const page = await open('/video/', { holdClip });
    expect(await page.$('.video-player--loading .video-player__loading[role="status"]')).to.not.equal(null);
    expect(await page.$eval('.video-player__loading', (overlay) => overlay.textContent)).to.equal('Loading video…');
    release();
    await page.waitForSelector('.video-player--ready');
    expect(await page.$('.video-player__loading')).to.equal(null);
    expect(await videoState(page)).to.deep.equal({ paused: true, muted: false, label: 'Play video' });

    await page.click('.video-player__toggle');
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    await page.waitForSelector('.video-player__toggle[aria-label="Pause video"]');
    expect(await page.$('.video-player--playing .icon--pause')).to.not.equal(null);

    await page.click('.video-player__toggle');
    await page.waitForFunction(() => document.querySelector('video')!.paused);
    await page.waitForSelector('.video-player__toggle[aria-label="Play video"]');
    await page.close();
  });

  it('says a video is unavailable when none of its sources loads', async () => {
    const page = await open('/missing-video/');
    await page.waitForSelector('.video-player--unavailable');
    expect(await page.$eval('.video-player__message', (message) => message.textContent)).to.equal('Video unavailable');
    expect(await page.$('.video-player__toggle')).to.equal(null);
    // The browser logs the missing file.
    suite.allowProblems(/\/missing\.webm/);
    await page.close();
  });

  it('autoplays muted only while at least 10% of the video is on screen, and respects a visitor pause', async function () {
    // Headless media playback under a loaded CI machine sometimes misses a play event.
    this.retries(2);
    const page = await open('/autoplay/');
    await page.waitForSelector('.video-player--ready');
    expect((await videoState(page)).paused).to.equal(true);

    await page.$eval('.video-player', (player) => player.scrollIntoView({ block: 'center' }));
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    expect(await videoState(page)).to.deep.include({ muted: true, label: 'Pause video' });

    // Scrolled so that only 5% of the player shows: below the threshold, so it pauses.
    await page.$eval('.video-player', (player) => window.scrollBy(0, player.getBoundingClientRect().bottom - player.getBoundingClientRect().height * 0.05));
    await page.waitForFunction(() => document.querySelector('video')!.paused);

    await page.$eval('.video-player', (player) => player.scrollIntoView({ block: 'center' }));
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    await page.click('.video-player__toggle');
    await page.waitForFunction(() => document.querySelector('video')!.paused);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.$eval('.video-player', (player) => player.scrollIntoView({ block: 'center' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await videoState(page)).paused).to.equal(true);
    await page.close();
  });

  it('opens the video feature with Play, playing it, and Close returns to the closed state', async () => {
    const page = await open('/feature/');
    expect(await page.$('.video-feature video')).to.equal(null);
    await page.click('.video-feature__play');
    await page.waitForSelector('.video-feature--open .video-feature__player video');
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('.video-feature video')!.paused);
    expect(await page.evaluate(() => document.activeElement?.className)).to.equal('video-feature__close');

    await page.click('.video-feature__close');
    await page.waitForFunction(() => !document.querySelector('.video-feature video'));
    expect(await page.$('.video-feature--open')).to.equal(null);
    expect(await page.evaluate(() => document.activeElement?.className)).to.equal('video-feature__play');

    await page.keyboard.press('Enter');
    await page.waitForSelector('.video-feature__player');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.video-feature__player'));
    await page.close();
  });

  it('prefills the unsubscribe form from the link, posts with a fresh CSRF token and shows the confirmation', async () => {
    await subscribeEmail(suite.server.db, { email: 'a@b.com' });
    const posted: Array<{ body: string | undefined; token: string | undefined }> = [];
    const page = await open('/email/?utm_unsub=a@b.com&blid=123', {
      onRequest: (request) => {
        if (request.method() === 'POST') posted.push({ body: request.postData(), token: request.headers()['x-csrftoken'] });
        return false;
      },
    });
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[type="email"]')!.value === 'a@b.com');
    await page.click('.unsubscribe button[type="submit"]');
    await page.waitForSelector('.unsubscribe__confirmation');
    const confirmation = await page.$eval('.unsubscribe__confirmation', (element) => element.textContent);
    expect(confirmation).to.include('You have been unsubscribed.');
    expect(confirmation).to.include('up to 5 days');
    expect(await page.$('.unsubscribe form')).to.equal(null);
    expect(await page.evaluate(() => document.activeElement?.className)).to.equal('unsubscribe__confirmation');

    expect(posted).to.have.length(1);
    expect(new URLSearchParams(posted[0]!.body)).to.deep.equal(new URLSearchParams({ Email: 'a@b.com', BroadLogId: '123' }));
    expect(posted[0]!.token).to.be.a('string').with.length.above(0);
    expect((await getSubscriberByEmail(suite.server.db, 'a@b.com'))!.subscribed).to.equal(false);
    const event = await suite.server.db.selectFrom('subscription_events').selectAll().where('email', '=', 'a@b.com').where('kind', '=', 'unsubscribe').executeTakeFirst();
    expect(event?.broad_log_id).to.equal('123');
    await page.close();
  });

  /** Answers the unsubscribe POST with `body` instead of the server. */
  const answerUnsubscribe = (status: number, body: unknown) => (request: HTTPRequest) => {
    if (request.method() !== 'POST' || !request.url().includes('/api/fcc/unsubscribe/')) return false;
    void request.respond({ status, contentType: 'application/json', body: JSON.stringify(body) });
    return true;
  };

  it('shows the first error beneath the email when the address is refused', async () => {
    const page = await open('/email/', { onRequest: answerUnsubscribe(400, { isValid: false, errors: ['x', 'y'] }) });
    await page.type('input[type="email"]', 'c@d.com');
    await page.click('.unsubscribe button[type="submit"]');
    await page.waitForSelector('.unsubscribe__error');
    const error = await page.$eval('.unsubscribe__error', (element) => ({
      text: element.textContent,
      role: element.getAttribute('role'),
      follows: element.previousElementSibling?.getAttribute('type'),
      describes: document.querySelector('input[type="email"]')!.getAttribute('aria-describedby') === element.id,
    }));
    expect(error).to.deep.equal({ text: 'Error: x', role: 'alert', follows: 'email', describes: true });
    expect(await page.$eval('input[type="email"]', (input) => input.getAttribute('aria-invalid'))).to.equal('true');
    expect(await page.$('.unsubscribe__confirmation')).to.equal(null);
    // The browser logs the refusal's 400.
    suite.allowProblems(/status of 400/);
    await page.close();
  });

  it('raises a ResponseShapeError with a report for a malformed answer, logs it and keeps the form usable', async () => {
    const page = await open('/email/', { onRequest: answerUnsubscribe(200, { ok: true }) });
    await page.type('input[type="email"]', 'e@f.com');
    await page.click('.unsubscribe button[type="submit"]');
    await page.waitForSelector('.unsubscribe .form__error[role="alert"]');
    const [logged, ...others] = suite.takeProblems();
    expect(others).to.deep.equal([]);
    expect(logged).to.match(/^error: ResponseShapeError: The response from \/api\/fcc\/unsubscribe\/ does not have the expected shape:\n/);
    expect(logged).to.match(/^isValid: /m);
    expect(logged).to.match(/^errors: /m);
    expect(await page.$eval('.unsubscribe .form__error', (element) => element.textContent)).to.match(/Please try again/);
    expect(await page.$eval('.unsubscribe button[type="submit"]', (button) => button.disabled)).to.equal(false);
    expect(await page.$eval('input[type="email"]', (input) => input.value)).to.equal('e@f.com');
    await page.close();
  });
});
