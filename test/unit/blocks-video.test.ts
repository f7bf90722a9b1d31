import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import Embed, { type EmbedProps } from '../../client/blocks/Embed';
import Iframe, { type IframeProps } from '../../client/blocks/Iframe';
import Unsubscribe, { type UnsubscribeProps } from '../../client/blocks/Unsubscribe';
import Video, { type VideoProps } from '../../client/blocks/Video';
import VideoFeature, { type VideoFeatureProps } from '../../client/blocks/VideoFeature';
import type { VideoData } from '../../client/blocks/VideoPlayer';
import { embedBlock, embedTargetFor } from '../../server/blocks/embed';
import { iframeBlock } from '../../server/blocks/iframe';
import { resolveStream } from '../../server/blocks/stream';
import type { BlockContext } from '../../server/blocks/types';
import { unsubscribeBlock } from '../../server/blocks/unsubscribe';
import { videoBlock } from '../../server/blocks/video';
import { videoFeatureBlock } from '../../server/blocks/video-feature';
import type { Db } from '../../server/db/database';
import { createMediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { addVideoSource, addVideoTrack, createVideo } from '../../server/models/videos';
import { testBlockContext } from '../support/block-context';
import { testDb } from '../support/database';
import { ensureRoot, uniqueSuffix } from '../support/fixtures';

function render<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}

const POSTER = { src: '/media/images/1-aaaaaaaaaaaaaaaa.webp', width: 1280, height: 720, alt: '' };

const VIDEO: VideoData = {
  title: 'From Dock to Dish',
  poster: POSTER,
  sources: [
    { url: '/media/videos/dock.webm', mimetype: 'video/webm' },
    { url: 'https://cdn.example.com/dock.mp4', mimetype: 'video/mp4' },
  ],
  tracks: [
    { kind: 'chapters', src: '/video-track/2/', label: 'Chapters', srclang: 'en', sort_order: 0 },
    { kind: 'captions', src: '/video-track/1/', label: 'English', srclang: 'en', sort_order: 1 },
  ],
};

const FEATURE: VideoFeatureProps = {
  video: VIDEO,
  image: { src: '/media/images/2-bbbbbbbbbbbbbbbb.jpg', width: 1280, height: 720, alt: '' },
  title: 'Wood-grilled, the harbor way',
  subtitle: 'Watch our chefs fire up the grill.',
  show_share_icons: true,
  facebook_url: 'https://www.facebook.com/sharer/sharer.php?u=x',
  twitter_url: 'https://x.com/intent/post?url=x',
  fineprint: 'Filmed at Red Harbor Portland.',
};

describe('video group blocks', () => {
  describe('video', () => {
    it('renders the poster, sources in order, tracks with the first captions on, the toggle and the loading overlay', () => {
      const html = render(Video, { video: VIDEO, autoplay: false, caption: 'Fresh off the boat' } satisfies VideoProps);
      expect(html).to.include('poster="/media/images/1-aaaaaaaaaaaaaaaa.webp"');
      expect(html.indexOf('src="/media/videos/dock.webm" type="video/webm"')).to.be.lessThan(html.indexOf('src="https://cdn.example.com/dock.mp4" type="video/mp4"'));
      expect(html).to.match(/<track kind="chapters" src="\/video-track\/2\/" label="Chapters" srcLang="en"\/>/);
      expect(html).to.match(/<track kind="captions" src="\/video-track\/1\/" label="English" srcLang="en" default=""\/>/);
      expect(html).to.include('aria-label="Play video"');
      expect(html).to.include('class="video-player__loading" role="status"');
      expect(html).to.include('<figcaption class="video-block__caption">Fresh off the boat</figcaption>');
      expect(html).to.not.include('controls');
      expect(html).to.not.include('muted');
      expect(html).to.not.include('autoplay');
    });

    it('leaves the caption out when empty, and mutes and loops an autoplaying video without the autoplay attribute', () => {
      const html = render(Video, { video: VIDEO, autoplay: true, caption: '' });
      expect(html).to.not.include('figcaption');
      expect(html).to.include('muted=""');
      expect(html).to.include('loop=""');
      expect(html).to.include('playsInline=""');
      // Autoplay is started by the visibility observer, never by the attribute.
      expect(html).to.not.match(/autoplay/i);
    });

    it('says the video is unavailable when it has no source or was deleted', () => {
      const withoutSources = render(Video, { video: { ...VIDEO, sources: [] }, autoplay: false, caption: '' });
      expect(withoutSources).to.include('Video unavailable');
      expect(withoutSources).to.include('src="/media/images/1-aaaaaaaaaaaaaaaa.webp"');
      expect(withoutSources).to.not.include('<video');
      expect(withoutSources).to.not.include('video-player__toggle');
      const deleted = render(Video, { video: null, autoplay: false, caption: '' });
      expect(deleted).to.include('Video unavailable');
      expect(deleted).to.not.include('<img');
    });

    it('refuses values without a positive video id', () => {
      expect(videoBlock.schema.safeParse({ video: 0 }).success).to.equal(false);
      expect(videoBlock.schema.safeParse({ video: '3' }).success).to.equal(false);
      expect(videoBlock.schema.safeParse({ video: 3 }).data).to.deep.equal({ video: 3, autoplay: false, caption: '' });
    });
  });

  describe('video feature', () => {
    it('renders closed: image, Play button named after the title, text, share links and fine print', () => {
      const html = render(VideoFeature, FEATURE);
      expect(html).to.include('src="/media/images/2-bbbbbbbbbbbbbbbb.jpg"');
      expect(html).to.include('aria-label="Play video: Wood-grilled, the harbor way"');
      expect(html).to.not.include('<video');
      expect(html).to.match(/<h2 id="[^"]+" class="video-feature__title">Wood-grilled, the harbor way<\/h2>/);
      expect(html).to.include('<p class="video-feature__subtitle">Watch our chefs fire up the grill.</p>');
      expect(html).to.include('href="https://www.facebook.com/sharer/sharer.php?u=x" target="_blank" rel="noopener noreferrer"');
      expect(html).to.include('Share on Facebook');
      expect(html).to.include('href="https://x.com/intent/post?url=x"');
      expect(html).to.include('<p class="video-feature__fineprint">Filmed at Red Harbor Portland.</p>');
    });

    it('leaves out share icons, subtitle, fine print and Play when they are off, empty or missing', () => {
      const html = render(VideoFeature, { ...FEATURE, video: null, image: null, subtitle: '', fineprint: '', show_share_icons: false });
      expect(html).to.not.include('video-feature__share');
      expect(html).to.not.include('video-feature__subtitle');
      expect(html).to.not.include('video-feature__fineprint');
      expect(html).to.not.include('video-feature__play');
      expect(html).to.include('video-feature__placeholder');
    });

    it('refuses a title-less value and share links that are not https', () => {
      expect(videoFeatureBlock.schema.safeParse({ video: 1, title: ' ' }).success).to.equal(false);
      expect(videoFeatureBlock.schema.safeParse({ video: 1, title: 'T', facebook_url: 'http://facebook.com/x' }).success).to.equal(false);
      expect(videoFeatureBlock.schema.safeParse({ video: 1, title: 'T', twitter_url: 'javascript:alert(1)' }).success).to.equal(false);
      expect(videoFeatureBlock.schema.safeParse({ video: 1, title: 'T' }).success).to.equal(true);
    });
  });

  describe('iframe', () => {
    const props: IframeProps = {
      url: 'https://maps.example.com/embed?q=portland',
      mobile_url: 'https://maps.example.com/embed?q=portland&mobile=1',
      default_height: 420,
      title: 'Map of Red Harbor Portland',
    };

    it('renders the desktop address with title, height, lazy loading, a sandbox and an open-in-new-tab link', () => {
      const html = render(Iframe, props);
      expect(html).to.include('src="https://maps.example.com/embed?q=portland"');
      expect(html).to.include('title="Map of Red Harbor Portland"');
      expect(html).to.include('height="420"');
      expect(html).to.include('loading="lazy"');
      expect(html).to.match(/sandbox="allow-scripts [^"]*allow-popups/);
      expect(html).to.not.include('allow-top-navigation');
      expect(html).to.include('Open Map of Red Harbor Portland in a new tab');
      // The mobile address is picked after mount, so the server render never contains it.
      expect(html).to.not.include('mobile=1');
    });

    it('accepts only https addresses and requires a title', () => {
      const value = { url: props.url, title: props.title };
      expect(iframeBlock.schema.parse(value)).to.deep.equal({ ...value, mobile_url: null, default_height: 600 });
      expect(iframeBlock.schema.safeParse({ ...value, url: 'http://maps.example.com/' }).success).to.equal(false);
      expect(iframeBlock.schema.safeParse({ ...value, mobile_url: 'data:text/html,hi' }).success).to.equal(false);
      expect(iframeBlock.schema.safeParse({ url: props.url }).success).to.equal(false);
      expect(iframeBlock.schema.safeParse({ ...value, default_height: 50 }).success).to.equal(false);
      expect(iframeBlock.schema.safeParse({ ...value, default_height: 4001 }).success).to.equal(false);
    });
  });

  describe('embed', () => {
    const frame = (src: string) => ({ kind: 'frame', provider: src.includes('vimeo') ? 'vimeo' : 'youtube', src });

    it('turns YouTube addresses into the privacy-enhanced player, keeping a start time', () => {
      const nocookie = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
      expect(embedTargetFor('https://www.youtube.com/watch?v=aqz-KE-bpKQ&list=x')).to.deep.equal(frame(nocookie));
      expect(embedTargetFor('https://m.youtube.com/watch?v=aqz-KE-bpKQ')).to.deep.equal(frame(nocookie));
      expect(embedTargetFor('https://youtu.be/aqz-KE-bpKQ?t=1m30s')).to.deep.equal(frame(`${nocookie}?start=90`));
      expect(embedTargetFor('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=45')).to.deep.equal(frame(`${nocookie}?start=45`));
      expect(embedTargetFor('https://www.youtube.com/shorts/aqz-KE-bpKQ')).to.deep.equal(frame(nocookie));
      expect(embedTargetFor('https://www.youtube.com/embed/aqz-KE-bpKQ')).to.deep.equal(frame(nocookie));
      expect(embedTargetFor('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ')).to.deep.equal(frame(nocookie));
    });

    it('turns Vimeo addresses into the player in do-not-track mode, keeping an unlisted hash', () => {
      expect(embedTargetFor('https://vimeo.com/76979871')).to.deep.equal(frame('https://player.vimeo.com/video/76979871?dnt=1'));
      expect(embedTargetFor('https://vimeo.com/76979871/8272103f6e')).to.deep.equal(frame('https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1'));
      expect(embedTargetFor('https://vimeo.com/channels/staffpicks/76979871')).to.deep.equal(frame('https://player.vimeo.com/video/76979871?dnt=1'));
      expect(embedTargetFor('https://player.vimeo.com/video/76979871?h=8272103f6e')).to.deep.equal(frame('https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1'));
    });

    it('makes a link card of unknown providers and of provider pages that are not videos', () => {
      expect(embedTargetFor('https://www.example.com/recipes/chowder')).to.deep.equal({ kind: 'link', host: 'example.com' });
      expect(embedTargetFor('https://www.youtube.com/@redharbor')).to.deep.equal({ kind: 'link', host: 'youtube.com' });
      expect(embedTargetFor('https://www.youtube.com/watch?v=short')).to.deep.equal({ kind: 'link', host: 'youtube.com' });
      expect(embedTargetFor('https://vimeo.com/about')).to.deep.equal({ kind: 'link', host: 'vimeo.com' });
      expect(embedTargetFor('https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ')).to.deep.equal({ kind: 'link', host: 'youtube.com.evil.example' });
    });

    it('renders a player frame with a default title and a watch link, or a link card', () => {
      const player = render(Embed, { url: 'https://youtu.be/aqz-KE-bpKQ', title: '', target: embedTargetFor('https://youtu.be/aqz-KE-bpKQ') } satisfies EmbedProps);
      expect(player).to.include('src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"');
      expect(player).to.include('title="YouTube video"');
      expect(player).to.match(/allow="[^"]*\bfullscreen\b/);
      expect(player).to.not.include('allowFullScreen');
      expect(player).to.include('Watch on YouTube');
      const card = render(Embed, { url: 'https://www.example.com/recipes/chowder', title: 'Clam chowder recipe', target: { kind: 'link', host: 'example.com' } });
      expect(card).to.not.include('<iframe');
      expect(card).to.include('href="https://www.example.com/recipes/chowder" target="_blank" rel="noopener noreferrer"');
      expect(card).to.include('<span class="embed-card__host">example.com</span>');
      expect(card).to.include('<span class="embed-card__title">Clam chowder recipe</span>');
    });

    it('refuses addresses that are not http(s) and builds props on the server', async () => {
      expect(embedBlock.schema.safeParse({ url: 'javascript:alert(1)' }).success).to.equal(false);
      expect(embedBlock.schema.safeParse({ url: 'ftp://example.com/x' }).success).to.equal(false);
      const value = embedBlock.schema.parse({ url: ' https://vimeo.com/76979871 ' });
      expect(await embedBlock.toProps(value, {} as BlockContext)).to.deep.equal({
        url: 'https://vimeo.com/76979871',
        title: '',
        target: frame('https://player.vimeo.com/video/76979871?dnt=1'),
      });
    });
  });

  describe('unsubscribe', () => {
    it('renders a required email input and the submit button, with heading and intro only when given', () => {
      const html = render(Unsubscribe, { heading: 'Unsubscribe', intro: 'Sorry to see you go.' } satisfies UnsubscribeProps);
      const input = html.match(/<input [^>]*>/)?.[0] ?? '';
      for (const attribute of ['type="email"', 'name="Email"', 'required=""', 'autoComplete="email"']) expect(input).to.include(attribute);
      expect(html).to.match(/<label for="[^"]+" class="form__label">Email Address<\/label>/);
      expect(html).to.include('<h2 class="unsubscribe__heading">Unsubscribe</h2>');
      expect(html).to.include('<p class="unsubscribe__intro">Sorry to see you go.</p>');
      expect(html).to.include('<button type="submit" class="button button--primary">Unsubscribe</button>');
      // The prefilled address is read after mount: the server render is always empty.
      expect(html).to.include('value=""');
      const bare = render(Unsubscribe, { heading: '', intro: '' });
      expect(bare).to.not.include('<h2');
      expect(bare).to.not.include('unsubscribe__intro');
    });

    it('defaults heading and intro, and refuses overlong ones', () => {
      expect(unsubscribeBlock.schema.parse({})).to.deep.equal({ heading: '', intro: '' });
      expect(unsubscribeBlock.schema.safeParse({ heading: 'x'.repeat(256) }).success).to.equal(false);
    });
  });

  describe('props from the library', () => {
    let db: Db;
    let context: BlockContext;
    let mediaDir: string;

    before(async () => {
      db = await testDb();
      mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-video-blocks-'));
      context = testBlockContext({ db, storage: createMediaStorage(mediaDir), siteRoot: await ensureRoot(db) });
    });
    after(() => rmSync(mediaDir, { recursive: true, force: true }));

    async function posterImage(): Promise<number> {
      const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1b7f93' } })
        .jpeg()
        .toBuffer();
      return (await createImage(db, context.storage, { title: `Poster ${uniqueSuffix()}`, bytes })).id;
    }

    it('resolves a video block to its 16:9 poster, sources and tracks in order', async () => {
      const video = await createVideo(db, { title: 'Dock', posterImageId: await posterImage() });
      await addVideoSource(db, video.id, { url: '/media/videos/dock.mp4', mimetype: 'video/mp4', sortOrder: 2 });
      await addVideoSource(db, video.id, { url: '/media/videos/dock.webm', mimetype: 'video/webm', sortOrder: 1 });
      const track = await addVideoTrack(db, context.storage, video.id, { kind: 'captions', label: 'English', srclang: 'en', content: 'WEBVTT\n' });
      const [rendered] = await resolveStream([{ type: 'video', id: 'v1', value: { video: video.id, autoplay: true } }], context);
      const props = rendered!.props as unknown as VideoProps;
      expect(props.autoplay).to.equal(true);
      expect(props.video!.title).to.equal('Dock');
      expect(props.video!.poster).to.include({ width: 1280, height: 720, alt: '' });
      expect(props.video!.poster!.src).to.match(/^\/media\/images\/\d+-[0-9a-f]{16}\.webp$/);
      expect(props.video!.sources.map((source) => source.url)).to.deep.equal(['/media/videos/dock.webm', '/media/videos/dock.mp4']);
      expect(props.video!.tracks).to.deep.equal([{ kind: 'captions', src: `/video-track/${track.id}/`, label: 'English', srclang: 'en', sort_order: 0 }]);
    });

    it('gives null for a deleted video, and a feature falls back to the poster and drops share links when they are off', async () => {
      const [gone] = await resolveStream([{ type: 'video', id: 'v2', value: { video: 2_000_000_000 } }], context);
      expect((gone!.props as unknown as VideoProps).video).to.equal(null);

      const video = await createVideo(db, { title: 'Grill', posterImageId: await posterImage() });
      const [feature] = await resolveStream(
        [{ type: 'video_feature', id: 'f1', value: { video: video.id, title: 'Grill', facebook_url: 'https://facebook.com/share', show_share_icons: false } }],
        context,
      );
      const props = feature!.props as unknown as VideoFeatureProps;
      expect(props.image).to.deep.equal(props.video!.poster);
      expect(props.show_share_icons).to.equal(false);
      expect(props.facebook_url).to.equal(null);

      const [shared] = await resolveStream(
        [{ type: 'video_feature', id: 'f2', value: { video: video.id, title: 'Grill', facebook_url: 'https://facebook.com/share', show_share_icons: true } }],
        context,
      );
      expect(shared!.props).to.include({ show_share_icons: true, facebook_url: 'https://facebook.com/share', twitter_url: null });
    });
  });
});
