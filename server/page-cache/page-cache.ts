import type { Request, Response } from 'express';
import type { EarlyHandler, EarlyRequest } from '../answer-first';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Listen } from '../db/notifications';
import { readCacheGeneration } from '../models/cache-generations';
import { SESSION_COOKIE, sessionHoldsData } from '../sessions';
import type { PreparedResponse, SendPrepared } from '../prepared-response';
import { watchedGeneration, type WatchedGeneration } from './watched-generation';
import { weakEntityTag } from '../entity-tag';

/** The generation that migration 0027's triggers move whenever something a public page shows changes. */
export const PUBLIC_PAGES_GENERATION = 'public-pages';

/** The most values perGeneration keeps in one process. */
const COMPUTED_MAX_ENTRIES = 2000;

/** The most addresses the page cache knows in one process, pages kept or not. */
const KNOWN_ADDRESSES_MAX = 50_000;

/** What every page response says of its body, besides its length. */
const PAGE_HEADERS = ['Content-Type', 'text/html; charset=utf-8', 'Vary', 'Accept-Encoding'];

/** Addresses that are never pages: APIs, the back office, files. */
const NOT_PAGES = /^\/(?:api|api-nc|wagtail|static|media|documents|video-track|_util)(?:\/|$)/;

/**
 * What the cache knows of an address: that it showed a page anyone may see, in `generation`,
 * and the page itself (the same bytes for every visitor) while it is kept.
 */
interface KnownPage {
  generation: string;
  expiresAt: number;
  /** Absent when nothing is kept (RENDER_CACHE_SECONDS=0). */
  kept?: PreparedResponse;
}

/** What a request the cache may keep carries to the page responder (in res.locals: http/locals.ts). */
export interface PageCacheTicket {
  key: string;
  generation: string;
  /** Whether the address showed a page anyone may see when last rendered in this generation. */
  showedPage: boolean;
}

/** A rendered page offered to the cache. */
export interface RenderedPage {
  status: number;
  /** The HTML document, as UTF-8. */
  body: Buffer;
  /** Surrogate keys: the site, pages and snippets the page shows ('site-1', 'page-12'). */
  dependsOn: readonly string[];
  /** A page with a form carries the visitor's CSRF token: never kept. */
  personal: boolean;
}

/** How long a value computed once per generation lasts, and whether it may be shared at all. */
export interface PerGenerationOptions<T> {
  ttlSeconds?: number;
  keep?: (value: T) => boolean;
}

/** The render cache of anonymous page views, shared by the page views of one process. */
export interface PageCache {
  /**
   * Answers a kept page, else marks the request so the page rendered for it may be kept. The
   * app's first middleware: a kept page needs no cookies, session, body or host check, and
   * carries the headers every other response gets from the middleware after it.
   */
  serve: EarlyHandler;
  /** Sends a rendered page: kept, with ETag and shared-cache headers, when nothing in it is personal. */
  send(req: Request, res: Response, page: RenderedPage): void;
  /**
   * Whether the request's address showed a page anyone may see when it was last rendered in
   * this generation: the routes before the page views let such an address through to them.
   */
  showedPage(locals: Express.Locals): boolean;
  /** Sends, and keeps, a page rendered before the router for an address that `showedPage`. */
  sendRendered(early: EarlyRequest, page: RenderedPage): void;
  /**
   * What views compute from public data only, computed once per public-pages generation instead
   * of on every view (the request's generation when it has one) and kept at most `ttlSeconds`
   * when it depends on the time too: a site's chrome, a page's props, the page an address names.
   */
  perGeneration<T>(locals: Express.Locals, key: string, compute: () => Promise<T>, options?: PerGenerationOptions<T>): Promise<T>;
}

/**
 * The public-pages generation of `db`: read on every request, or known from its NOTIFYs when
 * `listen` is given (serve.ts subscribes; stop it when the database closes).
 */
export function watchPublicPagesGeneration(db: Db, listen?: Listen): WatchedGeneration {
  return watchedGeneration(PUBLIC_PAGES_GENERATION, () => readCacheGeneration(db, PUBLIC_PAGES_GENERATION), listen);
}

export interface PageCacheOptions {
  clock: Clock;
  generation: WatchedGeneration;
  /** How long a kept page lasts, in this process and in a CDN (s-maxage); 0 keeps nothing. */
  ttlSeconds: number;
  /** The most HTML kept, in characters. */
  maxChars: number;
  /** How a kept page is answered. */
  sendPrepared: SendPrepared;
}

/**
 * Keeps the HTML of anonymous GETs per site address, path and query, and serves it while the
 * public-pages generation is unchanged and the copy is younger than ttlSeconds (pages show the
 * time: opening hours, "open now"). A change committed in any process shows on the next request
 * everywhere when the generation is read on every request, a moment later when it is watched.
 */
export function createPageCache({ clock, generation: watched, ttlSeconds, maxChars, sendPrepared }: PageCacheOptions): PageCache {
  // An address without a kept page costs its key; their number is bounded too.
  const known = new LRUCache<string, KnownPage>({
    max: KNOWN_ADDRESSES_MAX,
    maxSize: Math.max(1, maxChars),
    sizeCalculation: (page, key) => key.length + (page.kept?.body.length ?? 0),
  });
  const readGeneration = () => watched.current();
  const cacheControl = `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds * 5}`;
  // Without stale-while-revalidate: a page published at the address shows once this has passed.
  const briefCacheControl = ttlSeconds > 0 ? `public, max-age=0, s-maxage=${ttlSeconds}` : 'no-cache';

  function answer(early: EarlyRequest, next: () => void, generation: string): void {
    const { origin } = early;
    const key = cacheKey(origin.protocol, origin.host, early.path, early.search);
    const page = known.get(key);
    const current = page?.generation === generation;
    if (current && page.kept && page.expiresAt > clock().getTime()) return sendPrepared(early.req, early.res, page.kept, origin.secure);
    const ticket: PageCacheTicket = { key, generation, showedPage: current };
    early.locals.pageCacheTicket = ticket;
    next();
  }

  const serve: EarlyHandler = (early, next) => {
    if (!mayUseCache(early)) return next();
    // Known from the NOTIFYs, most of the time: a kept page is then answered without a promise.
    const generation = watched.known();
    if (generation !== undefined) return answer(early, next, generation);
    return readGeneration().then(
      (read) => answer(early, next, read),
      // The database is away: the ordinary views say so.
      () => next(),
    );
  };

  /**
   * Notes that the ticket's address showed `body`, keeping it while RENDER_CACHE_SECONDS allows,
   * and answers its bytes and the headers about caching its response carries: an ETag, and while
   * pages are kept, the shared-cache headers and X-Render-Cache (whether the page came from the
   * cache, as a CDN's X-Cache says).
   */
  function keep(ticket: PageCacheTicket, body: Buffer, dependsOn: readonly string[]): { etag: string; cacheHeaders: string[] } {
    const etag = weakEntityTag(body);
    if (ttlSeconds === 0) {
      // Nothing is kept: the address need only be known to show a page in this generation, and
      // already is when its ticket says so (its lookup made it the most recent).
      if (!ticket.showedPage) known.set(ticket.key, { generation: ticket.generation, expiresAt: 0 });
      return { etag, cacheHeaders: ['ETag', etag] };
    }
    const page: KnownPage = { generation: ticket.generation, expiresAt: clock().getTime() + ttlSeconds * 1000 };
    const shared = ['ETag', etag, 'Cache-Control', cacheControl, 'Surrogate-Key', [...new Set(dependsOn)].join(' ')];
    page.kept = { body, etag, headers: ['X-Render-Cache', 'hit', ...shared, ...PAGE_HEADERS] };
    known.set(ticket.key, page);
    return { etag, cacheHeaders: ['X-Render-Cache', 'miss', ...shared] };
  }

  function send(req: Request, res: Response, { status, body, dependsOn, personal }: RenderedPage): void {
    const ticket = res.locals.pageCacheTicket;
    if (!ticket || personal || !nothingPersonalSet(req, res)) return void res.status(status).type('html').send(body);
    // An anonymous page that is no page (a 404, a 410) is the same for everyone: shared briefly.
    if (status !== 200) return void res.status(status).set('Cache-Control', briefCacheControl).type('html').send(body);
    const { cacheHeaders } = keep(ticket, body, dependsOn);
    for (let index = 0; index < cacheHeaders.length; index += 2) res.setHeader(cacheHeaders[index]!, cacheHeaders[index + 1]!);
    // Content-Type and Vary as PAGE_HEADERS has them: from Express and compression.
    res.status(status).type('html').send(body);
  }

  const showedPage = (locals: Express.Locals) => locals.pageCacheTicket?.showedPage === true;

  function sendRendered(early: EarlyRequest, { body, dependsOn }: RenderedPage): void {
    const ticket = early.locals.pageCacheTicket;
    if (!ticket) throw new Error('A page is sent before the router only for an address that showedPage(), with the ticket serve left.');
    const { etag, cacheHeaders } = keep(ticket, body, dependsOn);
    // Its kept copy, when pages are kept, is another answer of the same body: gzipped once for both.
    sendPrepared(early.req, early.res, { body, etag, headers: [...cacheHeaders, ...PAGE_HEADERS] }, early.origin.secure, ttlSeconds === 0);
  }

  // Bounded by count: a page's props are tens of kilobytes.
  const computed = new LRUCache<string, { generation: string; expiresAt: number; value: Promise<unknown> }>({ max: COMPUTED_MAX_ENTRIES });
  function perGeneration<T>(locals: Express.Locals, key: string, compute: () => Promise<T>, options: PerGenerationOptions<T> = {}): Promise<T> {
    // One read per request, however many values the view asks for (site, page, restrictions, props, chrome).
    const ticketed = locals.pageCacheTicket?.generation;
    // A request the cache let through knows its generation: the value it asks for is then handed
    // over as it is kept, without an async function's own promise around it, two turns of the
    // microtask queue on every page view.
    if (ticketed !== undefined) return inGeneration(ticketed, key, compute, options);
    return (locals.publicPagesGeneration ??= readGeneration()).then((generation) => inGeneration(generation, key, compute, options));
  }

  function inGeneration<T>(generation: string, key: string, compute: () => Promise<T>, { ttlSeconds = Infinity, keep }: PerGenerationOptions<T>): Promise<T> {
    const known = computed.get(key);
    const now = clock().getTime();
    if (known?.generation === generation && known.expiresAt > now) return known.value as Promise<T>;
    const value = compute();
    const entry = { generation, value, expiresAt: now + ttlSeconds * 1000 };
    if (keep) {
      // Shared only once `keep` has seen it: a value it refuses (a form's captcha challenge) reaches no other request.
      void value.then(
        (result) => keep(result) && computed.set(key, entry),
        () => undefined,
      );
    } else {
      // Shared while it is computed; a failed computation is not kept: the next request computes again.
      computed.set(key, entry);
      value.catch(() => computed.get(key) === entry && computed.delete(key));
    }
    return value;
  }

  return { serve, send, showedPage, sendRendered, perGeneration };
}

/** A GET or HEAD of what may be a page, by a visitor without a session (no sign-in, no passed restriction). */
function mayUseCache({ req, path }: EarlyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_PAGES.test(path)) return false;
  return !SESSION_COOKIE.test(req.headers.cookie ?? '');
}

/** Nothing of one visitor went into the response: no cookie set, no session stored, not marked private. */
function nothingPersonalSet(req: Request, res: Response): boolean {
  if (res.getHeader('Set-Cookie') !== undefined || res.getHeader('Cache-Control') !== undefined) return false;
  return !sessionHoldsData(req.session);
}

/** Site address, path and query in a stable order: `?b=1&a=2` and `?a=2&b=1` are one page. */
function cacheKey(protocol: string, host: string | undefined, path: string, search: string): string {
  const site = `${protocol}://${(host ?? '').toLowerCase()}${path}?`;
  if (!search) return site;
  const query = new URLSearchParams(search);
  query.sort();
  return `${site}${query.toString()}`;
}
