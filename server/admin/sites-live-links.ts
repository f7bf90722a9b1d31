import type { Request } from 'express';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { listSiteRoots, siteRootOf } from '../models/sites';
import { pageUrlWithinSite } from '../site-chrome';
import { resolveRequestSite, siteOrigin } from '../views/site-request';

/** Builds the public addresses of pages for one admin request: see liveLinksFor. */
export interface LiveLinks {
  /** The "View live" address of a page, or null while it is not live or belongs to no site. */
  urlOf(page: Pick<Page, 'live' | 'path' | 'url_path'>): string | null;
  /** The page's full address, origin included (Wagtail's Page.full_url, the admin API's html_url), or null as urlOf. */
  absoluteUrlOf(page: Pick<Page, 'live' | 'path' | 'url_path'>): string | null;
}

/**
 * The one place the back office builds links to the public site, as Wagtail's Page.get_url:
 * a page of the site the back office was opened on (or of the only site) by its path, so the
 * host and port the editor typed are kept; any other page by its own site's root URL, port
 * included. Sites are read once, so a listing costs two queries however many rows it has.
 */
export async function liveLinksFor(db: Db, req: Request): Promise<LiveLinks> {
  const [roots, current] = await Promise.all([listSiteRoots(db), resolveRequestSite(db, req)]);
  const singleSite = new Set(roots.map((root) => root.rootPath)).size === 1;
  const address = (page: Pick<Page, 'live' | 'path' | 'url_path'>) => {
    const match = page.live ? siteRootOf(roots, page) : undefined;
    return match && { site: match.site, path: pageUrlWithinSite(page, { url_path: match.rootUrlPath }) };
  };
  return {
    urlOf(page) {
      const found = address(page);
      if (!found) return null;
      return singleSite || found.site.id === current?.site.id ? found.path : `${siteOrigin(req, found.site)}${found.path}`;
    },
    absoluteUrlOf(page) {
      const found = address(page);
      return found ? `${siteOrigin(req, found.site)}${found.path}` : null;
    },
  };
}
