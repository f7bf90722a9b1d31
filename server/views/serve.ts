import { parse as parseQuery } from 'node:querystring';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { EarlyHandler } from '../answer-first';
import type { RequestOrigin } from '../request-origin';
import type { Page } from '../db/schema';
import { BLOCKS } from '../blocks/index';
import { createImageLoader } from '../blocks/references';
import { resolveStream, type StreamValue } from '../blocks/stream';
import { findDeepestLiveAncestorOfTypes, findPageByUrlPath } from '../models/pages';
import { getSiteSettings, type SiteSettings } from '../models/site-settings';
import { firstUnmetRestriction, restrictionsForPage } from '../models/view-restrictions';
import { PAGE_TYPES } from '../pagetypes/index';
import { isIndexablePageType } from '../pagetypes/indexable';
import type { PageTypeContext, RouteResult } from '../pagetypes/types';
import { passwordFormResponse } from './restricted-pages';
import type { PageResponder, PageResponse, PublicViewOptions } from './page-response';
import { requestPort, resolveRequestSite, siteOrigin, type RequestSite } from './site-request';
import { TEMPLATES_WITH_FORMS } from '../../client/templates/index';
import { parseHost } from '../request-host';

/** What building a page reads of its request: scheme and Host (for absolute URLs), and the request's logger. */
export type PageRequest = Pick<RequestOrigin, 'protocol' | 'host'> & { log?: Logger };

/** The page an address names, or a routable page above it with the rest of the address. */
interface Target {
  page: Page;
  remaining: string[];
}

/** What a routable page's route showed, as the page response it is sent as. */
function routedResponse(page: Page, { template, props, head }: Extract<RouteResult, { kind: 'page' }>): PageResponse {
  return { template, props, head, dependsOn: [`page-${page.id}`] };
}

/** The page types that serve addresses below their pages. */
const ROUTABLE_PAGE_TYPES = Object.values(PAGE_TYPES)
  .filter((type) => type.route)
  .map((type) => type.name);

/** Raised when a stored page cannot be served: its type is unknown or its content invalid. */
export class PageContentError extends Error {
  override name = 'PageContentError';
}

/** The public site: page tree lookup, view restrictions, page type props and the 404 page. */
export function publicPages(options: PublicViewOptions, responder: PageResponder) {
  const { db } = options;

  /**
   * `compute`, built from public data only, reused for PAGE_DATA_CACHE_SECONDS within one
   * public-pages generation (any published change moves it), unless `keep` refuses the value.
   */
  function fromPublicData<T>(locals: Record<string, unknown>, key: string, compute: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    const ttlSeconds = options.config.PAGE_DATA_CACHE_SECONDS;
    if (!options.pageCache || ttlSeconds === 0) return compute();
    return options.pageCache.perGeneration(locals, `page data:${key}`, compute, { ttlSeconds, keep });
  }

  /** What a page view remembers of public data for a request (`locals`: where its generation is kept). */
  const rememberedFor =
    (locals: Record<string, unknown>): Remember =>
    (key, compute, keep) =>
      fromPublicData(locals, key, compute, keep);

  /** The site a request is for, the page its path names (else a routable page above it) and that page's restrictions. */
  async function addressed(remember: Remember, origin: RequestOrigin, path: string) {
    const site = await remember(`site ${parseHost(origin.host)?.hostname ?? ''}:${requestPort(origin)}`, () => resolveRequestSite(db, origin));
    const components = pathComponents(path);
    const target = site && components && (await remember(`target ${site.site.id} ${JSON.stringify(components)}`, () => findTarget(site, components)));
    if (!site || !target) return { site };
    const restrictions = await remember(`restrictions ${target.page.id}`, () => restrictionsForPage(db, target.page));
    return { site, target, restrictions };
  }

  /**
   * What a page shows at its own address (a page response) or at an address below it (what its
   * type's route answers). It differs by the address's scheme (absolute URLs) and query, never by
   * visitor; a form's props carry a captcha challenge of their own, so they are never reused.
   */
  async function shown(remember: Remember, request: PageRequest, site: RequestSite, { page, remaining }: Target, query: Record<string, string>) {
    const pageType = PAGE_TYPES[page.page_type];
    if (!pageType) throw new PageContentError(`Page ${page.id} has unknown page type "${page.page_type}"`);
    const key = `${siteOrigin(request, site.site)} ${page.id} ${JSON.stringify(remaining)} ${JSON.stringify(Object.entries(query).sort())}`;
    if (remaining.length > 0) {
      const routed = async () => pageType.route?.(page, remaining, pageTypeContext(options, request, site, query));
      const result = await remember(`route ${key}`, routed, (value) => value?.kind !== 'page' || !TEMPLATES_WITH_FORMS.has(value.template));
      return { routed: result };
    }
    const built = () => pageResponse(request, site, page, query);
    return { response: await remember(`page ${key}`, built, (value) => !TEMPLATES_WITH_FORMS.has(value.template)) };
  }

  /** The catch-all: site by Host, page by url path (else a routable ancestor), props by page type, server render. */
  const servePage: RequestHandler = async (req, res) => {
    const remember = rememberedFor(res.locals);
    const { site, target, restrictions } = await addressed(remember, req, req.path);
    if (!site || !target) return responder.notFound(req, res, site);
    const { page } = target;
    // A restricted page differs per visitor: shared caches must not keep it.
    if (restrictions.length > 0) res.set('Cache-Control', 'private, no-store');
    const unmet = firstUnmetRestriction(restrictions, req.session);
    if (unmet?.restriction_type === 'login') return res.redirect(302, `/_util/login/?next=${encodeURIComponent(req.originalUrl)}`);
    if (unmet) return responder.send(req, res, site, passwordFormResponse(unmet, page, req.originalUrl, null));
    const { routed, response } = await shown(remember, req, site, target, queryStrings(req.query));
    if (response) return responder.send(req, res, site, response);
    return sendRouted(req, res, site, page, routed);
  };

  /**
   * What a page view before the router shows at an address: the page anyone may see there, its
   * site and the site's chrome, or undefined when the router is to answer (no such page, a
   * restriction, a form, a redirect, another status than 200). Worked out from the database, not
   * from the values the page views remember, since it is remembered itself, as one value: it is
   * then a single lookup for every later view, and no older than PAGE_DATA_CACHE_SECONDS.
   */
  async function earlyView(locals: Record<string, unknown>, origin: RequestOrigin, path: string, search: string) {
    const { site, target, restrictions } = await addressed(computeNow, origin, path);
    if (!site || !target || restrictions.length > 0) return undefined;
    const { routed, response: ownResponse } = await shown(computeNow, origin, site, target, queryStrings(parseQuery(search.slice(1))));
    const response = ownResponse ?? (routed?.kind === 'page' ? routedResponse(target.page, routed) : undefined);
    if (!response || (response.status ?? 200) !== 200 || TEMPLATES_WITH_FORMS.has(response.template)) return undefined;
    return { site, response, chrome: await responder.chromeFor(locals, site) };
  }

  /**
   * Renders a page view before the router, when the page cache knows that its address showed a
   * page anyone may see, in this generation (the routes before the page views let it through):
   * such a page is rendered again when its kept copy expired or nothing is kept. Anything else
   * (a restriction, a form, a redirect) goes on to the app.
   */
  const renderBeforeRouting: EarlyHandler = async (early, next) => {
    const { pageCache } = options;
    if (!pageCache?.showedPage(early.locals)) return next();
    const { origin, path, search } = early;
    const view = await fromPublicData(early.locals, `view ${origin.protocol}://${origin.host ?? ''}${path}${search}`, () => earlyView(early.locals, origin, path, search));
    if (!view) return next();
    const address = { protocol: origin.protocol, host: origin.host, url: early.req.url ?? path };
    pageCache.sendRendered(early, responder.renderAt(address, view.site, view.chrome, view.response));
  };

  /**
   * What a page shows with its type's template: fields checked by the type's schema, props from
   * getProps.
   */
  async function pageResponse(request: PageRequest, site: RequestSite, page: Page, query: Record<string, string>): Promise<PageResponse> {
    const pageType = PAGE_TYPES[page.page_type];
    if (!pageType) throw new PageContentError(`Page ${page.id} has unknown page type "${page.page_type}"`);
    const fields = pageType.fields.safeParse(page.content);
    if (!fields.success) {
      throw new PageContentError(`Page ${page.id} (${page.page_type}) has invalid content: ${fields.error.issues[0]?.message}`);
    }
    const context = pageTypeContext(options, request, site, query);
    const props = await pageType.getProps(page, fields.data, context);
    return {
      template: pageType.template,
      props: props as Record<string, unknown>,
      head: { ...headFor(page, pageType.robots), structuredData: pageType.structuredData?.(props, context) },
      dependsOn: [`page-${page.id}`],
    };
  }

  /** Renders a page with its type's template, as built now: the admin preview of a draft's content. */
  async function sendPage(req: Request, res: Response, site: RequestSite, page: Page): Promise<void> {
    await responder.send(req, res, site, await pageResponse(req, site, page, queryStrings(req.query)));
  }

  /**
   * Renders blocks alone (no header or footer) in the site's stylesheet, resolved as a page of
   * the site would resolve them: the back office's block preview.
   */
  async function sendBlocks(req: Request, res: Response, site: RequestSite, blocks: StreamValue, title: string): Promise<void> {
    const context = pageTypeContext(options, req, site, queryStrings(req.query));
    const props = { blocks: await resolveStream(blocks, context) };
    await responder.send(req, res, site, { template: 'block preview', layout: 'bare', props, head: { title, robots: 'noindex' } });
  }

  /** The page at the address, else the deepest routable page above it with the rest of the address. */
  async function findTarget(site: RequestSite, components: string[]): Promise<Target | undefined> {
    const page = await findPageByUrlPath(db, site.root, components, { liveOnly: true });
    if (page) return { page, remaining: [] };
    return findDeepestLiveAncestorOfTypes(db, site.root, components, ROUTABLE_PAGE_TYPES);
  }

  /** Answers what a routable page said about an address below it; nothing said is a 404. */
  async function sendRouted(req: Request, res: Response, site: RequestSite, page: Page, result: RouteResult | undefined): Promise<void> {
    if (!result) return responder.notFound(req, res, site);
    if (result.kind === 'redirect') return res.redirect(result.status, result.location);
    if (result.kind === 'gone') return responder.gone(req, res, site, result);
    await responder.send(req, res, site, routedResponse(page, result));
  }

  /** /error-pages/404/: the not-found page on purpose, for checking how it looks. */
  const notFoundPreview: RequestHandler = async (req, res) => responder.notFound(req, res, await resolveRequestSite(db, req));

  /** Any address without its trailing slash is redirected to it, as Django's APPEND_SLASH does. */
  const appendSlash: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.endsWith('/') || /\.[a-z0-9]+$/i.test(req.path)) return next();
    const queryStart = req.originalUrl.indexOf('?');
    const query = queryStart >= 0 ? req.originalUrl.slice(queryStart) : '';
    // Collapse leading slashes: '//evil.example' must not become a protocol-relative redirect.
    res.redirect(301, `/${req.path.replace(/^\/+/, '')}/${query}`);
  };

  return { servePage, renderBeforeRouting, sendPage, sendBlocks, notFoundPreview, appendSlash };
}

/** What a page type builds its props from, for this request: shared by page views and form posts. */
export function pageTypeContext(options: PublicViewOptions, req: PageRequest, site: RequestSite, query: Readonly<Record<string, string>>): PageTypeContext {
  // Read at most once per render, however many blocks ask.
  let settings: Promise<SiteSettings> | undefined;
  return {
    db: options.db,
    logger: req.log ?? options.logger,
    storage: options.storage,
    siteRoot: site.root,
    imageLoader: createImageLoader(options.db),
    siteSettings: () => (settings ??= getSiteSettings(options.db, site.site.id, req.log ?? options.logger)),
    blocks: BLOCKS,
    isIndexableType: isIndexablePageType,
    site: site.site,
    config: options.config,
    origin: siteOrigin(req, site.site),
    query,
    submitted: false,
    captcha: options.captcha,
    now: options.clock(),
  };
}

/** Looks a value of public data up by key, or computes it (`keep`: whether a computed value may be shared). */
type Remember = <T>(key: string, compute: () => Promise<T>, keep?: (value: T) => boolean) => Promise<T>;

/** Computes every value afresh. */
const computeNow: Remember = (_key, compute) => compute();

/** The public page views, as publicPages builds them. */
export type PublicPages = ReturnType<typeof publicPages>;

/** The title, description and robots of a page's head. */
export function headFor(page: Page, robots: string | undefined) {
  return { title: page.seo_title || page.title, description: page.search_description || undefined, robots };
}

/** The decoded, non-empty path segments, or undefined when a segment is malformed. */
export function pathComponents(urlPath: string): string[] | undefined {
  try {
    return urlPath.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function queryStrings(query: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') result[key] = value;
  return result;
}
