import { createHash } from 'node:crypto';
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

/** The generation that migration 0027's triggers move whenever something a public page shows changes. */
export const PUBLIC_PAGES_GENERATION = 'public-pages';

/** The most values perGeneration keeps in one process. */
const COMPUTED_MAX_ENTRIES = 2000;

/** Addresses that are never pages: APIs, the back office, files. */
const NOT_PAGES = /^\/(?:api|api-nc|wagtail|static|media|documents|video-track|_util)(?:\/|$)/;

/** A page as kept: the same bytes for every visitor. */
interface KeptPage extends PreparedResponse {
  generation: string;
  expiresAt: number;
  size: number;
}

/** What a request the cache may keep carries to the page responder. */
interface Ticket {
  key: string;
  generation: string;
}

/** A rendered page offered to the cache. */
export interface RenderedPage {
  status: number;
  html: string;
  /** Surrogate keys: the site, pages and snippets the page shows ('site-1', 'page-12'). */
  dependsOn: readonly string[];
  /** A page with a form carries the visitor's CSRF token: never kept. */
  personal: boolean;
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
   * What views compute from public data only, computed once per public-pages generation instead
   * of on every view (the request's generation when it has one) and kept at most `ttlSeconds`
   * when it depends on the time too: a site's chrome, a page's props, the page an address names.
   */
  perGeneration<T>(res: Response, key: string, compute: () => Promise<T>, options?: { ttlSeconds?: number; keep?: (value: T) => boolean }): Promise<T>;
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
  const kept = new LRUCache<string, KeptPage>({ maxSize: Math.max(1, maxChars), sizeCalculation: (page) => Math.max(1, page.size) });
  const readGeneration = () => watched.current();
  const cacheControl = `public, max-age=0, s-maxage=${ttlSeconds}, stale-while-revalidate=${ttlSeconds * 5}`;

  function answer(early: EarlyRequest, next: () => void, generation: string): void {
    const { origin } = early;
    const key = cacheKey(origin.protocol, origin.host, early.path, early.search);
    const page = kept.get(key);
    if (page && page.generation === generation && page.expiresAt > clock().getTime()) return sendPrepared(early.req, early.res, page, origin.secure);
    const ticket: Ticket = { key, generation };
    early.locals.pageCacheTicket = ticket;
    next();
  }

  const serve: EarlyHandler = (early, next) => {
    if (ttlSeconds === 0 || !mayUseCache(early)) return next();
    // Known from the NOTIFYs, most of the time: a kept page is then answered without a promise.
    const known = watched.known();
    if (known !== undefined) return answer(early, next, known);
    return readGeneration().then(
      (generation) => answer(early, next, generation),
      // The database is away: the ordinary views say so.
      () => next(),
    );
  };

  function send(req: Request, res: Response, { status, html, dependsOn, personal }: RenderedPage): void {
    const ticket = res.locals.pageCacheTicket as Ticket | undefined;
    if (ticket && status === 200 && !personal && nothingPersonalSet(req, res)) {
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      const surrogateKey = [...new Set(dependsOn)].join(' ');
      // X-Render-Cache says whether the page came from the cache, as a CDN's X-Cache does.
      const shared = ['ETag', etag, 'Cache-Control', cacheControl, 'Surrogate-Key', surrogateKey];
      kept.set(ticket.key, {
        generation: ticket.generation,
        expiresAt: clock().getTime() + ttlSeconds * 1000,
        body: Buffer.from(html, 'utf8'),
        headers: ['X-Render-Cache', 'hit', ...shared, 'Content-Type', 'text/html; charset=utf-8', 'Vary', 'Accept-Encoding'],
        etag,
        size: html.length,
      });
      res.setHeader('X-Render-Cache', 'miss');
      for (let index = 0; index < shared.length; index += 2) res.setHeader(shared[index]!, shared[index + 1]!);
    }
    res.status(status).type('html').send(html);
  }

  // Bounded by count: a page's props are tens of kilobytes.
  const computed = new LRUCache<string, { generation: string; expiresAt: number; value: Promise<unknown> }>({ max: COMPUTED_MAX_ENTRIES });
  async function perGeneration<T>(
    res: Response,
    key: string,
    compute: () => Promise<T>,
    { ttlSeconds = Infinity, keep }: { ttlSeconds?: number; keep?: (value: T) => boolean } = {},
  ): Promise<T> {
    // One read per request, however many values the view asks for (site, page, restrictions, props, chrome).
    const locals = res.locals as { pageCacheTicket?: Ticket; publicPagesGeneration?: Promise<string> };
    const generation = locals.pageCacheTicket?.generation ?? (await (locals.publicPagesGeneration ??= readGeneration()));
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

  return { serve, send, perGeneration };
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
