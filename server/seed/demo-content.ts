import type { Logger } from 'pino';
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

/**
 * Creates the demo site when the database has no page tree yet; returns whether it did.
 * Safe to call on every start.
 */
export async function seedDemoContentIfEmpty(db: Db, logger: Logger): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    if (await getRootPage(tx)) return false;
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
    const site = await createSite(tx, { hostname: 'localhost', port: 80, siteName: 'Red Harbor', rootPageId: home.id, isDefault: true });
    await saveSiteSettings(tx, site.id, DEFAULT_SITE_SETTINGS);
    logger.info({ siteId: site.id }, 'Demo content created');
    return true;
  });
}
