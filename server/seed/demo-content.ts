import type { Logger } from 'pino';
import type { MediaStorage } from '../media-storage';
import { createImage, type FocalPoint } from '../models/images';
import { DEMO_IMAGE_NAMES, DEMO_IMAGES, generateDemoImage } from './artwork';
import type { FooterContent, HeaderContent, LinkType, MenuLink } from '../../client/lib/page-data';
import { FOOTER_PAGE_TYPE } from '../pagetypes/footer-page';
import type { Db } from '../db/database';
import type { StreamValue } from '../blocks/stream';
import { withTransaction } from '../db/transaction';
import { addChild, createRootPage, getRootPage } from '../models/pages';
import { DEFAULT_SITE_SETTINGS, saveSiteSettings } from '../models/site-settings';
import { createSite } from '../models/sites';

let blockCounter = 0;
function block(type: string, value: Record<string, unknown>): StreamValue[number] {
  blockCounter += 1;
  return { type, value, id: `demo-${type}-${blockCounter}` };
}

const HOME_BODY: StreamValue = [
  block('heading', { text: 'Seafood worth the trip to the harbor', level: 'h2', alignment: 'center' }),
  block('rich_text', {
    alignment: 'center',
    html: '<p>Since 1978, Red Harbor has brought the day\u2019s catch from the dock to your table: wild-caught shrimp, Maine lobster, Gulf oysters and our famous Cheddar Harbor Biscuits, baked fresh every hour.</p>',
  }),
  block('heading', { text: 'Fresh catch, every day', level: 'h3', alignment: 'left' }),
  block('rich_text', {
    alignment: 'left',
    html: '<p>Our fishmongers buy whole fish at auction each morning and cut it in our kitchens. Ask your server what came in today, or see what\u2019s on the <a href="/our-story/">Fresh Catch board</a> at your local Red Harbor.</p><ul><li>Wood-grilled salmon and rainbow trout</li><li>Snow crab and lobster by the pound</li><li>Gluten-sensitive and kids\u2019 menus at every restaurant</li></ul>',
  }),
];

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
        html: '<p>Feed a crowd with Red Harbor catering: shrimp platters, salads, wood-grilled entr\u00e9es and, of course, Cheddar Harbor Biscuits by the dozen. Orders of 10 to 200 guests, ready for pick-up or delivery.</p><p>Call <a href="tel:18005550142">1-800-555-0142</a> to plan your event with a catering specialist.</p>',
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

const FOOTER: FooterContent = {
  columns: [
    {
      title: 'About Red Harbor',
      is_collapsable: true,
      links: [link('Our Story', '/our-story/'), link('Careers', '/careers/'), link('Catering', '/catering/'), link('Menu', '/menu/')],
    },
    {
      title: 'Guest Services',
      is_collapsable: true,
      links: [
        link('Gift Cards', 'https://gifts.redharbor.example/', 'external'),
        link('Catering', '/catering/'),
      ],
    },
    {
      title: 'Our Company',
      is_collapsable: true,
      links: [link('Investor Relations', 'https://investors.redharbor.example/', 'external'), link('Careers', '/careers/')],
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
const HEADER: HeaderContent = {
  sections: [
    {
      role: 'primary',
      title: '',
      links: [
        menuLink('Menu', '/menu/'),
        menuLink('About Us', '/our-story/', [menuLink('Our Story', '/our-story/'), menuLink('Careers', '/careers/')]),
        menuLink('Catering', '/catering/'),
        menuLink('Gift Cards', 'https://gifts.redharbor.example/', [], 'external'),
      ],
    },
    { role: 'secondary', title: 'More', links: [menuLink('Careers', '/careers/')] },
    {
      role: 'social',
      title: 'Follow us',
      links: [
        menuLink('Facebook', 'https://www.facebook.com/redharbor.example', [], 'external'),
        menuLink('Instagram', 'https://www.instagram.com/redharbor.example', [], 'external'),
      ],
    },
  ],
  map_page_url: null,
};

/** The generated demo artwork as images in the library, for the pages to use. */
async function seedDemoImages(db: Db, storage: MediaStorage): Promise<void> {
  for (const name of DEMO_IMAGE_NAMES) {
    const image: { title: string; focalPoint?: FocalPoint } = DEMO_IMAGES[name];
    await createImage(db, storage, { title: image.title, bytes: await generateDemoImage(name), focalPoint: image.focalPoint });
  }
}

/**
 * Creates the demo site when the database has no page tree yet; returns whether it did.
 * Safe to call on every start.
 */
export async function seedDemoContentIfEmpty(db: Db, storage: MediaStorage, logger: Logger): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    if (await getRootPage(tx)) return false;
    await seedDemoImages(tx, storage);
    const root = await createRootPage(tx, { title: 'Root' });
    const home = await addChild(tx, root, {
      title: 'Home',
      slug: 'home',
      pageType: 'home_page',
      seoTitle: 'Red Harbor | Fresh Seafood Restaurants',
      searchDescription: 'Fresh fish, lobster and shrimp, cooked to order at Red Harbor seafood restaurants across the US and Canada.',
      content: { body: HOME_BODY },
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
    await addChild(tx, home, { title: 'Menu', slug: 'menu', pageType: 'blank_page', showInMenus: true, content: {} });
    await addChild(tx, home, { title: 'Thank You', slug: 'thank-you', pageType: 'noindex_page', content: {} });
    await addChild(tx, home, { title: 'Footer', slug: 'footer', pageType: FOOTER_PAGE_TYPE, content: { ...FOOTER } });
    const site = await createSite(tx, { hostname: 'localhost', port: 80, siteName: 'Red Harbor', rootPageId: home.id, isDefault: true });
    await saveSiteSettings(tx, site.id, { ...DEFAULT_SITE_SETTINGS, header: HEADER });
    logger.info({ siteId: site.id }, 'Demo content created');
    return true;
  });
}
