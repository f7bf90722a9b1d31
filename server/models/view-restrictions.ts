import { timingSafeEqual, createHash } from 'node:crypto';
import type { Db } from '../db/database';
import type { Page, PageViewRestriction } from '../db/schema';
import { PATH_STEP_LENGTH } from './pages';

/** What a session tells about the visitor, for view restrictions. */
export interface ViewerState {
  userId?: number;
  passedViewRestrictions?: readonly number[];
}

/** The materialized paths of a page and all its ancestors. */
function ancestorPaths(path: string): string[] {
  const paths: string[] = [];
  for (let end = PATH_STEP_LENGTH; end <= path.length; end += PATH_STEP_LENGTH) paths.push(path.slice(0, end));
  return paths;
}

/** The restrictions that apply to a page: its own and those of every ancestor. */
export async function restrictionsForPage(db: Db, page: Pick<Page, 'path'>): Promise<PageViewRestriction[]> {
  return db
    .selectFrom('page_view_restrictions')
    .innerJoin('pages', 'pages.id', 'page_view_restrictions.page_id')
    .selectAll('page_view_restrictions')
    .where('pages.path', 'in', ancestorPaths(page.path))
    .orderBy('pages.depth')
    .execute();
}

/** The first restriction this viewer has not satisfied, or undefined when the page is open. */
export function firstUnmetRestriction(restrictions: readonly PageViewRestriction[], viewer: ViewerState): PageViewRestriction | undefined {
  return restrictions.find((restriction) =>
    restriction.restriction_type === 'login' ? viewer.userId === undefined : !viewer.passedViewRestrictions?.includes(restriction.id),
  );
}

/** A restriction by id, if it protects this page (directly or through an ancestor). */
export async function restrictionForPage(db: Db, restrictionId: number, page: Pick<Page, 'path'>): Promise<PageViewRestriction | undefined> {
  return (await restrictionsForPage(db, page)).find((restriction) => restriction.id === restrictionId);
}

/** Compares a submitted password with a restriction's in constant time. */
export function passwordMatches(restriction: PageViewRestriction, submitted: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return restriction.restriction_type === 'password' && timingSafeEqual(digest(restriction.password), digest(submitted));
}

/** Paths of the pages that carry a view restriction; their subtrees are not public. */
export async function restrictedPagePaths(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('page_view_restrictions')
    .innerJoin('pages', 'pages.id', 'page_view_restrictions.page_id')
    .select('pages.path')
    .execute();
  return rows.map((row) => row.path);
}

/** Adds a view restriction to a page. */
export async function addViewRestriction(
  db: Db,
  page: Pick<Page, 'id'>,
  restriction: { type: 'password'; password: string } | { type: 'login' },
): Promise<PageViewRestriction> {
  return db
    .insertInto('page_view_restrictions')
    .values({ page_id: page.id, restriction_type: restriction.type, password: restriction.type === 'password' ? restriction.password : '' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a page's own view restrictions (not those of its ancestors); returns how many. */
export async function removeViewRestrictions(db: Db, page: Pick<Page, 'id'>): Promise<number> {
  const result = await db.deleteFrom('page_view_restrictions').where('page_id', '=', page.id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
