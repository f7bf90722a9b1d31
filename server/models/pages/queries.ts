/** Reading the page tree: one page, its relatives, and pages by address. */
import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { childrenOf, parentPathOf, PATH_STEP_LENGTH } from './tree-paths';

/** The page with this id, or undefined. */
export async function getPage(db: Db, id: number): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The page with this id; NotFoundError if there is none. */
export async function getPageOrThrow(db: Db, id: number): Promise<Page> {
  const page = await getPage(db, id);
  if (!page) throw new NotFoundError(`Page ${id} not found`);
  return page;
}

/** The tree root (depth 1), or undefined before it is created. */
export async function getRootPage(db: Db): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('depth', '=', 1).orderBy('path').limit(1).executeTakeFirst();
}

/** Direct children of a page in tree order; liveOnly drops unpublished ones. */
export async function getChildren(db: Db, page: Page, options: { liveOnly?: boolean } = {}): Promise<Page[]> {
  let query = db.selectFrom('pages').selectAll().where(childrenOf(page));
  if (options.liveOnly) query = query.where('live', '=', true);
  return query.orderBy('path').execute();
}

/** Ancestors of a page, root first; inclusive appends the page itself. */
export async function getAncestors(db: Db, page: Page, options: { inclusive?: boolean } = {}): Promise<Page[]> {
  const paths: string[] = [];
  const lastDepth = options.inclusive ? page.depth : page.depth - 1;
  for (let depth = 1; depth <= lastDepth; depth++) paths.push(page.path.slice(0, depth * PATH_STEP_LENGTH));
  if (paths.length === 0) return [];
  return db.selectFrom('pages').selectAll().where('path', 'in', paths).orderBy('path').execute();
}

/** The whole subtree below a page in tree order; inclusive puts the page itself first. */
export async function getDescendants(db: Db, page: Page, options: { inclusive?: boolean; liveOnly?: boolean } = {}): Promise<Page[]> {
  let query = db.selectFrom('pages').selectAll().where('path', 'like', `${page.path}%`);
  if (!options.inclusive) query = query.where('depth', '>', page.depth);
  if (options.liveOnly) query = query.where('live', '=', true);
  return query.orderBy('path').execute();
}

/** The shallowest live, unexpired page of a type within a subtree (a site's footer page, say). */
export async function findLiveDescendantOfType(db: Db, ancestor: Pick<Page, 'path'>, pageType: string): Promise<Page | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('path', 'like', `${ancestor.path}%`)
    .where('page_type', '=', pageType)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('depth')
    .orderBy('path')
    .limit(1)
    .executeTakeFirst();
}

/** The parent of a page, or undefined for the root. */
export async function getParent(db: Db, page: Page): Promise<Page | undefined> {
  if (page.depth <= 1) return undefined;
  return db.selectFrom('pages').selectAll().where('path', '=', parentPathOf(page.path)).executeTakeFirst();
}

/**
 * Resolves URL components below a site root to a page in one indexed lookup on url_path;
 * by default only live, unexpired pages are found.
 */
export async function findPageByUrlPath(db: Db, siteRoot: Page, components: string[], options: { liveOnly?: boolean } = {}): Promise<Page | undefined> {
  // Tolerate the empty pieces that splitting "/menu//lunch/" on "/" leaves behind.
  const parts = components.filter((part) => part !== '');
  const urlPath = parts.length === 0 ? siteRoot.url_path : `${siteRoot.url_path}${parts.join('/')}/`;
  let query = db.selectFrom('pages').selectAll().where('url_path', '=', urlPath).where('path', 'like', `${siteRoot.path}%`);
  if (options.liveOnly ?? true) query = query.where('live', '=', true).where('expired', '=', false);
  return query.orderBy('path').limit(1).executeTakeFirst();
}

/**
 * The deepest live, unexpired page of one of `pageTypes` that is a strict ancestor of the
 * address `components` names, with the components left below it: the page that may route
 * the rest of the address. Undefined when there is none.
 */
export async function findDeepestLiveAncestorOfTypes(
  db: Db,
  siteRoot: Page,
  components: readonly string[],
  pageTypes: readonly string[],
): Promise<{ page: Page; remaining: string[] } | undefined> {
  const parts = components.filter((part) => part !== '');
  if (parts.length === 0 || pageTypes.length === 0) return undefined;
  const urlPaths = parts.map((_, length) => (length === 0 ? siteRoot.url_path : `${siteRoot.url_path}${parts.slice(0, length).join('/')}/`));
  const page = await db
    .selectFrom('pages')
    .selectAll()
    .where('url_path', 'in', urlPaths)
    .where('path', 'like', `${siteRoot.path}%`)
    .where('page_type', 'in', pageTypes)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('depth', 'desc')
    .orderBy('path')
    .limit(1)
    .executeTakeFirst();
  return page && { page, remaining: parts.slice(page.depth - siteRoot.depth) };
}
