import type { Request, RequestHandler } from 'express';
import type { Db } from '../db/database';
import { getPage } from '../models/pages';
import type { RedirectTable, RedirectTarget } from '../models/redirects/table';
import { siteForPage } from '../models/sites';
import { pageUrlWithinSite } from '../site-chrome';
import type { PageResponder } from './page-response';
import { resolveRequestSite, siteOrigin, type RequestSite } from './site-request';

interface RedirectOptions {
  db: Db;
  table: RedirectTable;
}

/**
 * Editors' redirects, matched before the page tree (GET and HEAD), so an editor can send even a
 * live page's address elsewhere. A request whose path no editor's redirect names costs a Map
 * lookup: the site is resolved only for a path that may match.
 */
export function redirectsBeforePages({ db, table }: RedirectOptions): RequestHandler {
  return async function redirectBeforePages(req, res, next) {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !(await table.mayMatchBeforePages(req.originalUrl))) return next();
    const site = await resolveRequestSite(db, req);
    const location = await redirectLocation(db, req, site, await table.match(req.originalUrl, site?.site.id, 'before-pages'));
    if (location === undefined) return next();
    res.redirect(location.isPermanent ? 301 : 302, location.url);
  };
}

/**
 * Every redirect, automatic ones included, on the way to a 404, as Wagtail's RedirectMiddleware:
 * an automatic redirect never hides a page published later at the address it left. The
 * responder's 404 answers a matching redirect with 301 (permanent) or 302 (temporary) instead;
 * every public view that says "not found" goes through it.
 */
export function withRedirects(responder: PageResponder, { db, table }: RedirectOptions): PageResponder {
  return {
    ...responder,
    async notFound(req, res, site) {
      const location = await redirectLocation(db, req, site, await table.match(req.originalUrl, site?.site.id, 'not-found'));
      if (location === undefined) return responder.notFound(req, res, site);
      res.redirect(location.isPermanent ? 301 : 302, location.url);
    },
  };
}

/** Where a target sends this request; a page that is not live sends nowhere (Wagtail's link is None). */
async function redirectLocation(db: Db, req: Request, site: RequestSite | undefined, target: RedirectTarget | undefined) {
  if (!target) return undefined;
  if (target.kind === 'link') return target.link ? { url: target.link, isPermanent: target.isPermanent } : undefined;
  const page = await getPage(db, target.pageId);
  const pageSite = page?.live ? await siteForPage(db, page) : undefined;
  if (!page || !pageSite) return undefined;
  const path = pageUrlWithinSite(page, pageSite.root);
  // Relative on the visitor's own site, as Wagtail's Page.url; absolute across sites.
  const url = pageSite.site.id === site?.site.id ? path : `${siteOrigin(req, pageSite.site)}${path}`;
  return { url, isPermanent: target.isPermanent };
}
