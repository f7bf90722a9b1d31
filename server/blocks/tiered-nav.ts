import { z } from 'zod';
import type { TieredNavLink, TieredNavProps } from '../../client/blocks/TieredNav';
import type { Page } from '../db/schema';
import { getPage } from '../models/pages';
import { publicListablePages } from '../models/public-pages';
import { getSnippet } from '../models/snippets/store';
import { pageUrlWithinSite } from '../site-chrome';
import { pageRefSchema } from './references';
import { optionalHeadingSchema } from './text-fields';
import { defineBlock, type BlockContext } from './types';

function navLink(page: Page, context: BlockContext): TieredNavLink {
  return { id: page.id, url: pageUrlWithinSite(page, context.siteRoot), title: page.title };
}

/** The public pages a tiered nav shows: its root first, then two levels below it in tree order. */
function navPages(root: Page, context: BlockContext): Promise<Page[]> {
  return publicListablePages(context.db, { siteRoot: context.siteRoot, under: root, inclusive: true, levels: 2, isIndexableType: context.isIndexableType });
}

/** A tiered navigation snippet, by id (snippets › tiered navigations). */
const tieredNavigationRefSchema = z
  .number()
  .int()
  .positive()
  .meta({ widget: 'tiered_navigation', label: 'Navigation', help_text: 'The tiered navigation snippet to show. Without one, the block shows the root page below.' });

const emptyNav = (heading: string): TieredNavProps => ({ heading, rootPage: null, tierOneLinks: [], tierTwoLinks: [] });

/** The root page and heading a block shows: its navigation snippet's when it names one, else its own root page (the site root by default). */
async function navSource(
  value: { heading: string; navigation: number | null; root_page: number | null },
  context: BlockContext,
): Promise<{ rootId: number | null; heading: string; reference: string } | undefined> {
  if (value.navigation === null) return { rootId: value.root_page, heading: value.heading, reference: `page ${value.root_page ?? context.siteRoot.id}` };
  const navigation = await getSnippet(context.db, 'tiered_navigation', value.navigation);
  if (!navigation) return undefined;
  return { rootId: navigation.fields.root_page_id, heading: value.heading || navigation.fields.heading, reference: `tiered navigation ${navigation.id}` };
}

/**
 * Two tiers of links below a root page (SPEC §3): its public children, and for each of them its
 * own public children, which show when the visitor picks that tier-one link. The root page and
 * heading come from a tiered navigation snippet, so one change shows on every page using it;
 * blocks saved before snippets name their root page themselves, and still render.
 */
export const tieredNavBlock = defineBlock({
  type: 'tiered_nav',
  label: 'Tiered nav',
  preview: { heading: 'Explore the site' },
  schema: z.object({
    heading: optionalHeadingSchema,
    navigation: tieredNavigationRefSchema.nullable().default(null),
    root_page: pageRefSchema.nullable().default(null).meta({ label: 'Root page', help_text: 'Used when no navigation is chosen; the site root when empty.' }),
  }),
  toProps: async (value, context): Promise<TieredNavProps> => {
    const source = await navSource(value, context);
    if (!source) {
      context.logger.warn({ reference: `tiered navigation ${value.navigation}` }, 'A tiered nav refers to a navigation that no longer exists');
      return emptyNav(value.heading);
    }
    const root = source.rootId === null ? context.siteRoot : await getPage(context.db, source.rootId);
    const pages = root ? await navPages(root, context) : [];
    if (!root || pages[0]?.id !== root.id) {
      context.logger.warn({ reference: source.reference }, 'A tiered nav starts at a page that is not public in this site');
      return emptyNav(source.heading);
    }
    const tierOne = pages.filter((page) => page.depth === root.depth + 1);
    const childrenOf = (parent: Page) => pages.filter((page) => page.depth === parent.depth + 1 && page.path.startsWith(parent.path));
    return {
      heading: source.heading,
      rootPage: navLink(root, context),
      tierOneLinks: tierOne.map((page) => navLink(page, context)),
      tierTwoLinks: tierOne.map((page) => ({ parent: page.id, links: childrenOf(page).map((child) => navLink(child, context)) })).filter((group) => group.links.length > 0),
    };
  },
});
