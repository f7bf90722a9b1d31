import type { RequestOrigin } from '../request-origin';
import type { Db } from '../db/database';
import type { Page, Site } from '../db/schema';
import { getPage } from '../models/pages';
import { findSiteForRequest } from '../models/sites';
import { parseHost } from '../request-host';

/** The site a request is for, with its root page. */
export interface RequestSite {
  site: Site;
  root: Page;
}

/** The port the visitor addressed: from the Host header, else the scheme's default. */
export function requestPort(req: Pick<RequestOrigin, 'host' | 'secure'>): number {
  return parseHost(req.host)?.port ?? (req.secure ? 443 : 80);
}

const DEFAULT_PORTS = new Set([80, 443]);

/**
 * The origin for absolute URLs (sitemap, manifest, links in mail): host and port from the site
 * record, as Wagtail's Site.root_url, never from the Host header; the scheme the visitor used,
 * which only a trusted proxy can change. Without any site, the Host the host guard allowed.
 */
export function siteOrigin(req: Pick<RequestOrigin, 'protocol' | 'host'>, site: Pick<Site, 'hostname' | 'port'> | undefined): string {
  if (!site) return `${req.protocol}://${req.host}`;
  const scheme = site.port === 443 ? 'https' : req.protocol;
  return `${scheme}://${site.hostname}${DEFAULT_PORTS.has(site.port) ? '' : `:${site.port}`}`;
}

/** Resolves the request's site by Host header (default site otherwise) and its root page. */
export async function resolveRequestSite(db: Db, req: RequestOrigin): Promise<RequestSite | undefined> {
  const site = await findSiteForRequest(db, parseHost(req.host)?.hostname ?? '', requestPort(req));
  const root = site && (await getPage(db, site.root_page_id));
  return site && root ? { site, root } : undefined;
}
