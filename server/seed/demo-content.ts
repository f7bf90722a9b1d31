import type { Logger } from 'pino';
import type { Page } from '../db/schema';
import type { MediaStorage } from '../media-storage';
import { createImage, type FocalPoint } from '../models/images';
import { DEMO_IMAGE_NAMES, DEMO_IMAGES, generateDemoImage, type DemoImageName } from './artwork';
import { demoHomeBody, demoMediaPages } from './demo-media';
import { seedPressSection, demoTemplatePages } from './demo-press';
import { demoLocations, insertDemoLocations } from './demo-locations';
import { seedDemoWaitlists } from './demo-waitlists';
import { seedDemoWorkflows } from './demo-workflows';
import { seedDemoSnippets } from './demo-snippets';
import { demoMenuPage } from './demo-menu';
import { demoTextPages, TERMS_PAGE } from './demo-text';
import { demoMenuPdf } from './menu-pdf';
import type { DemoPage, DemoRefs } from './demo-types';
import { demoVideoPages, seedDemoVideo } from './demo-video';
import type { FooterContent, HeaderContent, LinkType, MenuLink } from '../../client/lib/page-data';
import { FOOTER_PAGE_TYPE } from '../pagetypes/footer-page';
import type { Db } from '../db/database';
import type { StreamValue } from '../blocks/stream';
import { withTransaction } from '../db/transaction';
import { createDocument, documentUrl } from '../models/documents';
import { addChild, createRootPage, getPageOrThrow, getRootPage, publishRevision, saveRevision, snapshotOfPage } from '../models/pages';
import { DEFAULT_SITE_SETTINGS, saveSiteSettings } from '../models/site-settings';
import { createSite } from '../models/sites';

let blockCounter = 0;
function block(type: string, value: Record<string, unknown>): StreamValue[number] {
  blockCounter += 1;
  return { type, value, id: `demo-${type}-${blockCounter}` };
}

const CONTENT_PAGES: Array<{ title: string; slug: string; showInMenus: boolean; searchDescription: string; body: StreamValue }> = [
  {
    title: 'Our Story',
    slug: 'our-story',
    showInMenus: true,
    searchDescription: 'How a single harbor-side seafood shack grew into a family of Red Harbor restaurants.',
    body: [
      block('rich_text', {
        alignment: 'left',
        html: '<p>Red Harbor started as a twelve-table seafood shack on the docks in 1978. Our founders believed that everyone should be able to enjoy fresh, well-prepared seafood at a fair price, in a place that feels like a day at the shore.</p><p>More than four decades later, that idea still guides every kitchen: we source responsibly, cook to order and treat every guest like a neighbor.</p>',
      }),
      block('heading', { text: 'Responsibly sourced', level: 'h2', alignment: 'left' }),
      block('rich_text', {
        alignment: 'left',
        html: '<p>We work with fisheries and farms that meet independent sustainability standards, and we trace every species we serve back to where it was caught or raised.</p>',
      }),
    ],
  },
  {
    title: 'Catering',
    slug: 'catering',
    showInMenus: true,
    searchDescription: 'Shrimp platters, biscuits and seafood feasts for offices, parties and family gatherings.',
    body: [
      block('rich_text', {
        alignment: 'left',
        html: '<p>Feed a crowd with Red Harbor catering: shrimp platters, salads, wood-grilled entr\u00e9es and, of course, Cheddar Harbor Biscuits by the dozen. Orders of 10 to 200 guests, ready for pick-up or delivery.</p>',
      }),
      block('contact_details', {
        heading: 'Plan your event',
        text: '<p>A catering specialist will help you choose the menu and the quantities.</p>',
        show_hours: true,
        show_private_dining: false,
      }),
    ],
  },
  {
    title: 'Careers',
    slug: 'careers',
    showInMenus: true,
    searchDescription: 'Join the crew: restaurant and support-center careers at Red Harbor.',
    body: [
      block('rich_text', {
        alignment: 'left',
        html: '<p>Whether you are starting your first job or running a kitchen, there is a place for you on our crew. We offer flexible schedules, meals on shift, tuition help and a clear path from server to general manager.</p>',
      }),
    ],
  },
];

const link = (display_name: string, url: string, link_type: LinkType = 'internal') => ({ display_name, url, link_type });

/** The demo site's footer: its columns, social row, legal text and regions. */
export const DEMO_FOOTER: FooterContent = {
  columns: [
    {
      title: 'About Red Harbor',
      is_collapsable: true,
      links: [
        link('Our Story', '/our-story/'),
        link('Our History', '/our-history/'),
        link('Why Red Harbor', '/why-red-harbor/'),
        link('Careers', '/careers/'),
        link('Press Room', '/press/'),
      ],
    },
    {
      title: 'Guest Services',
      is_collapsable: true,
      links: [
        link('Contact Us', '/contact-us/'),
        link('FAQ', '/faq/'),
        link('Gift Cards & Offers', '/gift-cards-offers/'),
        link('Catering', '/catering/'),
        link('Private Dining', '/private-dining/'),
      ],
    },
    {
      title: 'Stay in Touch',
      is_collapsable: true,
      links: [
        link('Email Sign Up', '/email-signup/'),
        link('Email Preferences', '/email-preferences/'),
        link('Watch: Dock to Dish', '/watch/'),
        link('Site Map', '/site-map/'),
        link('Investor Relations', 'https://investors.redharbor.example/', 'external'),
      ],
    },
  ],
  social_media: [
    { icon: 'facebook', link: 'https://www.facebook.com/redharbor.example' },
    { icon: 'instagram', link: 'https://www.instagram.com/redharbor.example' },
    { icon: 'twitter', link: 'https://x.com/redharbor_example' },
    { icon: 'youtube', link: 'https://www.youtube.com/@redharbor.example' },
    { icon: 'tiktok', link: 'https://www.tiktok.com/@redharbor.example' },
    { icon: 'pinterest', link: 'https://www.pinterest.com/redharbor_example' },
    { icon: 'linkedin', link: 'https://www.linkedin.com/company/redharbor-example' },
  ],
  use_old_twitter_logo: false,
  legal_text:
    '<p>\u00a9 2026 Red Harbor Restaurants, LLC. All rights reserved. Prices and participation may vary by location. Red Harbor and the lighthouse logo are trademarks of Red Harbor Restaurants, LLC.</p>',
  region_nav: {
    regions: [
      { id: 1, title: 'United States', url: 'https://www.redharbor.example/' },
      { id: 2, title: 'Canada', url: 'https://www.redharbor.example/ca/' },
    ],
  },
};

const menuLink = (display_name: string, url: string, children: MenuLink[] = [], link_type: LinkType = 'internal'): MenuLink => ({
  display_name,
  url,
  link_type,
  link_style: 'default',
  children,
});

/** The new header's navigation; shown when OLO_NEW_HEADER is on. */
export const DEMO_HEADER: HeaderContent = {
  sections: [
    {
      role: 'primary',
      title: '',
      links: [
        menuLink('Menu', '/menu/'),
        menuLink('About Us', '/our-story/', [
          menuLink('Our Story', '/our-story/'),
          menuLink('Our History', '/our-history/'),
          menuLink('Why Red Harbor', '/why-red-harbor/'),
          menuLink('Careers', '/careers/'),
        ]),
        menuLink('Catering', '/catering/', [menuLink('Catering', '/catering/'), menuLink('Private Dining', '/private-dining/')]),
        menuLink('Gift Cards', '/gift-cards-offers/'),
        menuLink('Press', '/press/'),
      ],
    },
    {
      role: 'secondary',
      title: 'Guest Services',
      links: [menuLink('Contact Us', '/contact-us/'), menuLink('FAQ', '/faq/'), menuLink('Email Sign Up', '/email-signup/')],
    },
    {
      role: 'social',
      title: 'Follow us',
      links: [menuLink('Facebook', 'https://www.facebook.com/redharbor.example', [], 'external'), menuLink('Instagram', 'https://www.instagram.com/redharbor.example', [], 'external')],
    },
  ],
  map_page_url: null,
};

/** The generated demo artwork as images and the printable menu as a document, for the pages to use. */
async function seedDemoLibrary(db: Db, storage: MediaStorage): Promise<DemoRefs> {
  const images: Partial<Record<DemoImageName, number>> = {};
  for (const name of DEMO_IMAGE_NAMES) {
    const image: { title: string; focalPoint?: FocalPoint } = DEMO_IMAGES[name];
    images[name] = (await createImage(db, storage, { title: image.title, bytes: await generateDemoImage(name), focalPoint: image.focalPoint })).id;
  }
  const brand = DEFAULT_SITE_SETTINGS.brandName;
  const menu = await createDocument(db, storage, { title: `${brand} Menu`, filename: 'red-harbor-menu.pdf', bytes: await demoMenuPdf(brand) });
  return { images: images as Record<DemoImageName, number>, menuDownloadUrl: documentUrl(menu) };
}

/**
 * Publishes the home page's body. It is written last because its 'In the news' grid lists the
 * press release list page, which exists only once the press room is seeded.
 */
async function publishHomeBody(db: Db, home: Page, refs: DemoRefs, pressReleases: Page): Promise<void> {
  const current = await getPageOrThrow(db, home.id);
  const revision = await saveRevision(db, current, { ...snapshotOfPage(current), content: { body: demoHomeBody(refs, pressReleases.id) } });
  await publishRevision(db, revision.id);
}

/** Adds the pages the feature areas contribute to the demo, each under the home page. */
async function addDemoPages(db: Db, parent: Page, pages: DemoPage[]): Promise<void> {
  for (const page of pages) {
    const added = await addChild(db, parent, {
      title: page.title,
      slug: page.slug,
      pageType: page.pageType,
      showInMenus: page.showInMenus,
      searchDescription: page.searchDescription,
      content: page.content,
    });
    if (page.children) await addDemoPages(db, added, page.children);
  }
}

/**
 * The locations directory pages (country, city, local page, map). The restaurants they list
 * come from the locations data; these pages give the directory its addresses.
 */
async function seedLocationDirectory(db: Db, home: Page): Promise<void> {
  const restaurants = await addChild(db, home, {
    title: 'Seafood Restaurants',
    slug: 'seafood-restaurants',
    pageType: 'content_page',
    searchDescription: 'Find a Red Harbor seafood restaurant near you in the United States or Canada.',
    content: { body: [block('rich_text', { alignment: 'left', html: '<p>Choose a country to browse Red Harbor restaurants by state or province and city.</p>' })], confirmation: [] },
  });
  const unitedStates = await addChild(db, restaurants, { title: 'United States', slug: 'locations', pageType: 'locations_state_list_page', content: { country: 'United States' } });
  await addChild(db, restaurants, { title: 'Canada', slug: 'canada', pageType: 'locations_state_list_page', content: { country: 'Canada' } });
  const portland = await addChild(db, unitedStates, {
    title: 'Portland, ME',
    slug: 'portland-me',
    pageType: 'locations_city_page',
    content: { city: 'Portland', state: 'ME', country: 'United States' },
  });
  // A hand-made local page for the Portland restaurant of the demo chain, shown in place of the directory's own.
  const portlandRestaurant = demoLocations().find((location) => location.city === 'Portland' && location.state === 'ME');
  await addChild(db, portland, { title: 'Red Harbor Portland Waterfront', slug: 'portland-waterfront', pageType: 'location_page', content: { rlid: portlandRestaurant?.rlid ?? null } });
  await addChild(db, home, { title: 'Find a Red Harbor', slug: 'locations-map', pageType: 'locations_map_page', content: {} });
}

/**
 * Creates the demo site when the database has no page tree yet; returns whether it did.
 * Safe to call on every start.
 */
export async function seedDemoContentIfEmpty(db: Db, storage: MediaStorage, logger: Logger, sitePort: number): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    if (await getRootPage(tx)) return false;
    const refs = await seedDemoLibrary(tx, storage);
    const root = await createRootPage(tx, { title: 'Root' });
    const home = await addChild(tx, root, {
      title: 'Home',
      slug: 'home',
      pageType: 'home_page',
      seoTitle: 'Red Harbor | Fresh Seafood Restaurants',
      searchDescription: 'Fresh fish, lobster and shrimp, cooked to order at Red Harbor seafood restaurants across the US and Canada.',
      content: { body: [] },
    });
    for (const page of CONTENT_PAGES) {
      await addChild(tx, home, {
        title: page.title,
        slug: page.slug,
        pageType: 'content_page',
        showInMenus: page.showInMenus,
        searchDescription: page.searchDescription,
        content: { body: page.body, confirmation: [] },
      });
    }
    await addChild(tx, home, { title: 'Thank You', slug: 'thank-you', pageType: 'noindex_page', content: {} });
    await addChild(tx, home, { title: 'Footer', slug: 'footer', pageType: FOOTER_PAGE_TYPE, content: { ...DEMO_FOOTER } });
    const { videoId } = await seedDemoVideo(tx, storage, refs);
    const snippets = await seedDemoSnippets(tx, refs);
    await addDemoPages(tx, home, [
      ...demoMediaPages(refs),
      ...demoTextPages(refs, snippets),
      ...demoVideoPages({ ...refs, videoId }),
      ...demoTemplatePages(refs),
      demoMenuPage(refs),
      TERMS_PAGE,
    ]);
    const pressReleases = await seedPressSection(tx, storage, home, refs);
    await seedLocationDirectory(tx, home);
    await insertDemoLocations(tx);
    await seedDemoWaitlists(
      tx,
      demoLocations().map((location) => location.rlid),
    );
    await seedDemoWorkflows(tx, home);
    await publishHomeBody(tx, home, refs, pressReleases);
    const site = await createSite(tx, { hostname: 'localhost', port: sitePort, siteName: 'Red Harbor', rootPageId: home.id, isDefault: true });
    await saveSiteSettings(tx, site.id, { ...DEFAULT_SITE_SETTINGS, header: DEMO_HEADER });
    logger.info({ siteId: site.id }, 'Demo content created');
    return true;
  });
}
