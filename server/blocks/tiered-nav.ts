import { z } from 'zod';
import type { TieredNavLink, TieredNavProps } from '../../client/blocks/TieredNav';
import type { Page } from '../db/schema';
import { getChildren, getPage } from '../models/pages';
import { pageUrlWithinSite } from '../site-chrome';
import { pageRefSchema } from './references';
import { listablePageFilter } from './sitemap';
import { optionalHeadingSchema } from './text-fields';
import { defineBlock, type BlockContext } from './types';

function navLink(page: Page, context: BlockContext): TieredNavLink {
  return { id: page.id, url: pageUrlWithinSite(page, context.siteRoot), title: page.title };
}

async function listableChildren(page: Page, context: BlockContext, isListable: (page: Page) => boolean): Promise<Page[]> {
  return (await getChildren(context.db, page, { liveOnly: true })).filter(isListable);
}

/**
 * Two tiers of links below a root page (SPEC §3): its live children, and for each of them its
 * own live children, which show when the visitor picks that tier-one link.
 */
export const tieredNavBlock = defineBlock({
  type: 'tiered_nav',
  label: 'Tiered nav',
  schema: z.object({ heading: optionalHeadingSchema, root_page: pageRefSchema.nullable().default(null) }),
  fields: [
    { name: 'heading', label: 'Heading', kind: 'text' },
    {
      name: 'root_page',
      label: 'Root page',
      kind: 'number',
      help_text: "The id of the page whose children form the first tier; empty for the site's home page.",
    },
  ],
  toProps: async (value, context): Promise<TieredNavProps> => {
    const [root, isListable] = await Promise.all([
      value.root_page === null ? context.siteRoot : getPage(context.db, value.root_page),
      listablePageFilter(),
    ]);
    if (!root || !isListable(root) || !root.path.startsWith(context.siteRoot.path)) {
      context.logger.warn({ reference: `page ${value.root_page ?? context.siteRoot.id}` }, 'A tiered nav starts at a page that is not live in this site');
      return { heading: value.heading, rootPage: null, tierOneLinks: [], tierTwoLinks: [] };
    }
    const tierOne = await listableChildren(root, context, isListable);
    const tierTwo = await Promise.all(tierOne.map((page) => listableChildren(page, context, isListable)));
    return {
      heading: value.heading,
      rootPage: navLink(root, context),
      tierOneLinks: tierOne.map((page) => navLink(page, context)),
      tierTwoLinks: tierOne
        .map((page, index) => ({ parent: page.id, links: tierTwo[index]!.map((child) => navLink(child, context)) }))
        .filter((group) => group.links.length > 0),
    };
  },
});
