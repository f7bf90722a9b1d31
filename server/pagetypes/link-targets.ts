import { z } from 'zod';
import { resolvePageUrl, urlSchema } from '../blocks/references';
import type { BlockContext } from '../blocks/types';
import { getPage } from '../models/pages';
import { pageUrlWithinSite } from '../site-chrome';

/** A link to a live page of the site as press and directory pages show it (SPEC §3 "see_all_link"). */
export interface PageLink {
  id: number;
  url: string;
  title: string;
}

/** A typed link address that may also be left empty: '' is stored as null. */
export const optionalUrlSchema = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), urlSchema.nullable().default(null));

/**
 * Where a link field set to a page or a URL points: the page when it is live in this site,
 * else the URL, else null. A page chosen but since unpublished falls back to the URL.
 */
export async function resolvePageOrUrl(context: BlockContext, pageId: number | null, url: string | null): Promise<string | null> {
  return (await resolvePageUrl(context, pageId)) ?? url;
}

/** A page by id as a link with its title, or null when it is not a live page of this site. */
export async function resolvePageLink(context: BlockContext, pageId: number | null): Promise<PageLink | null> {
  if (!pageId) return null;
  const page = await getPage(context.db, pageId);
  if (!page?.live || page.expired || !page.path.startsWith(context.siteRoot.path)) {
    context.logger.warn({ reference: `page ${pageId}` }, 'A page links to a page that is not live in this site');
    return null;
  }
  return { id: page.id, url: pageUrlWithinSite(page, context.siteRoot), title: page.title };
}
