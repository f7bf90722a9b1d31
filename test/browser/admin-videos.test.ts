import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import sharp from 'sharp';
import type { StreamValue } from '../../admin-client/streamfield/schemas';
import type { User } from '../../server/db/schema';
import { createMediaStorage, mediaRoot } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { getChildren } from '../../server/models/pages';
import { getVideoWithSourcesAndTracks } from '../../server/models/videos';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { createCollection, grantCollection } from '../support/collections';

const CLIP_PATH = fileURLToPath(new URL('../../server/seed/assets/harbor-clip.webm', import.meta.url));
const CAPTIONS_PATH = fileURLToPath(new URL('../../server/seed/assets/harbor-clip.en.vtt', import.meta.url));
const BODY_EDITOR = '.admin-field--stream:has(#id_content-body) [data-streamfield]';

describe('back office videos, as an editor of the Editors group', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;
  let posterId: number;
  let posterTitle: string;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] });
    // What the demo "Editors" group may do with media in the root collection (add and choose),
    // here in a collection of the test's own, so other tests' images stay out of its chooser.
    const collectionId = await createCollection(suite.server.db, 'Videos');
    await grantCollection(suite.server.db, editor, collectionId, ['add', 'choose']);
    posterTitle = `Harbor at dawn ${uniqueSuffix()}`;
    const bytes = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1b7f93' } })
      .jpeg()
      .toBuffer();
    posterId = (await createImage(suite.server.db, createMediaStorage(mediaRoot(suite.server.config)), { title: posterTitle, bytes, collectionId })).id;
  });

  const origin = () => `http://${site.hostname}:${suite.server.port}`;

  async function submit(page: BrowserPage, selector: string): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  }

  it('uploads a video with a poster and captions, uses it in a video block, publishes, and plays and seeks it on the site', async () => {
    const title = `Dock to dish ${uniqueSuffix()}`;
    const page = await signInToAdmin(await suite.browser.createBrowserContext(), origin(), editor, '/wagtail/videos/add/', { problems: suite.problems });

    // Add: the file, a title, and the poster picked in the image chooser.
    await (await page.$('input#id_file'))!.uploadFile(CLIP_PATH);
    await page.type('#id_title', title);
    await page.click('[data-media-chooser-target="choose"]');
    await page.waitForSelector(`[data-streamfield-chooser][open] [data-choice-id="${posterId}"]`);
    await page.click(`[data-streamfield-chooser] [data-choice-id="${posterId}"]`);
    await page.waitForSelector('[data-streamfield-chooser]:not([open])');
    expect(await page.$eval('#id_poster', (input) => (input as HTMLInputElement).value)).to.equal(String(posterId));
    expect(await page.$eval('[data-media-chooser-target="title"]', (span) => span.textContent)).to.equal(posterTitle);
    await submit(page, '.admin-actions button[type="submit"]');
    const video = await suite.server.db.selectFrom('videos').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(new URL(page.url()).pathname).to.equal(`/wagtail/videos/edit/${video.id}/`);
    expect(video.poster_image_id).to.equal(posterId);

    // Edit: a WebVTT caption track.
    await page.type('#id_track_new_label', 'English');
    await page.type('#id_track_new_srclang', 'en');
    await (await page.$('input#id_track_new_file'))!.uploadFile(CAPTIONS_PATH);
    await submit(page, '#tracks form:last-of-type button[type="submit"]');
    expect(await page.$eval('.admin-messages', (list) => list.textContent)).to.include("Track 'English' added.");
    const loaded = await getVideoWithSourcesAndTracks(suite.server.db, video.id);
    expect(loaded.tracks.map((track) => [track.kind, track.label, track.srclang])).to.deep.equal([['captions', 'English', 'en']]);

    // A page with a video block choosing it, published.
    const pageTitle = `Watch ${uniqueSuffix()}`;
    await page.goto(`${origin()}/wagtail/pages/add/${site.home.id}/content_page/`);
    await page.waitForSelector(`${BODY_EDITOR}.sf-editor`);
    await page.type('#id_title', pageTitle);
    await page.click(`${BODY_EDITOR} > .sf-stream > .sf-insert--end button`);
    await page.type('[data-streamfield-menu] input[type="search"]', 'video');
    await page.click('[data-streamfield-menu] [data-block-type="video"]');
    const blockId = await page.$eval('#id_content-body', (input) => (JSON.parse((input as HTMLInputElement).value) as StreamValue).at(-1)!.id);
    await page.click(`[data-block-id="${blockId}"] [data-chooser-target="video"]`);
    await page.waitForSelector(`[data-streamfield-chooser][open] [data-choice-id="${video.id}"]`);
    await page.click(`[data-streamfield-chooser] [data-choice-id="${video.id}"]`);
    await page.waitForSelector('[data-streamfield-chooser]:not([open])');
    await submit(page, 'button[value="publish"]');
    expect(await page.$eval('.admin-messages', (list) => list.textContent)).to.include('published');
    const [published] = (await getChildren(suite.server.db, site.home)).filter((child) => child.draft_title === pageTitle);
    expect(published).to.include({ live: true });

    // The public page plays it from the start and seeks into it.
    const visitor = await suite.browser.newPage();
    await visitor.goto(`${origin()}/${published!.slug}/`, { waitUntil: 'domcontentloaded' });
    await visitor.waitForSelector('html[data-hydrated="true"]');
    await visitor.waitForSelector('.video-player--ready');
    expect(await visitor.$eval('.video-player track', (track) => [track.getAttribute('kind'), track.getAttribute('srclang')])).to.deep.equal(['captions', 'en']);
    await visitor.click('.video-player__toggle');
    await visitor.waitForFunction(() => {
      const media = document.querySelector('video')!;
      return !media.paused && media.currentTime > 0;
    });
    const seek = await visitor.evaluate(async () => {
      const media = document.querySelector('video')!;
      const seeked = new Promise((resolve) => media.addEventListener('seeked', resolve, { once: true }));
      media.currentTime = 4;
      await seeked;
      return { currentTime: media.currentTime, duration: media.duration, cues: media.textTracks[0]?.cues?.length ?? 0 };
    });
    expect(seek.currentTime).to.be.within(3.9, 6);
    expect(seek.duration).to.be.within(5, 7);
    expect(seek.cues).to.equal(3);
    await visitor.close();
    await page.close();
  });
});
