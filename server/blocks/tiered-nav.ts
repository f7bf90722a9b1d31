import { z } from 'zod';
import type { TieredNavLink, TieredNavProps } from '../../client/blocks/TieredNav';
import type { Page } from '../db/schema';
import { getPage } from '../models/pages';
import { publicListablePages } from '../models/public-pages';
import { pageUrlWithinSite } from '../site-chrome';
import { pageRefSchema } from './references';
import { indexableTypeFilter } from './sitemap';
import { optionalHeadingSchema } from './text-fields';
import { defineBlock, type BlockContext } from './types';

function navLink(page: Page, context: BlockContext): TieredNavLink {
  return { id: page.id, url: pageUrlWithinSite(page, context.siteRoot), title: page.title };
}

/** The public pages a tiered nav shows: its root first, then two levels below it in tree order. */
async function navPages(root: Page, context: BlockContext): Promise<Page[]> {
  const isIndexableType = await indexableTypeFilter();
  return publicListablePages(context.db, { siteRoot: context.siteRoot, under: root, inclusive: true, levels: 2, isIndexableType });
}

/**
 * Two tiers of links below a root page (SPEC §3): its public children, and for each of them its
 * own public children, which show when the visitor picks that tier-one link.
 */
export const tieredNavBlock = defineBlock({
  type: 'tiered_nav',
  label: 'Tiered nav',
  schema: z.object({ heading: optionalHeadingSchema, root_page: pageRefSchema.nullable().default(null) }),
  toProps: async (value, context): Promise<TieredNavProps> => {
    const root = value.root_page === null ? context.siteRoot : await getPage(context.db, value.root_page);
    const pages = root ? await navPages(root, context) : [];
    if (!root || pages[0]?.id !== root.id) {
      context.logger.warn({ reference: `page ${value.root_page ?? context.siteRoot.id}` }, 'A tiered nav starts at a page that is not public in this site');
      return { heading: value.heading, rootPage: null, tierOneLinks: [], tierTwoLinks: [] };
    }
    const tierOne = pages.filter((page) => page.depth === root.depth + 1);
    const childrenOf = (parent: Page) => pages.filter((page) => page.depth === parent.depth + 1 && page.path.startsWith(parent.path));
    return {
      heading: value.heading,
      rootPage: navLink(root, context),
      tierOneLinks: tierOne.map((page) => navLink(page, context)),
      tierTwoLinks: tierOne
        .map((page) => ({ parent: page.id, links: childrenOf(page).map((child) => navLink(child, context)) }))
        .filter((group) => group.links.length > 0),
    };
  },
});
