import type { Page } from '../db/schema';
import { findLiveDescendantOfType, getAncestors } from '../models/pages';
import type { BlockContext } from '../blocks/types';

/**
 * The page of a type that a page belongs with: its nearest live ancestor of that type, else
 * the site's shallowest live page of it (a press release's press section, a city's state
 * list). Undefined when the site has none.
 */
export async function relatedPageOfType(page: Page, pageType: string, context: BlockContext): Promise<Page | undefined> {
  const ancestors = await getAncestors(context.db, page);
  const ancestor = ancestors.findLast((candidate) => candidate.page_type === pageType && candidate.live && !candidate.expired && candidate.path.startsWith(context.siteRoot.path));
  return ancestor ?? findLiveDescendantOfType(context.db, context.siteRoot, pageType);
}
