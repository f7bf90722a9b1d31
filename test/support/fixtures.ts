import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/database';
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
