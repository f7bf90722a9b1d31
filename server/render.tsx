import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { registerCatalog } from '../client/lib/i18n';
import { renderPageBody } from './page-body';
import { catalogForBrowser } from './i18n';
import { PRELOADED_ELEMENT_ID, ROOT_ELEMENT_ID, SITE_CHROME_PATH, type PageContext, type PageData, type PageLayout, type PreloadedData, type SiteChrome } from '../client/lib/page-data';
import { ALL_TEMPLATES } from '../client/templates/all';
import { TEMPLATES_WITH_FORMS, type TemplateName } from '../client/templates/index';
import { scriptsForTemplate, type AssetManifest } from './asset-manifest';
import type { Config } from './config';
import type { CsrfProtection } from './csrf';
import type { OutsideScript } from './outside-scripts';
import { utf8Between, utf8Bytes } from './utf8-bytes';

/** What a page needs in its head. */
export interface PageHead {
  title: string;
  description?: string;
  robots?: string;
  /** schema.org JSON-LD describing the page (a restaurant, say), emitted in the head. */
  structuredData?: Record<string, unknown>;
}

/** What a page shows inside its site's chrome: a template, its props and the page's head. */
export interface PageContent {
  template: TemplateName;
  props: Record<string, unknown>;
  head: PageHead;
  /** Defaults to 'page': the template inside header and footer. */
  layout?: PageLayout;
}

/** What a page shows of the request it answers: the address it was asked at. */
export interface PageAddress {
  protocol: string;
  /** The Host the host guard checked (a trusted proxy's X-Forwarded-Host, else Host). */
  host: string | undefined;
  /** The path and query as requested. */
  url: string;
}

/**
 * Renders full HTML documents, as UTF-8; built once per process. A page and its site's chrome come
 * as two arguments, as their callers keep them (a page's response per address, the chrome per
 * site): merging them into one object for each render (a spread and one property more) made V8
 * promote about 150 bytes to the old generation on every page view, next to none without, and
 * its garbage collection took 17 µs a view instead of 12.
 */
export interface PageRenderer {
  /** A page for an Express request: a template with a form gets the visitor's CSRF token. */
  render(page: PageContent, site: SiteChrome, req: Request, res: Response): Buffer;
  /** A page without a form, for its address alone: what a page view answered before the router renders. */
  renderAt(page: PageContent, site: SiteChrome, address: PageAddress): Buffer;
}

/** Dependencies of the renderer, worked out once at start-up. */
export interface PageRendererOptions {
  config: Config;
  manifest: AssetManifest;
  outsideScripts: readonly OutsideScript[];
  catalog: Record<string, string>;
  csrf: CsrfProtection;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML attribute or element body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const JSON_SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON safe inside a <script> element: no `</script>`, `<!--` or line separators can end or
 * change the element, whatever strings the content holds.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => JSON_SCRIPT_ESCAPES[char]!);
}

const scriptBytesOf = new WeakMap<object, Buffer>();

/**
 * The bytes of `serializeForScript(value)` for a value made once and shown many times (a page's
 * props and structured data, the translation catalog), worked out once per object. Such values
 * are never changed once made: the render cache and the page data cache already share them
 * between requests.
 */
function sharedScriptBytes(value: object): Buffer {
  let bytes = scriptBytesOf.get(value);
  if (bytes === undefined) {
    bytes = utf8Bytes(serializeForScript(value));
    scriptBytesOf.set(value, bytes);
  }
  return bytes;
}

const CONTEXT_I18N = Buffer.from(',"i18n":');
const PROPS_AFTER_CONTEXT = Buffer.from('},"props":');
const PRELOADED_END = Buffer.from('}');
const STRUCTURED_DATA_START = Buffer.from('<script type="application/ld+json">');
const STRUCTURED_DATA_END = Buffer.from('</script>\n');

/**
 * The bytes of `serializeForScript(value)`: once per object when it is `shared`. A value made for
 * one render (a form page's props, its captcha challenge in them) is encoded without being
 * remembered: a weak map's entry for each render would last until the next full collection.
 */
function scriptBytes(value: object, shared: boolean): Buffer {
  return shared ? sharedScriptBytes(value) : utf8Bytes(serializeForScript(value));
}

/** A site's chrome as the browser fetches it before hydrating a page: one file per version of the chrome. */
export interface SiteChromeFile {
  /** Names this version of the chrome: a hash of its JSON. */
  version: string;
  /** Where it is served: `${SITE_CHROME_PATH}${version}.json`. */
  path: string;
  /** Its JSON. */
  body: Buffer;
  /** The head's link that starts fetching it while the page's scripts load. */
  preloadLink: Buffer;
}

const SITE_CHROME_VERSION_LENGTH = 16;
const siteChromeFileOf = new WeakMap<SiteChrome, SiteChromeFile>();

/**
 * The file of a site's chrome, worked out once per chrome object (a site's chrome is made once a
 * generation and shared by its pages). The chrome is the same on every page of a site and is a
 * sixth of a small page's bytes: kept out of the pages, a browser fetches it once a version and a
 * page view sends that much less.
 */
export function siteChromeFile(site: SiteChrome): SiteChromeFile {
  let file = siteChromeFileOf.get(site);
  if (file === undefined) {
    const body = utf8Bytes(serializeForScript(site));
    const version = createHash('sha256').update(body).digest('hex').slice(0, SITE_CHROME_VERSION_LENGTH);
    const path = `${SITE_CHROME_PATH}${version}.json`;
    // `crossorigin`: the fetch that uses it is a CORS request without cookies; a preload must match it.
    const preloadLink = Buffer.from(`<link rel="preload" href="${path}" as="fetch" crossorigin fetchpriority="low">\n`);
    file = { version, path, body, preloadLink };
    siteChromeFileOf.set(site, file);
  }
  return file;
}

/** Whether `version` is one a site chrome file could have, so a request for any other is not answered. */
export function isSiteChromeVersion(version: string): boolean {
  return version.length === SITE_CHROME_VERSION_LENGTH && /^[0-9a-f]+$/.test(version);
}

/**
 * The preloaded JSON of a page as bytes, in parts: what is its own (small, made for each render),
 * the shared catalog, encoded once per object, and its props, encoded once per object when
 * `propsShared`. Its site's chrome is named, not included (`siteChromeFile`). Joined, they are
 * JSON equal to the page's `PreloadedData`, safe inside a script element as `serializeForScript`
 * makes it.
 */
export function preloadedScriptJson({ template, layout, props, context }: PageData, propsShared = true): Buffer[] {
  // Named one by one, not taken with a rest pattern: V8 copies an object's rest in a slow runtime
  // call, which with the JSON of the slow object it made was 3% of a rendered page's time. Typed
  // as the context less its shared parts, so a field added to the context cannot be left out.
  const own: Omit<PageContext, 'site' | 'i18n'> = {
    SENTRY_DSN: context.SENTRY_DSN,
    CI_COMMIT_SHA: context.CI_COMMIT_SHA,
    CI_COMMIT_REF_SLUG: context.CI_COMMIT_REF_SLUG,
    csrf_token: context.csrf_token,
    request: context.request,
  };
  const preloaded: Omit<PreloadedData, 'props' | 'context'> & { context: typeof own } = { template, layout, siteChrome: siteChromeFile(context.site).path, context: own };
  const ownJson = serializeForScript(preloaded);
  // `{"template":…,"layout":…,"siteChrome":…,"context":{…own}}`, its closing braces left for the shared parts to go before.
  return [utf8Bytes(ownJson.slice(0, -2)), CONTEXT_I18N, sharedScriptBytes(context.i18n), PROPS_AFTER_CONTEXT, scriptBytes(props, propsShared), PRELOADED_END];
}

/**
 * The page's meta description: its own (an editor's search description, or what a routed page
 * says), else the site's tagline, else its brand, so no page goes without one.
 */
export function pageDescription(head: PageHead, site: Pick<SiteChrome, 'tagline' | 'brandName'>): string {
  return head.description || site.tagline || site.brandName;
}

/** Creates the renderer: server-side React render plus the document around it. */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const { config, manifest, outsideScripts, catalog, csrf } = options;
  const languageCode = config.LANGUAGE_CODE;
  const htmlLang = languageCode.replace(/-(\w+)$/, (_, region: string) => `-${region.toUpperCase()}`);
  registerCatalog(catalog);
  // One object for every page: its JSON is encoded once.
  const i18n: PageContext['i18n'] = { language: { code: languageCode }, catalog: catalogForBrowser(catalog) };
  const lines = (...parts: string[]) => Buffer.from(parts.map((part) => `${part}\n`).join(''));
  const documentStart = Buffer.from(
    ['<!doctype html>', `<html lang="${htmlLang}">`, '<head>', '<meta charset="utf-8">', '<meta name="viewport" content="width=device-width, initial-scale=1">', '<title>'].join('\n'),
  );
  const documentEnd = Buffer.from(`</script>\n<script type="module" src="${manifest.entry.file}"></script>\n</body>\n</html>`);
  const rootEnd = Buffer.from(`</div>\n<script type="application/json" id="${PRELOADED_ELEMENT_ID}">`);

  // What follows the page's own head lines up to its root element: the same for every page of a template.
  const headEndOf = new Map<TemplateName, Buffer>();
  function headEnd(template: TemplateName): Buffer {
    let bytes = headEndOf.get(template);
    if (bytes === undefined) {
      bytes = Buffer.concat([
        lines(
          '<meta name="theme-color" content="#c8281e">',
          '<link rel="icon" href="/static/images/favicon.svg" type="image/svg+xml">',
          `<link rel="stylesheet" href="${manifest.css}">`,
          // Low priority: the page paints from its HTML and stylesheet alone, so its scripts (the
          // largest part of its bytes) are fetched after the stylesheet and the hero image rather
          // than beside them; on Lighthouse's slow phone link that moved home's first paint from 2.1 s to 1.0 s.
          ...scriptsForTemplate(manifest, template).map((src) => `<link rel="modulepreload" href="${src}" fetchpriority="low">`),
          ...outsideScripts.map((script) => `<script src="${escapeHtml(script.src)}" data-outside="${script.name}" async></script>`),
          '</head>',
          '<body>',
        ),
        Buffer.from(`<div id="${ROOT_ELEMENT_ID}">`),
      ]);
      headEndOf.set(template, bytes);
    }
    return bytes;
  }

  /**
   * The page's HTML document as bytes: the parts every page of its template shares are encoded
   * once, the shared JSON once per object, the site's chrome rendered and encoded once per site
   * (`renderPageBody`), and only the head, the page's main element and its own context are rendered
   * and encoded for each render.
   */
  function document({ template, props, head, layout = 'page' }: PageContent, site: SiteChrome, { protocol, host, url }: PageAddress, csrfToken: string): Buffer {
    const component = ALL_TEMPLATES[template];
    const context: PageContext = {
      SENTRY_DSN: config.SENTRY_DSN ?? null,
      CI_COMMIT_SHA: config.CI_COMMIT_SHA,
      CI_COMMIT_REF_SLUG: config.CI_COMMIT_REF_SLUG,
      i18n,
      csrf_token: csrfToken,
      request: { url: `${protocol}://${host}${url}` },
      site,
    };
    const body = renderPageBody({ template: component, props, context, layout });
    const ownHead = lines(
      `${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(pageDescription(head, site))}">`,
      ...(head.robots ? [`<meta name="robots" content="${escapeHtml(head.robots)}">`] : []),
    );
    // A page with a form is built for its visitor: its props and head are made for this render only.
    const shared = !TEMPLATES_WITH_FORMS.has(template);
    const structuredData = head.structuredData ? [STRUCTURED_DATA_START, scriptBytes(head.structuredData, shared), STRUCTURED_DATA_END] : [];
    const preloaded = preloadedScriptJson({ template, layout, props, context }, shared);
    return utf8Between([documentStart, ownHead, siteChromeFile(site).preloadLink, ...structuredData, headEnd(template), ...body.before], body.text, [
      ...body.after,
      rootEnd,
      ...preloaded,
      documentEnd,
    ]);
  }

  return {
    render: (page, site, req, res) =>
      document(page, site, { protocol: req.protocol, host: req.host, url: req.originalUrl }, TEMPLATES_WITH_FORMS.has(page.template) ? csrf.tokenFor(req, res) : ''),
    renderAt(page, site, address) {
      if (TEMPLATES_WITH_FORMS.has(page.template)) throw new Error(`The ${page.template} template has a form: it is rendered for its visitor only`);
      return document(page, site, address, '');
    },
  };
}
