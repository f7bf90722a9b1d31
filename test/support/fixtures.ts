import { randomBytes } from 'node:crypto';
import type { FooterContent } from '../../client/lib/page-data';
import type { Db } from '../../server/db/database';
import { FOOTER_PAGE_TYPE } from '../../server/pagetypes/footer-page';
import type { Page, Site } from '../../server/db/schema';
import { addChild, createRootPage, getRootPage } from '../../server/models/pages';
import { saveSiteSettings, DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../server/models/site-settings';
import { createSite } from '../../server/models/sites';

/** A short random suffix that keeps fixture slugs and hostnames unique across tests. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** The tree root, created when this is the first test to need it. */
export async function ensureRoot(db: Db): Promise<Page> {
  return (await getRootPage(db)) ?? createRootPage(db, { title: 'Root' });
}

/** A site of its own for one test: a home page under the root and a unique hostname. */
export interface TestSite {
  site: Site;
  home: Page;
  hostname: string;
}

/** Creates a home page and a site for it at `{slug}.test`. */
export async function createTestSite(
  db: Db,
  options: { homeBody?: unknown[]; settings?: Partial<SiteSettings>; seoTitle?: string; searchDescription?: string } = {},
): Promise<TestSite> {
  const slug = `site-${uniqueSuffix()}`;
  const root = await ensureRoot(db);
  const home = await addChild(db, root, {
    title: 'Test Home',
    slug,
    pageType: 'home_page',
    seoTitle: options.seoTitle,
    searchDescription: options.searchDescription,
    content: { body: options.homeBody ?? [] },
  });
  const hostname = `${slug}.test`;
  const site = await createSite(db, { hostname, port: 80, siteName: slug, rootPageId: home.id });
  await saveSiteSettings(db, site.id, { ...DEFAULT_SITE_SETTINGS, ...options.settings });
  return { site, home, hostname };
}

/** A footer page with this content under the test site's home. */
export async function addFooterPage(db: Db, home: Page, content: FooterContent): Promise<Page> {
  return addChild(db, home, { title: 'Footer', slug: 'footer', pageType: FOOTER_PAGE_TYPE, content: { ...content } });
}

/** Footer content with one collapsible and one fixed column, a social row and two regions. */
export function sampleFooter(overrides: Partial<FooterContent> = {}): FooterContent {
  return {
    columns: [
      {
        title: 'About Us',
        is_collapsable: true,
        links: [
          { url: '/our-story/', display_name: 'Our Story', link_type: 'internal' },
          { url: 'https://jobs.example.com/', display_name: 'Jobs', link_type: 'external' },
        ],
      },
      { title: 'Help', is_collapsable: false, links: [{ url: '/help/', display_name: 'Help Center', link_type: 'internal' }] },
    ],
    social_media: [
      { icon: 'twitter', link: 'https://x.com/example' },
      { icon: 'facebook', link: 'https://facebook.com/example' },
    ],
    use_old_twitter_logo: false,
    legal_text: '<p>Legal <strong>fine print</strong><script>alert(1)</script></p>',
    region_nav: {
      regions: [
        { id: 1, title: 'United States', url: '/us/' },
        { id: 2, title: 'Canada', url: '/ca/' },
      ],
    },
    ...overrides,
  };
}
