import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import sharp from 'sharp';
import { MEDIA_BLOCK_COMPONENTS } from '../../client/blocks/groups/media';
import PageStreamField from '../../client/blocks/PageStreamField';
import { formatShortDate } from '../../client/lib/format-date';
import { MEDIA_BLOCKS } from '../../server/blocks/groups/media';
import { BLOCKS } from '../../server/blocks/index';
import { resolveStream } from '../../server/blocks/stream';
import type { BlockContext } from '../../server/blocks/types';
import type { Db } from '../../server/db/database';
import type { Page } from '../../server/db/schema';
import { createMediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { addChild } from '../../server/models/pages';
import { addVideoSource, createVideo } from '../../server/models/videos';
import { DEMO_IMAGE_NAMES, type DemoImageName } from '../../server/seed/artwork';
import { demoHomeBody, demoMediaPages } from '../../server/seed/demo-media';
import { testBlockContext } from '../support/block-context';
import { testDb } from '../support/database';
import { createTestSite, uniqueSuffix } from '../support/fixtures';

/** A 1600x1200 picture with some structure, so renditions have something to crop. */
function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .composite([{ input: { create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }, left: 600, top: 450 }])
    .jpeg()
    .toBuffer();
}

/** An ISO date `days` from today (UTC). */
function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const MISSING_IMAGE = 999_999_999;

describe('image-led marketing blocks', () => {
  let mediaDir: string;
  let db: Db;
  let home: Page;
  let context: BlockContext;
  let lobster: number;
  let salmon: number;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-blocks-media-'));
    db = await testDb();
    const storage = createMediaStorage(mediaDir);
    ({ home } = await createTestSite(db));
    context = testBlockContext({ db, storage, siteRoot: home });
    lobster = (await createImage(db, storage, { title: 'Steamed lobster', bytes: await photo('#c8281e') })).id;
    salmon = (await createImage(db, storage, { title: 'Grilled salmon', bytes: await photo('#f08a5d') })).id;
  });
  after(() => rmSync(mediaDir, { recursive: true, force: true }));

  /** Resolves one block through the stream (as a page would) and renders it as a template does. */
  async function render(type: string, value: unknown): Promise<string> {
    const blocks = await resolveStream([{ type, value, id: `test-${type}` }], context);
    expect(blocks, `${type} should resolve`).to.have.length(1);
    return renderToString(createElement(PageStreamField, { blocks }));
  }

  /** Whether the block's schema accepts the value. */
  const accepts = (type: string, value: unknown) => BLOCKS[type]!.schema.safeParse(value).success;

  const link = (text: string, url: string, style = 'primary') => ({ text, url, style });

  it('registers a server definition and a component for every block of the group', () => {
    const types = MEDIA_BLOCKS.map((block) => block.type).sort();
    expect(types).to.deep.equal(
      [
        'article_preview_grid',
        'feature_image',
        'fresh_catch_feature',
        'full_width_media',
        'gift_cards_feature',
        'hero',
        'image',
        'image_link',
        'link_row',
        'media_grid',
        'printable_coupon',
        'social_grid',
        'two_column_feature',
        'two_column_hero',
      ].sort(),
    );
    expect(Object.keys(MEDIA_BLOCK_COMPONENTS).sort()).to.deep.equal(types);
  });

  describe('hero', () => {
    it('renders image crops for both screen sizes, title, subtitle and its button', async () => {
      const html = await render('hero', {
        image: lobster,
        image_alignment: 'right',
        text_style: 'light',
        title: 'Fresh from the harbor',
        subtitle: 'Cooked to order since 1978.',
        link: { url: '/menu/' },
        link_text: 'View Our Menu',
        link_style: 'secondary',
      });
      expect(html).to.include('class="hero hero--text-light hero--image-right hero--has-image"');
      expect(html).to.match(/<h2 class="hero__title">Fresh from the harbor<\/h2>/);
      expect(html).to.include('<p class="hero__subtitle">Cooked to order since 1978.</p>');
      expect(html).to.match(/<a class="button button--secondary hero__cta" href="\/menu\/">View Our Menu<\/a>/);
      expect(html).to.match(/<source media="\(min-width: 841px\)" srcSet="[^"]+ 1600w[^"]*"/);
      expect(html).to.include('loading="eager"');
      expect(html).to.include('alt="Steamed lobster"');
    });

    it('leaves out what is not there', async () => {
      const html = await render('hero', { title: 'Just a title' });
      expect(html).to.include('hero--no-image');
      expect(html).to.include('hero--image-center');
      expect(html).to.include('hero--text-dark');
      expect(html).to.not.include('<picture');
      expect(html).to.not.include('hero__subtitle');
      expect(html).to.not.include('<a ');
    });

    it('refuses a missing title, an unknown text style, and a link without text', () => {
      expect(accepts('hero', { title: 'Ok' })).to.equal(true);
      expect(accepts('hero', { title: '' })).to.equal(false);
      expect(accepts('hero', { title: 'x'.repeat(121) })).to.equal(false);
      expect(accepts('hero', { title: 'Ok', text_style: 'medium' })).to.equal(false);
      expect(accepts('hero', { title: 'Ok', image_alignment: 'top' })).to.equal(false);
      expect(accepts('hero', { title: 'Ok', link: { url: '/menu/' } })).to.equal(false);
      expect(accepts('hero', { title: 'Ok', link: { url: 'javascript:alert(1)' }, link_text: 'Go' })).to.equal(false);
    });
  });

  describe('two column hero', () => {
    it('renders the picture, sanitized text, both buttons and the fine print', async () => {
      const html = await render('two_column_hero', {
        image: salmon,
        image_side: 'left',
        color_scheme: 'lobster',
        title: 'Share a seafood feast',
        text: '<p>Gift cards for <strong>everyone</strong>.</p><script>alert(1)</script>',
        links: [link('Send an E-Gift', 'https://gifts.example.com/'), link('Buy Cards', '/gift-cards/', 'secondary')],
        fineprint: 'Redeemable in the US and Canada.',
      });
      expect(html).to.include('two-column-hero--lobster two-column-hero--image-left');
      expect(html).to.include('<strong>everyone</strong>');
      expect(html).to.not.include('<script');
      expect(html).to.match(/href="https:\/\/gifts\.example\.com\/" target="_blank" rel="noopener noreferrer">Send an E-Gift/);
      expect(html).to.include('button--secondary');
      expect(html).to.include('Redeemable in the US and Canada.');
      expect(html).to.include('alt="Grilled salmon"');
    });

    it('leaves out text, buttons and fine print when empty, and refuses a third button', async () => {
      const html = await render('two_column_hero', { image: salmon, title: 'Plain' });
      expect(html).to.not.include('two-column-hero__text');
      expect(html).to.not.include('two-column-hero__actions');
      expect(html).to.not.include('two-column-hero__fineprint');
      const three = [link('A', '/a/'), link('B', '/b/'), link('C', '/c/')];
      expect(accepts('two_column_hero', { image: salmon, title: 'Too many', links: three })).to.equal(false);
      expect(accepts('two_column_hero', { title: 'No image' })).to.equal(false);
      expect(accepts('two_column_hero', { image: salmon, title: 'Ok', color_scheme: 'purple' })).to.equal(false);
    });
  });

  describe('two column feature', () => {
    it('renders eyebrow, heading, text and link beside the picture', async () => {
      const html = await render('two_column_feature', {
        image: lobster,
        image_side: 'right',
        eyebrow: 'Dine with us',
        heading: 'A seat by the water',
        text: '<p>Big windows.</p>',
        link: link('Find a Restaurant', '/locations/'),
      });
      expect(html).to.include('two-column-feature--image-right');
      expect(html).to.include('<p class="media-eyebrow">Dine with us</p>');
      expect(html).to.include('A seat by the water</h2>');
      expect(html).to.include('<p>Big windows.</p>');
      expect(html).to.include('href="/locations/"');
    });

    it('defaults the image to the left and leaves out eyebrow, text and link', async () => {
      const html = await render('two_column_feature', { image: lobster, heading: 'Only a heading' });
      expect(html).to.include('two-column-feature--image-left');
      expect(html).to.not.include('media-eyebrow');
      expect(html).to.not.include('two-column-feature__text');
      expect(html).to.not.include('<a ');
      expect(accepts('two_column_feature', { image: lobster, heading: 'Ok', image_side: 'center' })).to.equal(false);
    });
  });

  describe('feature image', () => {
    it('renders a 16:9 rendition with its caption and link at the chosen width', async () => {
      const html = await render('feature_image', {
        image: lobster,
        caption: 'A whole lobster for every guest.',
        link: link('See Event Menus', '/events/', 'text-link'),
        container_width: 'twoThirds',
      });
      expect(html).to.include('media-width--twoThirds');
      expect(html).to.include('width="1600" height="900"');
      expect(html).to.include('<span class="feature-image__text">A whole lobster for every guest.</span>');
      expect(html).to.include('button--text-link');
    });

    it('has no caption without caption or link, and nothing at all when the image is gone', async () => {
      expect(await render('feature_image', { image: lobster })).to.not.include('figcaption');
      expect(await render('feature_image', { image: MISSING_IMAGE })).to.not.include('<figure');
      expect(accepts('feature_image', { image: lobster, container_width: 'quarter' })).to.equal(false);
    });
  });

  describe('image', () => {
    it('renders its title, an AVIF source and the WebP/JPEG image data', async () => {
      const html = await render('image', { image: salmon, title: 'Plated for a rehearsal dinner', container_width: 'half' });
      expect(html).to.match(/<source type="image\/avif" srcSet="\/media\/images\/\d+-[0-9a-f]{16}\.avif 480w/);
      expect(html).to.match(/<img [^>]*srcSet="[^"]*\.webp 1600w"[^>]*src="\/media\/images\/\d+-[0-9a-f]{16}\.jpg"/);
      expect(html).to.include('<figcaption class="image-block__title">Plated for a rehearsal dinner</figcaption>');
      expect(html).to.include('media-width--half');
    });

    it('leaves out the caption without a title, and renders nothing for a deleted image', async () => {
      expect(await render('image', { image: salmon })).to.not.include('figcaption');
      expect(await render('image', { image: MISSING_IMAGE })).to.not.include('<figure');
      expect(accepts('image', { image: 'salmon.jpg' })).to.equal(false);
    });
  });

  describe('image link', () => {
    it('links a decorative picture to a live page of the site, named by its text', async () => {
      const target = await addChild(db, home, { title: 'Catering', slug: `catering-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
      const html = await render('image_link', { image: lobster, text: 'See our catering menu', link: { page: target.id } });
      expect(html).to.include(`href="/${target.slug}/"`);
      expect(html).to.include('alt=""');
      expect(html).to.include('See our catering menu');
      expect(html).to.not.include('target="_blank"');
    });

    it('opens other sites in a new tab and disappears when its page is not live', async () => {
      const external = await render('image_link', { image: lobster, text: 'Order gift cards', link: { url: 'https://gifts.example.com/' } });
      expect(external).to.include('target="_blank"');
      expect(external).to.include('(opens in a new tab)');
      const draft = await addChild(db, home, { title: 'Draft', slug: `draft-${uniqueSuffix()}`, pageType: 'blank_page', live: false, content: {} });
      expect(await render('image_link', { image: lobster, text: 'Draft', link: { page: draft.id } })).to.not.include('<a ');
      expect(accepts('image_link', { image: lobster, text: 'No target', link: {} })).to.equal(false);
      expect(accepts('image_link', { image: lobster, text: '', link: { url: '/x/' } })).to.equal(false);
    });
  });

  describe('link row', () => {
    it('renders heading, picture links and fine print, leaving out links to gone pages', async () => {
      const html = await render('link_row', {
        heading: 'Explore the menu',
        links: [
          { image: lobster, text: 'Lobster', link: { url: '/menu/lobster/' } },
          { image: salmon, text: 'Fresh Fish', link: { url: '/menu/fish/' } },
          { image: salmon, text: 'Gone', link: { page: 987_654_321 } },
        ],
        fineprint: 'Prices vary by restaurant.',
      });
      expect(html).to.include('<h2 class="link-row__heading">Explore the menu</h2>');
      expect(html.match(/class="link-row__item"/g)).to.have.length(2);
      expect(html).to.include('href="/menu/lobster/"');
      expect(html).to.not.include('Gone');
      expect(html).to.include('Prices vary by restaurant.');
    });

    it('has no heading or fine print when blank, and takes 1 to 8 links', async () => {
      const one = { image: lobster, text: 'Lobster', link: { url: '/menu/' } };
      const html = await render('link_row', { links: [one] });
      expect(html).to.not.include('link-row__heading');
      expect(html).to.not.include('link-row__fineprint');
      expect(accepts('link_row', { links: [] })).to.equal(false);
      expect(accepts('link_row', { links: Array(9).fill(one) })).to.equal(false);
    });
  });

  describe('media grid', () => {
    it('maps desktop and mobile widths to 12-column classes, fine print n/12 wide', async () => {
      const html = await render('media_grid', {
        heading: 'What’s new',
        tiles: [
          { image: lobster, desktop_width: 8, mobile_width: 12, heading: 'Lobster Fest', link: link('See the Menu', '/menu/') },
          { image: salmon, desktop_width: 4, mobile_width: 6 },
        ],
        fineprint: 'Limited time only.',
        fineprint_width: 8,
      });
      expect(html).to.include('class="media-grid__tile media-grid__tile--m-12 media-grid__tile--d-8 media-grid__tile--captioned"');
      expect(html).to.include('class="media-grid__tile media-grid__tile--m-6 media-grid__tile--d-4"');
      expect(html).to.include('media-grid__fineprint--d-8');
      expect(html).to.include('<h3 class="media-grid__heading">Lobster Fest</h3>');
      // The browser picks a rendition for the width the tile takes at each breakpoint.
      expect(html).to.include('sizes="(min-width: 1200px) 757px, (min-width: 841px) 67vw, 100vw"');
      expect(html).to.include('sizes="(min-width: 1200px) 379px, (min-width: 841px) 33vw, 50vw"');
    });

    it('plays videos: a background video muted and looping, a video on request', async () => {
      const background = await createVideo(db, { title: 'Waves at the dock', posterImageId: salmon });
      await addVideoSource(db, background.id, { url: '/media/videos/waves.mp4', mimetype: 'video/mp4' });
      const feature = await createVideo(db, { title: 'Shucking oysters' });
      await addVideoSource(db, feature.id, { url: '/media/videos/oysters.mp4', mimetype: 'video/mp4' });
      const html = await render('media_grid', {
        tiles: [
          { background_video: background.id, image: lobster, desktop_width: 6 },
          { video: feature.id, desktop_width: 6 },
        ],
      });
      expect(html.match(/<video /g)).to.have.length(2);
      expect(html).to.match(/<video [^>]*loop=""[^>]*aria-label="Waves at the dock"/);
      expect(html).to.match(/<video (?![^>]*loop)[^>]*aria-label="Shucking oysters"/);
      expect(html).to.include('src="/media/videos/waves.mp4"');
      // The tile's own image gives way to the video.
      expect(html).to.not.include('alt="Steamed lobster"');
      expect(html).to.not.include('media-grid__footer');
    });

    it('refuses widths outside 1 to 12 and tiles without media', () => {
      const tile = { image: lobster };
      expect(accepts('media_grid', { tiles: [tile] })).to.equal(true);
      expect(accepts('media_grid', { tiles: [{ ...tile, desktop_width: 13 }] })).to.equal(false);
      expect(accepts('media_grid', { tiles: [{ ...tile, mobile_width: 0 }] })).to.equal(false);
      expect(accepts('media_grid', { tiles: [{ ...tile, desktop_width: 4.5 }] })).to.equal(false);
      expect(accepts('media_grid', { tiles: [tile], fineprint_width: 14 })).to.equal(false);
      expect(accepts('media_grid', { tiles: [{ heading: 'Nothing to show' }] })).to.equal(false);
      expect(accepts('media_grid', { tiles: [] })).to.equal(false);
    });
  });

  describe('full-width media', () => {
    it('renders the picture with a call to action', async () => {
      const html = await render('full_width_media', {
        image: salmon,
        heading: 'Join the Harbor Club',
        text: 'A free appetizer when you sign up.',
        link: link('Sign Up', '/email-signup/'),
        text_style: 'dark',
      });
      expect(html).to.include('full-width-media full-width-media--text-dark full-width-media--cta');
      expect(html).to.include('<h2 class="full-width-media__heading">Join the Harbor Club</h2>');
      expect(html).to.include('A free appetizer when you sign up.');
      expect(html).to.include('href="/email-signup/"');
      expect(html).to.include('<picture');
    });

    it('is just the picture without a call to action, and needs an image or a video', async () => {
      const html = await render('full_width_media', { image: salmon });
      expect(html).to.not.include('full-width-media__cta');
      expect(html).to.not.include('<h2');
      expect(accepts('full_width_media', { heading: 'No media' })).to.equal(false);
    });
  });

  describe('fresh catch feature', () => {
    it('lists each fish with its origin and preparation', async () => {
      const html = await render('fresh_catch_feature', {
        heading: 'Today’s Fresh Catch',
        intro: 'Bought at the dock this morning.',
        fish: [
          { name: 'Atlantic Salmon', origin: 'Bay of Fundy', preparation: 'Wood-grilled' },
          { name: 'Rainbow Trout', preparation: 'Pan-seared' },
        ],
        image: salmon,
        link: link('See the Full Menu', '/menu/'),
      });
      expect(html).to.include('<h2 class="fresh-catch__heading">Today’s Fresh Catch</h2>');
      expect(html).to.include('Bought at the dock this morning.');
      expect(html).to.include('<dt class="fresh-catch__name">Atlantic Salmon</dt>');
      expect(html).to.include('Bay of Fundy');
      expect(html).to.include('Wood-grilled');
      expect(html.match(/class="fresh-catch__origin"/g)).to.have.length(1);
      expect(html.match(/class="fresh-catch__preparation"/g)).to.have.length(2);
      expect(html).to.include('fresh-catch--has-image');
      expect(html).to.include('href="/menu/"');
    });

    it('leaves out intro, image and link when absent, and takes 1 to 12 fish', async () => {
      const html = await render('fresh_catch_feature', { heading: 'Catch', fish: [{ name: 'Cod' }] });
      expect(html).to.not.include('fresh-catch__intro');
      expect(html).to.not.include('fresh-catch__media');
      expect(html).to.not.include('<a ');
      expect(accepts('fresh_catch_feature', { heading: 'Catch', fish: [] })).to.equal(false);
      expect(accepts('fresh_catch_feature', { heading: 'Catch', fish: Array(13).fill({ name: 'Cod' }) })).to.equal(false);
      expect(accepts('fresh_catch_feature', { heading: 'Catch', fish: [{ name: '' }] })).to.equal(false);
    });
  });

  describe('gift cards feature', () => {
    it('renders the card picture, text and both links', async () => {
      const html = await render('gift_cards_feature', {
        heading: 'Give the gift of seafood',
        text: '<p>Never expires.</p>',
        image: lobster,
        link: link('Buy Gift Cards', 'https://gifts.example.com/'),
        secondary_link: link('Check Your Balance', 'https://gifts.example.com/balance', 'secondary'),
      });
      expect(html).to.include('<h2 class="gift-cards__heading">Give the gift of seafood</h2>');
      expect(html).to.include('<p>Never expires.</p>');
      expect(html).to.include('width="856" height="540"');
      expect(html).to.match(/href="https:\/\/gifts\.example\.com\/" target="_blank"/);
      expect(html).to.include('Check Your Balance');
    });

    it('needs a buy link; image, text and second link are optional', async () => {
      const html = await render('gift_cards_feature', { heading: 'Gift cards', link: link('Buy', '/buy/') });
      expect(html).to.not.include('gift-cards__card');
      expect(html).to.not.include('gift-cards__text');
      expect(html.match(/<a /g)).to.have.length(1);
      expect(accepts('gift_cards_feature', { heading: 'Gift cards' })).to.equal(false);
    });
  });

  describe('social grid', () => {
    it('renders each post with its network icon, caption and link', async () => {
      const html = await render('social_grid', {
        heading: 'Share your catch',
        intro: 'Tag #RedHarborCatch.',
        posts: [
          { image: lobster, caption: 'Birthday lobster!', network: 'instagram', url: 'https://www.instagram.com/p/abc/' },
          { image: salmon, caption: 'Grand opening', network: 'facebook', url: 'https://www.facebook.com/post/1' },
        ],
        follow_link: link('Follow @redharbor', 'https://www.instagram.com/redharbor', 'secondary'),
      });
      expect(html).to.include('href="https://www.instagram.com/p/abc/" target="_blank" rel="noopener noreferrer" data-network="instagram"');
      expect(html).to.include('icon--instagram');
      expect(html).to.include('icon--facebook');
      expect(html).to.include('<span class="social-grid__caption">Birthday lobster!</span>');
      expect(html).to.include('(on Instagram, opens in a new tab)');
      expect(html).to.include('Tag #RedHarborCatch.');
      expect(html).to.include('Follow @redharbor');
    });

    it('leaves out intro and follow link, and refuses unknown networks and bad addresses', async () => {
      const post = { image: lobster, caption: 'Hi', network: 'tiktok', url: 'https://www.tiktok.com/@x' };
      const html = await render('social_grid', { heading: 'Social', posts: [post] });
      expect(html).to.not.include('social-grid__intro');
      expect(html).to.not.include('social-grid__follow');
      expect(accepts('social_grid', { heading: 'Social', posts: [{ ...post, network: 'myspace' }] })).to.equal(false);
      expect(accepts('social_grid', { heading: 'Social', posts: [{ ...post, url: 'javascript:alert(1)' }] })).to.equal(false);
      expect(accepts('social_grid', { heading: 'Social', posts: [] })).to.equal(false);
    });
  });

  describe('article preview grid', () => {
    const article = (title: string, date: string, image: number | null = null) => ({ title, date, image, link: { url: `/press/${title.toLowerCase()}/` } });

    it('shows explicit articles newest first with M.d.yy dates and a See All link', async () => {
      const html = await render('article_preview_grid', {
        heading: 'In the news',
        articles: [article('Older', '2024-03-07', lobster), article('Newest', '2025-11-20'), article('Oldest', '2005-01-09')],
        limit: 2,
        see_all: { url: '/press/' },
      });
      const titles = [...html.matchAll(/class="article-card__link" href="[^"]+">([^<]+)</g)].map((match) => match[1]);
      expect(titles).to.deep.equal(['Newest', 'Older']);
      expect(html).to.include('<time class="article-card__date" dateTime="2025-11-20">11.20.25</time>');
      expect(html).to.include('<time class="article-card__date" dateTime="2024-03-07">3.7.24</time>');
      expect(html).to.match(/<a class="button button--secondary article-grid__see-all" href="\/press\/">See All<\/a>/);
      expect(html).to.include('alt="Steamed lobster"');
    });

    it('lists the newest live children of a source page, See All pointing at it', async () => {
      const press = await addChild(db, home, { title: 'Press', slug: `press-${uniqueSuffix()}`, pageType: 'blank_page', content: {} });
      await addChild(db, press, { title: 'January news', slug: 'january', pageType: 'blank_page', content: { date: '2026-01-05', feature_image: salmon } });
      await addChild(db, press, { title: 'March news', slug: 'march', pageType: 'blank_page', content: { date: '2026-03-05' } });
      await addChild(db, press, { title: 'February news', slug: 'february', pageType: 'blank_page', content: { date: '2026-02-05' } });
      await addChild(db, press, { title: 'Unpublished', slug: 'draft', pageType: 'blank_page', live: false, content: { date: '2026-04-01' } });
      const html = await render('article_preview_grid', { source_page: press.id, limit: 2, articles: [article('Ignored', '2030-01-01')] });
      const titles = [...html.matchAll(/class="article-card__link" href="[^"]+">([^<]+)</g)].map((match) => match[1]);
      expect(titles).to.deep.equal(['March news', 'February news']);
      expect(html).to.include(`href="/${press.slug}/march/"`);
      expect(html).to.include(`href="/${press.slug}/">See All</a>`);
      expect(html).to.not.include('article-grid__heading');

      const all = await render('article_preview_grid', { source_page: press.id, limit: 12 });
      expect(all).to.include('3.5.26');
      expect(all).to.include('1.5.26');
      expect(all).to.include('alt="Grilled salmon"');
      expect(all).to.not.include('Unpublished');
    });

    it('falls back to its own articles when the source page is gone, and refuses bad dates', async () => {
      const html = await render('article_preview_grid', { source_page: 987_654_321, articles: [article('Fallback', '2024-06-01')] });
      expect(html).to.include('Fallback');
      expect(html).to.not.include('See All');
      expect(accepts('article_preview_grid', { articles: [article('Bad', '2024-02-30')] })).to.equal(false);
      expect(accepts('article_preview_grid', { articles: [article('Bad', '3/5/24')] })).to.equal(false);
      expect(accepts('article_preview_grid', { limit: 0 })).to.equal(false);
    });
  });

  describe('printable coupon', () => {
    it('renders the coupon, its expiry as M.d.yy and the Print Coupon button', async () => {
      const expires = daysFromToday(30);
      const html = await render('printable_coupon', { heading: '$5 off two entrées', coupon_image: lobster, expires_on: expires, fineprint: 'One per table.' });
      expect(html).to.include('<h2 class="coupon__heading">$5 off two entrées</h2>');
      expect(html).to.include(`<time dateTime="${expires}">Expires ${formatShortDate(expires)}</time>`);
      expect(html).to.match(/<button type="button" class="button button--primary coupon__print">Print Coupon<\/button>/);
      expect(html).to.include('One per table.');
      expect(html).to.match(/src="\/media\/images\/\d+-[0-9a-f]{16}\.jpg"/);
      expect(html).to.not.include('Thank you!');
    });

    it('stays printable on its expiry day and says so once it has passed', async () => {
      expect(await render('printable_coupon', { coupon_image: lobster, expires_on: daysFromToday(0) })).to.include('Print Coupon');
      const expired = await render('printable_coupon', { heading: 'Old deal', coupon_image: lobster, expires_on: '2020-03-31' });
      expect(expired).to.include('This offer expired on 3.31.20.');
      expect(expired).to.not.include('Print Coupon');
      expect(expired).to.not.include('<img');
    });

    it('refuses a coupon without an image or a real date', () => {
      expect(accepts('printable_coupon', { coupon_image: lobster, expires_on: '2026-13-01' })).to.equal(false);
      expect(accepts('printable_coupon', { coupon_image: lobster, expires_on: 'next week' })).to.equal(false);
      expect(accepts('printable_coupon', { expires_on: '2026-01-01' })).to.equal(false);
    });
  });

  describe('formatShortDate', () => {
    it('formats M.d.yy without leading zeros on month and day', () => {
      expect(formatShortDate('2024-03-07')).to.equal('3.7.24');
      expect(formatShortDate('2024-12-25')).to.equal('12.25.24');
      expect(formatShortDate('2024-10-01')).to.equal('10.1.24');
    });

    it('keeps the two-digit year of the 2000s', () => {
      expect(formatShortDate('2005-01-09')).to.equal('1.9.05');
      expect(formatShortDate('2000-02-29')).to.equal('2.29.00');
    });

    it('reads the calendar date as written, with no time zone drift', () => {
      expect(formatShortDate('2024-03-07T23:30:00-08:00')).to.equal('3.7.24');
      expect(formatShortDate('2024-03-07T00:15:00+14:00')).to.equal('3.7.24');
      expect(formatShortDate('2024-01-01T00:00:00.000Z')).to.equal('1.1.24');
    });

    it('refuses text that is not an ISO date', () => {
      expect(() => formatShortDate('3/7/24')).to.throw(RangeError);
      expect(() => formatShortDate('')).to.throw(RangeError);
      expect(() => formatShortDate('2024-03-07junk')).to.throw(RangeError);
    });
  });

  describe('demo content', () => {
    const refs = { images: Object.fromEntries(DEMO_IMAGE_NAMES.map((name, index) => [name, index + 1])) as Record<DemoImageName, number>, menuDownloadUrl: '/documents/1/menu.pdf' };
    const bodies = () => [demoHomeBody(refs, 99), ...demoMediaPages(refs).map((page) => (page.content as { body: unknown[] }).body)];

    it('uses every block of the group, each with a value its schema accepts', () => {
      const blocks = bodies().flat() as Array<{ type: string; value: unknown; id: string }>;
      expect(new Set(blocks.map((block) => block.type))).to.include.all.keys(...MEDIA_BLOCKS.map((block) => block.type));
      for (const block of blocks) {
        const parsed = BLOCKS[block.type]!.schema.safeParse(block.value);
        expect(parsed.success, `${block.id}: ${parsed.error?.issues[0]?.message}`).to.equal(true);
      }
    });

    it('gives blocks stable, unique ids and opens the home page with the hero', () => {
      const ids = (bodies().flat() as Array<{ id: string }>).map((block) => block.id);
      expect(new Set(ids).size).to.equal(ids.length);
      expect((bodies().flat() as Array<{ id: string }>).map((block) => block.id)).to.deep.equal(ids);
      expect((demoHomeBody(refs, 99)[0] as { type: string }).type).to.equal('hero');
      expect(demoMediaPages(refs).length).to.be.at.least(1);
    });
  });
});
