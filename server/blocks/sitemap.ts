import { z } from 'zod';
import type { SitemapEntry, SitemapProps } from '../../client/blocks/Sitemap';
import type { Page } from '../db/schema';
import { PATH_STEP_LENGTH } from '../models/pages';
import { publicListablePages } from '../models/public-pages';
import { pageUrlWithinSite } from '../site-chrome';
import { optionalHeadingSchema } from './text-fields';
import { defineBlock } from './types';

// Most entries one site map lists; a directory of thousands of locations is not for reading.
const SITEMAP_MAX_ENTRIES = 1_000;

/**
 * Nests pages (in tree order, parents first) under the first one. A page whose parent was left
 * out is left out too, so nothing hangs under the wrong branch.
 */
function nestPages(pages: readonly Page[], siteRoot: Page): SitemapEntry[] {
  const entriesByPath = new Map<string, SitemapEntry>();
  const top: SitemapEntry[] = [];
  for (const page of pages.slice(0, SITEMAP_MAX_ENTRIES)) {
    const entry: SitemapEntry = { id: page.id, title: page.title, url: pageUrlWithinSite(page, siteRoot), children: [] };
    if (page.id === siteRoot.id) top.push(entry);
    else {
      const parent = entriesByPath.get(page.path.slice(0, -PATH_STEP_LENGTH));
      if (!parent) continue;
      parent.children.push(entry);
    }
    entriesByPath.set(page.path, entry);
  }
  return top;
}

/** The site's page tree as nested links: live, listable pages under the site root. */
export const sitemapBlock = defineBlock({
  type: 'sitemap',
  label: 'Site map',
  preview: { heading: 'Site map' },
  schema: z.object({ heading: optionalHeadingSchema }),
  toProps: async (value, context): Promise<SitemapProps> => {
    const { siteRoot } = context;
    const pages = await publicListablePages(context.db, { siteRoot, under: siteRoot, inclusive: true, isIndexableType: context.isIndexableType });
    return { heading: value.heading, pages: nestPages(pages, context.siteRoot) };
  },
});
