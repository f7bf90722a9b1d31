/** What the server puts in the page for the browser: shared by server render and hydration. */

/** A link in the legacy header's menu (pages marked "show in menus"). */
export interface NavLink {
  url: string;
  title: string;
}

/** How a menu link opens: external links open a new tab. */
export type LinkType = 'internal' | 'external';

/** A link of the header navigation content (SPEC §3 "Menu link"), optionally with a submenu. */
export interface MenuLink {
  url: string | null;
  display_name: string;
  link_type: LinkType;
  link_style: 'default' | 'button' | 'highlight';
  children: MenuLink[];
}

/** A section of the header navigation; only the primary one shows in the desktop bar. */
export interface HeaderSection {
  role: 'primary' | 'secondary' | 'social';
  title: string;
  links: MenuLink[];
}

/** Header content for the new header (used when OLO_NEW_HEADER is on and this exists). */
export interface HeaderContent {
  sections: HeaderSection[];
  map_page_url: string | null;
}

/** A footer link (SPEC §3 "link"). */
export interface FooterLink {
  url: string;
  display_name: string;
  link_type: LinkType;
}

/** A footer column; collapsible ones fold away on small screens behind a checkbox. */
export interface FooterColumn {
  title: string;
  is_collapsable: boolean;
  links: FooterLink[];
}

/** The social networks the footer row knows. */
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'youtube', 'linkedin', 'instagram', 'tiktok', 'pinterest'] as const;
/** One of SOCIAL_NETWORKS. */
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A social media link of the footer row. */
export interface SocialMediaItem {
  icon: SocialNetwork;
  link: string;
}

/** A region of the region navigation (another country's site, say). */
export interface Region {
  id: number;
  title: string;
  url: string;
}

/** Footer content (SPEC §3), edited as the site's footer page. */
export interface FooterContent {
  columns: FooterColumn[];
  social_media: SocialMediaItem[];
  use_old_twitter_logo: boolean;
  legal_text: string;
  region_nav: { regions: Region[] };
}

/** Brand, contact settings, header and footer every page shows; edited in the back office. */
export interface SiteChrome {
  brandName: string;
  tagline: string;
  nationalPhone: string;
  accountLoginUrl: string;
  /** Pages marked "show in menus", for the legacy header. */
  menu: NavLink[];
  /** Set only when the new header is in use. */
  header: HeaderContent | null;
  footer: FooterContent | null;
  /** Where the accessibility-issue report form posts; no form without it. */
  accessibilityServiceUrl: string | null;
  /** The site's locations map page (the locator), for 'View Map' and 'Find a different' links. */
  locatorUrl: string | null;
  /** The public browser key for Google Maps; null means the built-in offline map and geocoder. */
  googleMapsApiKey: string | null;
}

/** The page context of SPEC §3 plus the request context and the site chrome. */
export interface PageContext {
  SENTRY_DSN: string | null;
  CI_COMMIT_SHA: string;
  CI_COMMIT_REF_SLUG: string;
  i18n: { language: { code: string }; catalog: Record<string, string> };
  csrf_token: string;
  request: { url: string };
  site: SiteChrome;
}

/** Whether the page has the site shell around its template. */
export type PageLayout = 'page' | 'bare';

/** What a page is rendered from, on the server and again when the browser hydrates it. */
export interface PageData {
  template: string;
  /** 'bare' renders the template alone, without header and footer (embeddable blocks). */
  layout: PageLayout;
  props: Record<string, unknown>;
  context: PageContext;
}

/**
 * The JSON in `<script id="preloaded">`: the page's data less its site's chrome, which every page
 * of the site shares and the browser keeps once, from `siteChrome`.
 */
export interface PreloadedData extends Omit<PageData, 'context'> {
  context: Omit<PageContext, 'site'>;
  /** Where the site's chrome is, as a path of the site's origin. */
  siteChrome: string;
}

/** Where a site's chrome is served, as `${SITE_CHROME_PATH}${version}.json`. */
export const SITE_CHROME_PATH = '/site-chrome/';

/** The id of the script element holding the preloaded JSON. */
export const PRELOADED_ELEMENT_ID = 'preloaded';
/** The id of the element React hydrates. */
export const ROOT_ELEMENT_ID = 'root';
