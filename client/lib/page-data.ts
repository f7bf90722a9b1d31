/** What the server puts in the page for the browser: shared by server render and hydration. */

/** A link in the site navigation. */
export interface NavLink {
  url: string;
  title: string;
}

/** Brand, contact settings and navigation every page shows; edited per site in the back office. */
export interface SiteChrome {
  brandName: string;
  tagline: string;
  nationalPhone: string;
  accountLoginUrl: string;
  menu: NavLink[];
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

/** The JSON in `<script id="preloaded">`. */
export interface PreloadedData {
  template: string;
  props: Record<string, unknown>;
  context: PageContext;
}

/** The id of the script element holding the preloaded JSON. */
export const PRELOADED_ELEMENT_ID = 'preloaded';
/** The id of the element React hydrates. */
export const ROOT_ELEMENT_ID = 'root';
