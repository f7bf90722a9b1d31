import type { Request, Response } from 'express';
import { renderToString } from 'react-dom/server';
import App from '../client/App';
import { registerCatalog } from '../client/lib/i18n';
import { catalogForBrowser } from './i18n';
import { PRELOADED_ELEMENT_ID, ROOT_ELEMENT_ID, type PageContext, type PageLayout, type PreloadedData, type SiteChrome } from '../client/lib/page-data';
import { ALL_TEMPLATES } from '../client/templates/all';
import { TEMPLATES_WITH_FORMS, type TemplateName } from '../client/templates/index';
import { scriptsForTemplate, type AssetManifest } from './asset-manifest';
import type { Config } from './config';
import type { CsrfProtection } from './csrf';
import type { OutsideScript } from './outside-scripts';

/** What a page needs in its head. */
export interface PageHead {
  title: string;
  description?: string;
  robots?: string;
  /** schema.org JSON-LD describing the page (a restaurant, say), emitted in the head. */
  structuredData?: Record<string, unknown>;
}

/** One page to render. */
export interface PageToRender {
  template: TemplateName;
  props: Record<string, unknown>;
  head: PageHead;
  site: SiteChrome;
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

/** One page to render for an Express request: a template with a form gets the visitor's CSRF token. */
export interface RenderRequest extends PageToRender {
  req: Request;
  res: Response;
}

/** Renders full HTML documents; built once per process. */
export interface PageRenderer {
  render(request: RenderRequest): string;
  /** A page without a form, for its address alone: what a page view answered before the router renders. */
  renderAt(page: PageToRender, address: PageAddress): string;
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

const scriptJsonOf = new WeakMap<object, string>();

/**
 * `serializeForScript` of a value made once and shown many times (a page's props and its site's
 * chrome, kept per public-pages generation), worked out once per object. Such values are never
 * changed once made: the render cache and the page data cache already share them between requests.
 */
function sharedScriptJson(value: object): string {
  let json = scriptJsonOf.get(value);
  if (json === undefined) {
    json = serializeForScript(value);
    scriptJsonOf.set(value, json);
  }
  return json;
}

/** The preloaded JSON of a page, as `serializeForScript(preloaded)` gives it but for the key order. */
export function preloadedScriptJson({ props, context: { site, ...context }, ...page }: PreloadedData): string {
  const ownJson = serializeForScript({ ...page, context });
  // `{...page,"context":{...context}}` with the shared parts put in before the closing braces.
  return `${ownJson.slice(0, -2)},"site":${sharedScriptJson(site)}},"props":${sharedScriptJson(props)}}`;
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
  const browserCatalog = catalogForBrowser(catalog);

  function document({ template, props, head, site, layout = 'page' }: PageToRender, { protocol, host, url }: PageAddress, csrfToken: string): string {
    const component = ALL_TEMPLATES[template];
    const context: PageContext = {
      SENTRY_DSN: config.SENTRY_DSN ?? null,
      CI_COMMIT_SHA: config.CI_COMMIT_SHA,
      CI_COMMIT_REF_SLUG: config.CI_COMMIT_REF_SLUG,
      i18n: { language: { code: languageCode }, catalog: browserCatalog },
      csrf_token: csrfToken,
      request: { url: `${protocol}://${host}${url}` },
      site,
    };
    const body = renderToString(<App template={component} props={props} context={context} layout={layout} />);
    const preloaded: PreloadedData = { template, layout, props, context };
    const scripts = scriptsForTemplate(manifest, template);
    return [
      '<!doctype html>',
      `<html lang="${htmlLang}">`,
      '<head>',
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(pageDescription(head, site))}">`,
      head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}">` : '',
      head.structuredData ? `<script type="application/ld+json">${serializeForScript(head.structuredData)}</script>` : '',
      '<meta name="theme-color" content="#c8281e">',
      '<link rel="icon" href="/static/images/favicon.svg" type="image/svg+xml">',
      `<link rel="stylesheet" href="${manifest.css}">`,
      ...scripts.map((src) => `<link rel="modulepreload" href="${src}">`),
      ...outsideScripts.map((script) => `<script src="${escapeHtml(script.src)}" data-outside="${script.name}" async></script>`),
      '</head>',
      '<body>',
      `<div id="${ROOT_ELEMENT_ID}">${body}</div>`,
      `<script type="application/json" id="${PRELOADED_ELEMENT_ID}">${preloadedScriptJson(preloaded)}</script>`,
      `<script type="module" src="${manifest.entry.file}"></script>`,
      '</body>',
      '</html>',
    ]
      .filter(Boolean)
      .join('\n');
  }

  return {
    render: ({ req, res, ...page }) =>
      document(page, { protocol: req.protocol, host: req.host, url: req.originalUrl }, TEMPLATES_WITH_FORMS.has(page.template) ? csrf.tokenFor(req, res) : ''),
    renderAt(page, address) {
      if (TEMPLATES_WITH_FORMS.has(page.template)) throw new Error(`The ${page.template} template has a form: it is rendered for its visitor only`);
      return document(page, address, '');
    },
  };
}
