import type { Logger } from 'pino';
import type { NavLink, SiteChrome } from '../client/lib/page-data';
import type { Db } from './db/database';
import type { Page, Site } from './db/schema';
import { getChildren } from './models/pages';
import { DEFAULT_SITE_SETTINGS, getSiteSettings } from './models/site-settings';

/** The public URL of a page within the site whose root is `siteRoot`. */
export function pageUrlWithinSite(page: Pick<Page, 'url_path'>, siteRoot: Pick<Page, 'url_path'>): string {
  return '/' + page.url_path.slice(siteRoot.url_path.length);
}

/** Settings plus the menu (live children of the site root marked show in menus). */
export async function loadSiteChrome(db: Db, site: Site, siteRoot: Page, logger: Logger): Promise<SiteChrome> {
  const [settings, children] = await Promise.all([getSiteSettings(db, site.id, logger), getChildren(db, siteRoot, { liveOnly: true })]);
  const menu: NavLink[] = children
    .filter((child) => child.show_in_menus)
    .map((child) => ({ url: pageUrlWithinSite(child, siteRoot), title: child.title }));
  return { ...settings, menu };
}

/** The chrome shown when no site matches at all (an empty database). */
export const FALLBACK_SITE_CHROME: SiteChrome = { ...DEFAULT_SITE_SETTINGS, menu: [] };
