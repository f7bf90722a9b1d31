import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { SiteChrome } from '../../client/lib/page-data';
import { gettext } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { Page, Site } from '../db/schema';
import { findPageByUrlPath, getPage } from '../models/pages';
import { findSiteForRequest } from '../models/sites';
import { PAGE_TYPES } from '../pagetypes/index';
import type { PageRenderer } from '../render';
import { FALLBACK_SITE_CHROME, loadSiteChrome } from '../site-chrome';

/** Dependencies of the public page views. */
export interface ServeOptions {
  db: Db;
  logger: Logger;
  renderer: PageRenderer;
}

interface ResolvedSite {
  site: Site;
  root: Page;
}

/** Raised when a stored page cannot be served: its type is unknown or its content invalid. */
export class PageContentError extends Error {
  override name = 'PageContentError';
}

/** The public site: page tree lookup, page type props and the 404 page. */
export function publicPages({ db, logger, renderer }: ServeOptions) {
  async function resolveSite(req: Request): Promise<ResolvedSite | undefined> {
    const site = await findSiteForRequest(db, req.hostname, requestPort(req));
    const root = site && (await getPage(db, site.root_page_id));
    return site && root ? { site, root } : undefined;
  }

  async function chromeFor(resolved: ResolvedSite | undefined, log: Logger): Promise<SiteChrome> {
    return resolved ? loadSiteChrome(db, resolved.site, resolved.root, log) : FALLBACK_SITE_CHROME;
  }

  async function sendNotFound(req: Request, res: Response, resolved: ResolvedSite | undefined): Promise<void> {
    const title = gettext('Page not found');
    const html = await renderer.render({
      template: 'error 404',
      props: { title },
      head: { title, robots: 'noindex' },
      site: await chromeFor(resolved, req.log ?? logger),
      req,
      res,
    });
    res.status(404).type('html').send(html);
  }

  /** The catch-all: site by Host, page by url path, props by page type, server render. */
  const servePage: RequestHandler = async (req, res) => {
    const resolved = await resolveSite(req);
    const components = pathComponents(req.path);
    const page = resolved && components && (await findPageByUrlPath(db, resolved.root, components, { liveOnly: true }));
    if (!resolved || !page) return sendNotFound(req, res, resolved);
    const pageType = PAGE_TYPES[page.page_type];
    if (!pageType) throw new PageContentError(`Page ${page.id} has unknown page type "${page.page_type}"`);
    const fields = pageType.fields.safeParse(page.content);
    if (!fields.success) {
      throw new PageContentError(`Page ${page.id} (${page.page_type}) has invalid content: ${fields.error.issues[0]?.message}`);
    }
    const log = req.log ?? logger;
    const [props, site] = await Promise.all([
      pageType.getProps(page, fields.data, { db, logger: log, site: resolved.site, query: queryStrings(req), submitted: false }),
      chromeFor(resolved, log),
    ]);
    const robots = pageType.robots;
    const html = await renderer.render({
      template: pageType.template,
      props: props as Record<string, unknown>,
      head: { title: page.seo_title || page.title, description: page.search_description || undefined, robots },
      site,
      req,
      res,
    });
    res.status(200).type('html').send(html);
  };

  /** /error-pages/404/: the not-found page on purpose, for checking how it looks. */
  const notFoundPreview: RequestHandler = async (req, res) => sendNotFound(req, res, await resolveSite(req));

  /** Any address without its trailing slash is redirected to it, as Django's APPEND_SLASH does. */
  const appendSlash: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.endsWith('/') || /\.[a-z0-9]+$/i.test(req.path)) return next();
    const queryStart = req.originalUrl.indexOf('?');
    const query = queryStart >= 0 ? req.originalUrl.slice(queryStart) : '';
    // Collapse leading slashes: '//evil.example' must not become a protocol-relative redirect.
    res.redirect(301, `/${req.path.replace(/^\/+/, '')}/${query}`);
  };

  return { servePage, notFoundPreview, appendSlash };
}

function requestPort(req: Request): number {
  const host = req.get('host') ?? '';
  const match = /:(\d+)$/.exec(host);
  return match ? Number(match[1]) : req.secure ? 443 : 80;
}

/** The decoded, non-empty path segments, or undefined when a segment is malformed. */
function pathComponents(urlPath: string): string[] | undefined {
  try {
    return urlPath.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function queryStrings(req: Request): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string') result[key] = value;
  return result;
}
