import type { Logger } from 'pino';
import type { NavLink, SiteChrome } from '../client/lib/page-data';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Page, Site } from './db/schema';
import { footerContentSchema } from './models/chrome-content';
import { findLiveDescendantOfType } from './models/pages';
import { publicListablePages } from './models/public-pages';
import { DEFAULT_SITE_SETTINGS, getSiteSettings, usesNewHeader, type SiteSettings } from './models/site-settings';
import { FOOTER_PAGE_TYPE, footerProps } from './pagetypes/footer-page';
import { LOCATIONS_MAP_PAGE_TYPE } from './pagetypes/locations-map-page';

/** The public URL of a page within the site whose root is `siteRoot`. */
export function pageUrlWithinSite(page: Pick<Page, 'url_path'>, siteRoot: Pick<Page, 'url_path'>): string {
  return '/' + page.url_path.slice(siteRoot.url_path.length);
}

/** What the chrome needs from the configuration. */
export type ChromeConfig = Pick<Config, 'OLO_NEW_HEADER' | 'ACCESSIBILITY_SERVICE_URL' | 'GOOGLE_MAPS_API_KEY'>;

function chromeFrom(settings: SiteSettings, config: ChromeConfig, parts: Pick<SiteChrome, 'menu' | 'footer' | 'locatorUrl'>): SiteChrome {
  return {
    brandName: settings.brandName,
    tagline: settings.tagline,
    nationalPhone: settings.nationalPhone,
    accountLoginUrl: settings.accountLoginUrl,
    header: usesNewHeader(settings, config.OLO_NEW_HEADER) ? settings.header : null,
    accessibilityServiceUrl: config.ACCESSIBILITY_SERVICE_URL ?? null,
    googleMapsApiKey: config.GOOGLE_MAPS_API_KEY ?? null,
    ...parts,
  };
}

/**
 * Settings, the legacy menu (public children of the site root marked show in menus) and the
 * footer (the site's footer page); a footer page with invalid content is logged and skipped.
 */
export async function loadSiteChrome(db: Db, site: Site, siteRoot: Page, config: ChromeConfig, logger: Logger): Promise<SiteChrome> {
  const [settings, children, footerPage, locatorPage] = await Promise.all([
    getSiteSettings(db, site.id, logger),
    publicListablePages(db, { siteRoot, under: siteRoot, levels: 1 }),
    findLiveDescendantOfType(db, siteRoot, FOOTER_PAGE_TYPE),
    findLiveDescendantOfType(db, siteRoot, LOCATIONS_MAP_PAGE_TYPE),
  ]);
  const menu: NavLink[] = children.filter((child) => child.show_in_menus).map((child) => ({ url: pageUrlWithinSite(child, siteRoot), title: child.title }));
  const footerContent = footerPage ? footerContentSchema.safeParse(footerPage.content) : undefined;
  if (footerContent && !footerContent.success) {
    logger.warn({ pageId: footerPage!.id, issues: footerContent.error.issues }, 'Footer page content is invalid; footer left out');
  }
  return chromeFrom(settings, config, {
    menu,
    footer: footerContent?.success ? footerProps(footerContent.data) : null,
    locatorUrl: locatorPage ? pageUrlWithinSite(locatorPage, siteRoot) : null,
  });
}

/** The chrome shown when no site matches at all (an empty database). */
export function fallbackSiteChrome(config: ChromeConfig): SiteChrome {
  return chromeFrom(DEFAULT_SITE_SETTINGS, config, { menu: [], footer: null, locatorUrl: null });
}
