import type { Request } from 'express';
import type { Db } from '../db/database';
import type { Page, Site } from '../db/schema';
import { getPage } from '../models/pages';
import { findSiteForRequest } from '../models/sites';

/** The site a request is for, with its root page. */
export interface RequestSite {
  site: Site;
  root: Page;
}

/** The port the visitor addressed: from the Host header, else the scheme's default. */
export function requestPort(req: Request): number {
  const match = /:(\d+)$/.exec(req.get('host') ?? '');
  return match ? Number(match[1]) : req.secure ? 443 : 80;
}

/** The scheme and host the visitor used, for absolute URLs (sitemap, manifest). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** Resolves the request's site by Host header (default site otherwise) and its root page. */
export async function resolveRequestSite(db: Db, req: Request): Promise<RequestSite | undefined> {
  const site = await findSiteForRequest(db, req.hostname, requestPort(req));
  const root = site && (await getPage(db, site.root_page_id));
  return site && root ? { site, root } : undefined;
}
