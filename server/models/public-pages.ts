import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { getDescendants } from './pages';
import { restrictedPagePaths } from './view-restrictions';

/**
 * Pages anyone may find in lists (sitemap.xml, the site map block): live, unexpired, of an
 * indexable type, and not under a view restriction; in tree order, the root first.
 */
export async function publicListablePages(db: Db, root: Page, isIndexableType: (pageType: string) => boolean): Promise<Page[]> {
  const [pages, restricted] = await Promise.all([getDescendants(db, root, { inclusive: true, liveOnly: true }), restrictedPagePaths(db)]);
  return pages.filter(
    (page) => !page.expired && isIndexableType(page.page_type) && !restricted.some((path) => page.path.startsWith(path)),
  );
}
