import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { BLOCKS } from '../../server/blocks/index';
import { BLOCK_COMPONENTS } from '../../client/blocks/index';
import Accordion from '../../client/blocks/Accordion';
import AccordionFeature from '../../client/blocks/AccordionFeature';
import AlertBanner from '../../client/blocks/AlertBanner';
import ContactDetails from '../../client/blocks/ContactDetails';
import ContentGrid from '../../client/blocks/ContentGrid';
import CustomBackgroundWrapper from '../../client/blocks/CustomBackgroundWrapper';
import Faqs from '../../client/blocks/Faqs';
import ScrollNavMenuItem from '../../client/blocks/ScrollNavMenuItem';
import Sitemap, { type SitemapEntry } from '../../client/blocks/Sitemap';
import TabbedFeatures from '../../client/blocks/TabbedFeatures';
import Table from '../../client/blocks/Table';
import TieredNav from '../../client/blocks/TieredNav';
import Timeline from '../../client/blocks/Timeline';
import { NAV_MENU_READY_TIMEOUT_MESSAGE, NAV_MENU_READY_TIMEOUT_MS, SCROLL_THROTTLE_MS, activeSectionId, createScrollNavRegistry, throttle } from '../../client/lib/use-scroll-nav';
import { BlockComponentsProvider } from '../../client/lib/block-components';
import type { BlockContext, BlockDefinition } from '../../server/blocks/types';
import type { Db } from '../../server/db/database';
import type { Page } from '../../server/db/schema';
import { createMediaStorage, type MediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { addChild } from '../../server/models/pages';
import { DEFAULT_SITE_SETTINGS } from '../../server/models/site-settings';
import { DEMO_IMAGE_NAMES, type DemoImageName } from '../../server/seed/artwork';
import { demoTextPages } from '../../server/seed/demo-text';
import { TEXT_BLOCKS } from '../../server/blocks/groups/text';
import { testBlockContext } from '../support/block-context';
import { testDb } from '../support/database';
import { createTestSite, uniqueSuffix } from '../support/fixtures';

/** Renders a block component with the block components provided, as a template provides them to nested blocks. */
function render<P extends object>(component: ComponentType<P>, props: P): string {
  return renderToStaticMarkup(createElement(BlockComponentsProvider, { value: BLOCK_COMPONENTS, children: createElement(component, props) }));
}

function block(type: string): BlockDefinition {
  const definition = BLOCKS[type];
  if (!definition) throw new Error(`No block ${type}`);
  return definition;
}

/** The props toProps makes of a raw value, after the schema has filled in defaults. */
async function propsOf<P>(type: string, value: unknown, context: BlockContext): Promise<P> {
  const definition = block(type);
  return (await definition.toProps(definition.schema.parse(value), context)) as P;
}

function refuses(type: string, value: unknown): boolean {
  return !block(type).schema.safeParse(value).success;
}

const count = (html: string, fragment: string) => html.split(fragment).length - 1;

describe('text and structure blocks', () => {
  let db: Db;
  let mediaDir: string;
  let storage: MediaStorage;
  let context: BlockContext;
  let home: Page;
  let imageId: number;

  before(async () => {
    db = await testDb();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-blocks-text-'));
    storage = createMediaStorage(mediaDir);
    const site = await createTestSite(db);
    home = site.home;
    context = testBlockContext({ db, storage, siteRoot: home });
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c8281e' } })
      .jpeg()
      .toBuffer();
    imageId = (await createImage(db, storage, { title: `Steamed lobster ${uniqueSuffix()}`, bytes })).id;
  });
  after(() => rmSync(mediaDir, { recursive: true, force: true }));

  const ROWS = [
    { default_content: 'How much notice do you need?', hidden_content: '<p>24 hours<script>alert(1)</script></p>' },
    { default_content: 'Do you deliver?', hidden_content: '<p>Within 15 miles.</p>' },
  ];

  describe('accordion', () => {
    it('renders every row closed, each toggle a button controlling its panel, and the image beside them', async () => {
      const props = await propsOf<Parameters<typeof Accordion>[0]>('accordion', { heading: 'Good to know', accordions: ROWS, image: imageId }, context);
      expect(props.image?.src).to.match(/^\/media\/images\/\d+-[0-9a-f]{16}\.jpg$/);
      const html = render(Accordion, props);
      expect(html).to.include('<h2 class="accordion__heading">Good to know</h2>');
      expect(html).to.include('accordion--with-image');
      expect(html).to.include('class="accordion__image"');
      expect(count(html, '<button type="button"')).to.equal(2);
      expect(count(html, 'aria-expanded="false"')).to.equal(2);
      const controls = [...html.matchAll(/aria-controls="([^"]+)"/g)].map((match) => match[1]);
      for (const id of controls) expect(html).to.include(`id="${id}"`);
      expect(count(html, 'hidden=""')).to.equal(2);
      expect(html).to.include('How much notice do you need?');
      expect(html).to.include('<p>24 hours</p>');
      expect(html).to.not.include('<script>');
    });

    it('leaves out the heading and image when there are none', async () => {
      const html = render(Accordion, await propsOf('accordion', { accordions: ROWS }, context));
      expect(html).to.not.include('accordion__heading');
      expect(html).to.not.include('<img');
      expect(html).to.not.include('accordion--with-image');
    });

    it('refuses an accordion without rows or with an empty label', () => {
      expect(refuses('accordion', { accordions: [] })).to.equal(true);
      expect(refuses('accordion', { accordions: [{ default_content: '', hidden_content: '<p>x</p>' }] })).to.equal(true);
      expect(refuses('accordion', { accordions: ROWS, image: 'lobster.jpg' })).to.equal(true);
    });
  });

  describe('accordion feature', () => {
    it('renders heading, intro, rows, image on the chosen side and the link', async () => {
      const props = await propsOf<Parameters<typeof AccordionFeature>[0]>(
        'accordion_feature',
        {
          heading: 'Catering that feeds a crowd',
          intro: '<p>We pack it and label it.</p>',
          accordions: ROWS,
          image: imageId,
          image_position: 'left',
          link: { text: 'Start an order', url: '/catering/' },
        },
        context,
      );
      const html = render(AccordionFeature, props);
      expect(html).to.include('accordion-feature--image-left');
      expect(html).to.include('<h2 class="accordion-feature__heading">Catering that feeds a crowd</h2>');
      expect(html).to.include('<p>We pack it and label it.</p>');
      expect(html).to.include('class="accordion-feature__image"');
      expect(html).to.match(/<a class="button button--primary accordion-feature__link" href="\/catering\/">Start an order<\/a>/);
    });

    it('places the image right by default and leaves out an empty intro and a missing link', async () => {
      const html = render(AccordionFeature, await propsOf('accordion_feature', { heading: 'Catering', accordions: ROWS, image: imageId }, context));
      expect(html).to.include('accordion-feature--image-right');
      expect(html).to.not.include('accordion-feature__intro');
      expect(html).to.not.include('accordion-feature__link');
    });

    it('refuses a feature without its image or heading', () => {
      expect(refuses('accordion_feature', { heading: 'Catering', accordions: ROWS })).to.equal(true);
      expect(refuses('accordion_feature', { heading: '', accordions: ROWS, image: imageId })).to.equal(true);
    });
  });

  describe('alert banner', () => {
    it('defaults to the lobster style and renders the message without a link', async () => {
      const html = render(AlertBanner, await propsOf('alert_banner', { message: '<p><strong>Lobsterfest</strong> is back!</p>' }, context));
      expect(html).to.match(/^<aside class="alert-banner bg-lobster" aria-label="Announcement">/);
      expect(html).to.include('<p><strong>Lobsterfest</strong> is back!</p>');
      expect(html).to.not.include('<a ');
    });

    it('links to a live page by id and takes the other brand colours', async () => {
      const menu = await addChild(db, home, { title: 'Menu', slug: `menu-${uniqueSuffix()}`, pageType: 'content_page', content: { body: [], confirmation: [] } });
      const html = render(
        AlertBanner,
        await propsOf('alert_banner', { message: '<p>Holiday hours</p>', style: 'navy', link: { text: 'See hours', page: menu.id, style: 'secondary' } }, context),
      );
      expect(html).to.include('class="alert-banner alert-banner--navy"');
      expect(html).to.include(`href="/${menu.slug}/"`);
      expect(html).to.include('See hours');
      expect(render(AlertBanner, await propsOf('alert_banner', { message: '<p>x</p>', style: 'blue-chill' }, context))).to.include('bg-blue-chill');
    });

    it('refuses an empty message and an unknown style', () => {
      expect(refuses('alert_banner', { message: '' })).to.equal(true);
      expect(refuses('alert_banner', { message: '<p>x</p>', style: 'neon' })).to.equal(true);
    });
  });

  describe('table', () => {
    const TABLE = {
      caption: 'Catering packages',
      header: ['Package', 'Serves', 'Price'],
      rows: [
        ['Harbor Sampler', '10-12', '$149'],
        ['Lobster Bake', '20-25', '$649'],
      ],
    };

    it('renders caption, column headers and cells in the chosen container width', async () => {
      const html = render(Table, await propsOf('table', { ...TABLE, container_width: 'twoThirds' }, context));
      expect(html).to.include('container-width--twoThirds');
      expect(html).to.match(/<caption id="[^"]+" class="table-block__caption">Catering packages<\/caption>/);
      expect(html).to.match(/role="region" tabindex="0" aria-labelledby="[^"]+"/);
      expect(count(html, '<th scope="col">')).to.equal(3);
      expect(html).to.include('<td>Harbor Sampler</td>');
      expect(html).to.include('<td>$649</td>');
    });

    it('makes the first column row headers on request and leaves the caption out when empty', async () => {
      const html = render(Table, await propsOf('table', { ...TABLE, caption: '', first_column_is_header: true }, context));
      expect(html).to.include('container-width--full');
      expect(html).to.not.include('<caption');
      expect(html).to.include('aria-label="Table"');
      expect(html).to.include('<th scope="row">Harbor Sampler</th>');
    });

    it('refuses rows that do not match the header and an unknown width', () => {
      expect(refuses('table', { ...TABLE, rows: [['Harbor Sampler', '10-12']] })).to.equal(true);
      expect(refuses('table', { ...TABLE, header: [] })).to.equal(true);
      expect(refuses('table', { ...TABLE, container_width: 'wide' })).to.equal(true);
    });
  });

  describe('content grid', () => {
    it('renders a card per item with its image and link only where given', async () => {
      const props = await propsOf<Parameters<typeof ContentGrid>[0]>(
        'content_grid',
        {
          heading: 'Menu favorites',
          container_width: 'half',
          items: [
            { title: 'Steamed Maine Lobster', text: 'With drawn butter.', image: imageId, link: { text: 'View menu', url: '/menu/', style: 'text-link' } },
            { title: 'Birthday dessert', text: 'On us.' },
          ],
        },
        context,
      );
      expect(props.items[0]!.image?.alt).to.equal('');
      const html = render(ContentGrid, props);
      expect(html).to.include('container-width--half');
      expect(html).to.include('<h2 class="content-grid__heading">Menu favorites</h2>');
      expect(count(html, 'class="content-grid__item"')).to.equal(2);
      expect(count(html, '<img')).to.equal(1);
      expect(count(html, 'content-grid__link')).to.equal(1);
      expect(html).to.include('<h3 class="content-grid__title">Birthday dessert</h3>');
    });

    it('refuses an empty grid and an item without a title', () => {
      expect(refuses('content_grid', { items: [] })).to.equal(true);
      expect(refuses('content_grid', { items: [{ title: '' }] })).to.equal(true);
    });
  });

  describe('custom background wrapper', () => {
    it('resolves its nested blocks, struct and list blocks and wrappers included, leaving out bad ones', async () => {
      const props = await propsOf<Parameters<typeof CustomBackgroundWrapper>[0]>(
        'custom_background_wrapper',
        {
          background_style: 'blue-chill',
          container_width: 'twoThirds',
          content: [
            { type: 'heading', id: 'w-heading', value: { text: 'Join Red Harbor Rewards' } },
            { type: 'accordion', id: 'w-accordion', value: { accordions: ROWS } },
            { type: 'no_such_block', id: 'w-unknown', value: {} },
            { type: 'heading', id: 'w-invalid', value: { text: '' } },
            {
              type: 'custom_background_wrapper',
              id: 'w-inner',
              value: { background_image: imageId, content: [{ type: 'rich_text', id: 'w-inner-text', value: { html: '<p>Earn a point per dollar.</p>' } }] },
            },
          ],
        },
        context,
      );
      expect(props.content.map((nested) => nested.id)).to.deep.equal(['w-heading', 'w-accordion', 'w-inner']);
      const html = render(CustomBackgroundWrapper, props);
      expect(html).to.match(/^<div class="custom-background bg-blue-chill">/);
      expect(html).to.include('class="custom-background__content container-width--twoThirds"');
      expect(html).to.include('Join Red Harbor Rewards');
      expect(html).to.include('How much notice do you need?');
      expect(html).to.include('class="custom-background custom-background--image custom-background--image-only"');
      expect(html).to.match(/<img [^>]*alt="" class="custom-background__image"/);
      expect(html).to.include('<p>Earn a point per dollar.</p>');
    });

    it('refuses a wrapper with neither image nor style, or with an unknown style', () => {
      expect(refuses('custom_background_wrapper', { content: [] })).to.equal(true);
      expect(refuses('custom_background_wrapper', { background_style: 'plaid' })).to.equal(true);
      expect(refuses('custom_background_wrapper', { background_style: 'lobster', content: [{ value: {} }] })).to.equal(true);
    });
  });

  describe('FAQs', () => {
    const FAQS = ['Reservations?', 'Allergens?', 'Gift cards?'].map((question) => ({ question, answer: `<p>About ${question}</p><img src=x onerror=alert(1)>` }));

    it('renders questions as details in one column by default, answers sanitized', async () => {
      const html = render(Faqs, await propsOf('faqs', { heading: 'Visiting', faqs: FAQS }, context));
      expect(html).to.include('class="faqs faqs--one-column"');
      expect(html).to.include('<h2 class="faqs__heading">Visiting</h2>');
      expect(count(html, 'class="faqs__column"')).to.equal(1);
      expect(count(html, '<details class="faqs__item">')).to.equal(3);
      expect(html).to.include('<span>Allergens?</span>');
      expect(html).to.include('<p>About Allergens?</p>');
      expect(html).to.not.include('onerror');
    });

    it('splits the list in halves over two columns', async () => {
      const html = render(Faqs, await propsOf('faqs', { layout: 'two-column', faqs: FAQS }, context));
      expect(html).to.include('faqs--two-column');
      expect(html).to.not.include('faqs__heading');
      const columns = html.split('class="faqs__column"').slice(1);
      expect(columns).to.have.length(2);
      expect(count(columns[0]!, '<details')).to.equal(2);
      expect(count(columns[1]!, '<details')).to.equal(1);
      expect(columns[1]).to.include('Gift cards?');
    });

    it('refuses an unknown layout and a question without an answer', () => {
      expect(refuses('faqs', { layout: 'three-column', faqs: FAQS })).to.equal(true);
      expect(refuses('faqs', { faqs: [{ question: 'Open late?', answer: '' }] })).to.equal(true);
    });
  });

  describe('timeline', () => {
    it('renders events in order with images only where given, and header and footer when present', async () => {
      const props = await propsOf<Parameters<typeof Timeline>[0]>(
        'timeline',
        {
          header: '<h2>On the waterfront</h2>',
          footer: '<p>The story continues.</p>',
          events: [
            { year: '1978', content: '<p>A twelve-table shack.</p>', image: imageId },
            { year: '2026', content: '<p>Harbor-view dining rooms.</p>' },
          ],
        },
        context,
      );
      const html = render(Timeline, props);
      expect(html).to.include('class="timeline timeline--alternating"');
      expect(html).to.include('<h2>On the waterfront</h2>');
      expect(html).to.include('<p>The story continues.</p>');
      expect(html.indexOf('1978')).to.be.lessThan(html.indexOf('2026'));
      expect(count(html, '<li class="timeline__event">')).to.equal(2);
      expect(count(html, '<img')).to.equal(1);
    });

    it('takes the stacked layout and leaves out an empty header and footer', async () => {
      const html = render(Timeline, await propsOf('timeline', { layout: 'stacked', events: [{ year: '1983', content: '<p>Biscuits.</p>' }] }, context));
      expect(html).to.include('timeline--stacked');
      expect(html).to.not.include('timeline__header');
      expect(html).to.not.include('timeline__footer');
    });

    it('refuses a timeline without events or an event without a year', () => {
      expect(refuses('timeline', { events: [] })).to.equal(true);
      expect(refuses('timeline', { events: [{ year: '', content: '<p>x</p>' }] })).to.equal(true);
    });
  });

  describe('tabbed features', () => {
    // A function: the image exists only once the suite's before hook has run.
    const tabs = () => [
      { tab_name: 'Fresh Catch', content: '<p>On the board by 11.</p>', image: imageId, link: { text: 'Menu', url: '/menu/' } },
      { tab_name: 'Made From Scratch', content: '<p>Biscuits every hour.</p>' },
    ];

    it('renders WAI-ARIA tabs with the first selected and the other panels hidden', async () => {
      const html = render(TabbedFeatures, await propsOf('tabbed_features', { header_content: '<p>Four promises.</p>', tabs: tabs() }, context));
      expect(html).to.include('<p>Four promises.</p>');
      expect(html).to.include('role="tablist"');
      expect(count(html, 'role="tab"')).to.equal(2);
      expect(html).to.match(/role="tab" id="[^"]+" class="tabbed-features__tab" aria-selected="true" aria-controls="[^"]+" tabindex="0">Fresh Catch/);
      expect(html).to.match(/aria-selected="false" aria-controls="[^"]+" tabindex="-1">Made From Scratch/);
      expect(count(html, 'role="tabpanel"')).to.equal(2);
      expect(count(html, 'hidden=""')).to.equal(1);
      expect(count(html, '<img')).to.equal(1);
      expect(count(html, 'tabbed-features__link')).to.equal(1);
      expect(html).to.include('<p>Biscuits every hour.</p>');
    });

    it('leaves out empty header content', async () => {
      expect(render(TabbedFeatures, await propsOf('tabbed_features', { tabs: tabs().slice(1) }, context))).to.not.include('tabbed-features__header');
    });

    it('refuses no tabs, more than eight and an empty tab name', () => {
      expect(refuses('tabbed_features', { tabs: [] })).to.equal(true);
      expect(refuses('tabbed_features', { tabs: Array.from({ length: 9 }, () => tabs()[1]) })).to.equal(true);
      expect(refuses('tabbed_features', { tabs: [{ tab_name: '', content: '<p>x</p>' }] })).to.equal(true);
    });
  });

  describe('scroll nav menu item', () => {
    it('marks a section with an id made from its title and shows the title, but never the menu on the server', async () => {
      const props = await propsOf<Parameters<typeof ScrollNavMenuItem>[0]>('scroll_nav_menu_item', { title: 'Our Promise', sort_order: 10 }, context);
      expect(props).to.deep.equal({ id: 'section-our-promise', title: 'Our Promise', sortOrder: 10, showTitle: true });
      const html = render(ScrollNavMenuItem, props);
      expect(html).to.equal(
        '<div id="section-our-promise" class="scroll-nav-section" tabindex="-1" data-scroll-nav-section=""><h2 class="scroll-nav-section__title">Our Promise</h2></div>',
      );
    });

    it('uses the anchor when given and can hide the title', async () => {
      const props = await propsOf<Parameters<typeof ScrollNavMenuItem>[0]>('scroll_nav_menu_item', { title: 'Catering', anchor: 'catering', show_title: false }, context);
      expect(props.id).to.equal('catering');
      expect(props.sortOrder).to.equal(0);
      expect(render(ScrollNavMenuItem, props)).to.not.include('<h2');
    });

    it('refuses an anchor that is not a simple slug, and a fractional sort order', () => {
      expect(refuses('scroll_nav_menu_item', { title: 'Catering', anchor: 'Catering Menu' })).to.equal(true);
      expect(refuses('scroll_nav_menu_item', { title: 'Catering', anchor: '1-catering' })).to.equal(true);
      expect(refuses('scroll_nav_menu_item', { title: 'Catering', sort_order: 1.5 })).to.equal(true);
      expect(refuses('scroll_nav_menu_item', { title: '' })).to.equal(true);
    });

    it('keeps the SPEC §9 timings and the SPEC §8 warning', () => {
      expect(SCROLL_THROTTLE_MS).to.equal(100);
      expect(NAV_MENU_READY_TIMEOUT_MS).to.equal(500);
      expect(NAV_MENU_READY_TIMEOUT_MESSAGE).to.equal('navMenuReady timeout exceeded');
    });

    it('registers each section once and lists entries by sort order, ties in page order', () => {
      const registry = createScrollNavRegistry();
      const notified: number[] = [];
      registry.subscribe(() => notified.push(registry.entries().length));
      registry.register({ id: 'visit', title: 'Good to Know', sortOrder: 40 });
      const removePromise = registry.register({ id: 'promise', title: 'Our Promise', sortOrder: 10 });
      registry.register({ id: 'catering', title: 'Catering', sortOrder: 10 });
      const removeDuplicate = registry.register({ id: 'promise', title: 'Promise again', sortOrder: 0 });
      expect(registry.entries().map((entry) => entry.title)).to.deep.equal(['Our Promise', 'Catering', 'Good to Know']);
      removeDuplicate();
      expect(registry.entries()).to.have.length(3);
      removePromise();
      expect(registry.entries().map((entry) => entry.id)).to.deep.equal(['catering', 'visit']);
      expect(notified).to.deep.equal([1, 2, 3, 2]);
    });

    it('throttles to one call per interval and still makes the last call of a burst', async () => {
      let clock = 0;
      let calls = 0;
      const throttled = throttle(
        () => (calls += 1),
        100,
        () => clock,
      );
      throttled.run();
      clock = 30;
      throttled.run();
      throttled.run();
      expect(calls).to.equal(1);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(calls).to.equal(2);
      clock = 500;
      throttled.run();
      expect(calls).to.equal(3);
      clock = 510;
      throttled.run();
      throttled.cancel();
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(calls).to.equal(3);
    });

    it('picks the section whose top passed the line last, and the last one on screen at the bottom', () => {
      const sections = [
        { id: 'promise', top: -900 },
        { id: 'favorites', top: 120 },
        { id: 'catering', top: 700 },
      ];
      expect(activeSectionId(sections, 140, false, 900)).to.equal('favorites');
      expect(activeSectionId(sections, 100, false, 900)).to.equal('promise');
      expect(activeSectionId(sections.slice(1), 100, false, 900)).to.equal(null);
      expect(activeSectionId(sections, 140, true, 900)).to.equal('catering');
    });
  });

  describe('site map and tiered nav', () => {
    let siteRoot: Page;
    let siteContext: BlockContext;
    let about: Page;
    let menu: Page;

    before(async () => {
      siteRoot = (await createTestSite(db)).home;
      siteContext = { ...context, siteRoot };
      const child = (parent: Page, title: string, extra: Partial<Parameters<typeof addChild>[2]> = {}) =>
        addChild(db, parent, { title, pageType: 'content_page', content: { body: [], confirmation: [] }, ...extra });
      about = await child(siteRoot, 'About Us');
      await child(about, 'Our Story');
      const careers = await child(about, 'Careers');
      await child(careers, 'Restaurant Jobs');
      await child(about, 'Draft Page', { live: false });
      menu = await child(siteRoot, 'Menu');
      await child(menu, 'Lobsterfest');
      await child(siteRoot, 'Catering');
      const thanks = await addChild(db, siteRoot, { title: 'Thank You', pageType: 'noindex_page', content: {} });
      await child(thanks, 'Under A Noindex Page');
      const expired = await child(siteRoot, 'Last Summer');
      await db.updateTable('pages').set({ expired: true }).where('id', '=', expired.id).execute();
      await addChild(db, home, { title: 'Another Site Page', pageType: 'content_page', content: { body: [], confirmation: [] } });
    });

    const titles = (entries: SitemapEntry[]): unknown[] => entries.map((entry) => (entry.children.length ? [entry.title, titles(entry.children)] : entry.title));

    it('nests the live, listable pages of this site only, with their addresses in the site', async () => {
      const props = await propsOf<Parameters<typeof Sitemap>[0]>('sitemap', { heading: 'All pages' }, siteContext);
      expect(titles(props.pages)).to.deep.equal([['Test Home', [['About Us', ['Our Story', ['Careers', ['Restaurant Jobs']]]], ['Menu', ['Lobsterfest']], 'Catering']]]);
      expect(props.pages[0]!.url).to.equal('/');
      expect(props.pages[0]!.children[0]!.children[1]!.url).to.equal(`/${about.slug}/careers/`);
      const html = render(Sitemap, props);
      expect(html).to.match(/^<nav class="sitemap" aria-label="All pages"><h2 class="sitemap__heading">All pages<\/h2>/);
      expect(html).to.include(`<a href="/${menu.slug}/lobsterfest/" class="sitemap__link">Lobsterfest</a>`);
      expect(html).to.include('sitemap__list--depth-3');
    });

    it('labels the navigation when there is no heading', async () => {
      const html = render(Sitemap, await propsOf('sitemap', {}, siteContext));
      expect(html).to.include('aria-label="Site map"');
      expect(html).to.not.include('<h2');
    });

    it('builds tier one from the root page children and tier two from theirs, the first group open', async () => {
      const props = await propsOf<Parameters<typeof TieredNav>[0]>('tiered_nav', { heading: 'Explore', root_page: siteRoot.id }, siteContext);
      expect(props.tierOneLinks.map((link) => link.title)).to.deep.equal(['About Us', 'Menu', 'Catering']);
      expect(props.tierTwoLinks).to.deep.equal([
        {
          parent: about.id,
          links: [
            { id: props.tierTwoLinks[0]!.links[0]!.id, url: `/${about.slug}/our-story/`, title: 'Our Story' },
            { id: props.tierTwoLinks[0]!.links[1]!.id, url: `/${about.slug}/careers/`, title: 'Careers' },
          ],
        },
        { parent: menu.id, links: [{ id: props.tierTwoLinks[1]!.links[0]!.id, url: `/${menu.slug}/lobsterfest/`, title: 'Lobsterfest' }] },
      ]);
      const html = render(TieredNav, props);
      expect(html).to.include('<h2 class="tiered-nav__heading">Explore</h2>');
      expect(html).to.match(/<button type="button" class="tiered-nav__tier-one-link" aria-expanded="true" aria-controls="[^"]+"><span>About Us<\/span>/);
      expect(html).to.match(/aria-expanded="false" aria-controls="[^"]+"><span>Menu<\/span>/);
      expect(html).to.include('<a href="/catering/" class="tiered-nav__tier-one-link">Catering</a>');
      expect(count(html, 'class="tiered-nav__tier-two"')).to.equal(2);
      expect(count(html, 'hidden=""')).to.equal(1);
      expect(html).to.include(`<a href="/${about.slug}/" class="tiered-nav__overview">Go to About Us`);
    });

    it('starts at the site root when no root page is chosen', async () => {
      const props = await propsOf<Parameters<typeof TieredNav>[0]>('tiered_nav', {}, siteContext);
      expect(props.rootPage?.url).to.equal('/');
      expect(props.tierOneLinks).to.have.length(3);
    });

    it('renders nothing for a root page that is gone, unpublished or in another site', async () => {
      const draft = await addChild(db, siteRoot, { title: 'Draft Root', pageType: 'content_page', live: false, content: { body: [], confirmation: [] } });
      for (const rootPage of [draft.id, 999_999_999, home.id]) {
        const props = await propsOf<Parameters<typeof TieredNav>[0]>('tiered_nav', { root_page: rootPage }, siteContext);
        expect(props).to.deep.include({ rootPage: null, tierOneLinks: [], tierTwoLinks: [] });
        expect(render(TieredNav, props)).to.equal('');
      }
      expect(refuses('tiered_nav', { root_page: 'home' })).to.equal(true);
    });
  });

  describe('contact details', () => {
    const settings = {
      ...DEFAULT_SITE_SETTINGS,
      nationalPhone: '1-877-555-0123',
      guestRelationsHours: 'weekdays from 8 a.m. to 6 p.m. Pacific',
      privateDiningGuests: { min: 10, max: 30 },
    };
    const withSettings = (): BlockContext => ({ ...context, siteSettings: async () => settings });

    it('shows the phone number, its hours and the private room sizes of the site settings', async () => {
      const value = { heading: 'Still have a question?', text: '<p>We can help.<script>alert(1)</script></p>', show_private_dining: true };
      const html = render(ContactDetails, await propsOf('contact_details', value, withSettings()));
      expect(html).to.include('<h2 class="contact-details__heading">Still have a question?</h2>');
      expect(html).to.include('<p>We can help.</p>');
      expect(html).to.not.include('<script>');
      expect(html).to.include('Call us at <a href="tel:18775550123">1-877-555-0123</a>, weekdays from 8 a.m. to 6 p.m. Pacific.');
      expect(html).to.include('Private dining rooms for 10 to 30 guests.');
    });

    it('leaves out the hours and room sizes when not asked for, and shows the defaults outside a site', async () => {
      const html = render(ContactDetails, await propsOf('contact_details', { show_hours: false }, withSettings()));
      expect(html).to.include('Call us at <a href="tel:18775550123">1-877-555-0123</a>.');
      expect(html).to.not.include('contact-details__heading');
      expect(html).to.not.include('Private dining');
      const fallback = render(ContactDetails, await propsOf('contact_details', {}, context));
      expect(fallback).to.include(`>${DEFAULT_SITE_SETTINGS.nationalPhone}</a>, ${DEFAULT_SITE_SETTINGS.guestRelationsHours}.`);
    });
  });

  describe('demo pages', () => {
    interface StoredBlock {
      type: string;
      id: string;
      value: Record<string, unknown>;
    }
    const images = (id: (index: number) => number) => Object.fromEntries(DEMO_IMAGE_NAMES.map((name, index) => [name, id(index)])) as Record<DemoImageName, number>;
    const pages = demoTextPages({ images: images((index) => index + 1), menuDownloadUrl: '/documents/1/menu.pdf' }, { tieredNavigationId: 1, toolboxSnippetId: 1 });
    const blocksOf = (stream: unknown): StoredBlock[] =>
      (stream as StoredBlock[]).flatMap((stored) => [stored, ...(stored.type === 'custom_background_wrapper' ? blocksOf(stored.value.content) : [])]);
    const demoBlocks = pages.flatMap((page) => blocksOf(page.content.body));

    it('are content pages whose every block, nested ones included, has a valid value and a stable unique id', () => {
      expect(pages.map((page) => page.slug)).to.deep.equal(['faq', 'our-history', 'why-red-harbor', 'site-map']);
      for (const page of pages) {
        expect(page.pageType).to.equal('content_page');
        expect(page.content.confirmation).to.deep.equal([]);
      }
      for (const stored of demoBlocks) expect(block(stored.type).schema.safeParse(stored.value).success, `${stored.id} (${stored.type})`).to.equal(true);
      const ids = demoBlocks.map((stored) => stored.id);
      expect(new Set(ids).size).to.equal(ids.length);
      expect(
        demoTextPages({ images: images(() => 1), menuDownloadUrl: '/documents/1/menu.pdf' }, { tieredNavigationId: 1, toolboxSnippetId: 1 }).flatMap((page) =>
          blocksOf(page.content.body).map((stored) => stored.id),
        ),
      ).to.deep.equal(ids);
    });

    it('show every text and structure block', () => {
      expect([...new Set(demoBlocks.map((stored) => stored.type))]).to.have.members(TEXT_BLOCKS.map((definition) => definition.type));
    });
  });
});
