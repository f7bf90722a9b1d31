import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';

/** Which part of a site a public listing draws its pages from, and which of them it wants. */
export interface PublicListingScope {
  /** The root page of the site being shown: nothing outside it is listed. */
  siteRoot: Page;
  /** The page whose subtree is listed. */
  under: Page;
  /** Lists `under` itself first, when it is public. */
  inclusive?: boolean;
  /** How many levels below `under` to list (1: its children); every level when left out. */
  levels?: number;
  /** Only pages of these types. */
  pageTypes?: readonly string[];
  /** Only pages whose type search engines may index (the page type registry knows). */
  isIndexableType?: (pageType: string) => boolean;
}

/**
 * The only way a public listing (sitemap.xml, the site map and tiered nav blocks, the header
 * menu, the press pages) selects pages: live, unexpired, inside the site, and neither under a
 * view restriction of their own nor of any ancestor, in tree order. A restriction hides a
 * page's address and title from everyone, as Wagtail's sitemap does, since a listing is shared
 * by all visitors and cached.
 */
export async function publicListablePages(db: Db, scope: PublicListingScope): Promise<Page[]> {
  const { siteRoot, under } = scope;
  let query = db
    .selectFrom('pages')
    .selectAll('pages')
    .where('pages.path', 'like', `${under.path}%`)
    .where('pages.path', 'like', `${siteRoot.path}%`)
    .where('pages.depth', scope.inclusive ? '>=' : '>', under.depth)
    .where('pages.live', '=', true)
    .where('pages.expired', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('page_view_restrictions')
            .innerJoin('pages as restricted', 'restricted.id', 'page_view_restrictions.page_id')
            .select(sql.lit(1).as('one'))
            .where(sql<boolean>`starts_with(pages.path, restricted.path)`),
        ),
      ),
    );
  if (scope.levels !== undefined) query = query.where('pages.depth', '<=', under.depth + scope.levels);
  if (scope.pageTypes) query = query.where('pages.page_type', 'in', scope.pageTypes.length > 0 ? [...scope.pageTypes] : ['']);
  const pages = await query.orderBy('pages.path').execute();
  const { isIndexableType } = scope;
  return isIndexableType ? pages.filter((page) => isIndexableType(page.page_type)) : pages;
}
