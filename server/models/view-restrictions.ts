import { timingSafeEqual, createHash } from 'node:crypto';
import type { Db } from '../db/database';
import type { CollectionViewRestriction, Page, PageViewRestriction } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { ancestryIds } from './collections';
import { PATH_STEP_LENGTH } from './pages';

/** What a session tells about the visitor, for view restrictions. */
export interface ViewerState {
  userId?: number;
  /** Ids of the password restrictions (of the kind being checked) the visitor has passed. */
  passedViewRestrictions?: readonly number[];
  /** The signed-in user's groups, needed only for 'groups' restrictions. */
  groupIds?: readonly number[];
  isSuperuser?: boolean;
}

/** What page and collection restrictions share (Wagtail's BaseViewRestriction). */
export interface ViewRestrictionRule {
  id: number;
  restriction_type: 'password' | 'login' | 'groups';
  password: string;
  /** The groups a 'groups' restriction lets in. */
  groupIds?: readonly number[];
}

/** Who may see a collection's documents (or a page, which offers all but groups): everyone, or only some visitors. */
export type ViewPrivacy = { type: 'public' } | { type: 'login' } | { type: 'password'; password: string } | { type: 'groups'; groupIds: number[] };

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

const UNMET: Record<ViewRestrictionRule['restriction_type'], (restriction: ViewRestrictionRule, viewer: ViewerState) => boolean> = {
  login: (_restriction, viewer) => viewer.userId === undefined,
  password: (restriction, viewer) => !viewer.passedViewRestrictions?.includes(restriction.id),
  groups: (restriction, viewer) => viewer.userId === undefined || (!viewer.isSuperuser && !restriction.groupIds?.some((groupId) => viewer.groupIds?.includes(groupId))),
};

/** The first restriction this viewer has not satisfied, or undefined when the page (or document) is open. */
export function firstUnmetRestriction<R extends ViewRestrictionRule>(restrictions: readonly R[], viewer: ViewerState): R | undefined {
  return restrictions.find((restriction) => UNMET[restriction.restriction_type](restriction, viewer));
}

/** A restriction by id, if it protects this page (directly or through an ancestor). */
export async function restrictionForPage(db: Db, restrictionId: number, page: Pick<Page, 'path'>): Promise<PageViewRestriction | undefined> {
  return (await restrictionsForPage(db, page)).find((restriction) => restriction.id === restrictionId);
}

/** Compares a submitted password with a restriction's in constant time. */
export function passwordMatches(restriction: Pick<ViewRestrictionRule, 'restriction_type' | 'password'>, submitted: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return restriction.restriction_type === 'password' && timingSafeEqual(digest(restriction.password), digest(submitted));
}

/** Paths of the pages that carry a view restriction; their subtrees are not public. */
export async function restrictedPagePaths(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('page_view_restrictions').innerJoin('pages', 'pages.id', 'page_view_restrictions.page_id').select('pages.path').execute();
  return rows.map((row) => row.path);
}

/** The restrictions the pages of a subtree carry of their own (not those inherited from above it), in tree order, with each page's title. */
export async function restrictionsWithinSubtree(db: Db, top: Pick<Page, 'path'>): Promise<Array<PageViewRestriction & { title: string }>> {
  return db
    .selectFrom('page_view_restrictions')
    .innerJoin('pages', 'pages.id', 'page_view_restrictions.page_id')
    .selectAll('page_view_restrictions')
    .select('pages.title')
    .where('pages.path', 'like', `${top.path}%`)
    .orderBy('pages.path')
    .orderBy('page_view_restrictions.id')
    .execute();
}

/** Adds a view restriction to a page. */
export async function addViewRestriction(db: Db, page: Pick<Page, 'id'>, restriction: { type: 'password'; password: string } | { type: 'login' }): Promise<PageViewRestriction> {
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

/** A collection restriction with the groups it lets in. */
export type CollectionRestriction = CollectionViewRestriction & { groupIds: number[] };

async function withGroups(db: Db, restrictions: CollectionViewRestriction[]): Promise<CollectionRestriction[]> {
  const ids = restrictions.filter((restriction) => restriction.restriction_type === 'groups').map((restriction) => restriction.id);
  const rows = ids.length ? await db.selectFrom('collection_view_restriction_groups').selectAll().where('restriction_id', 'in', ids).execute() : [];
  return restrictions.map((restriction) => ({ ...restriction, groupIds: rows.filter((row) => row.restriction_id === restriction.id).map((row) => row.group_id) }));
}

/** The restrictions that apply to a collection's documents: its own and those of its ancestors, root first. */
export async function restrictionsForCollection(db: Db, collectionId: number): Promise<CollectionRestriction[]> {
  const ancestry = await ancestryIds(db, collectionId);
  const rows = await db.selectFrom('collection_view_restrictions').selectAll().where('collection_id', 'in', ancestry).execute();
  rows.sort((a, b) => ancestry.indexOf(a.collection_id) - ancestry.indexOf(b.collection_id) || a.id - b.id);
  return withGroups(db, rows);
}

/** A collection restriction by id, or undefined. */
export async function getCollectionRestriction(db: Db, id: number): Promise<CollectionRestriction | undefined> {
  const row = await db.selectFrom('collection_view_restrictions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await withGroups(db, [row]))[0];
}

/**
 * Replaces a collection's own restriction with `privacy` (its descendants inherit it); returns
 * how many restrictions were removed. Call inside the caller's transaction.
 */
export async function replaceCollectionRestriction(db: Db, collectionId: number, privacy: ViewPrivacy): Promise<number> {
  return withTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom('collection_view_restrictions').where('collection_id', '=', collectionId).executeTakeFirst();
    if (privacy.type !== 'public') {
      const restriction = await trx
        .insertInto('collection_view_restrictions')
        .values({ collection_id: collectionId, restriction_type: privacy.type, password: privacy.type === 'password' ? privacy.password : '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const groupIds = privacy.type === 'groups' ? [...new Set(privacy.groupIds)] : [];
      if (groupIds.length)
        await trx
          .insertInto('collection_view_restriction_groups')
          .values(groupIds.map((groupId) => ({ restriction_id: restriction.id, group_id: groupId })))
          .execute();
    }
    return Number(removed.numDeletedRows);
  });
}

/** What the restrictions need to know of a signed-in visitor: their groups and superuser status (none for an inactive user). */
export async function viewerMembership(db: Db, userId: number): Promise<Pick<ViewerState, 'groupIds' | 'isSuperuser'>> {
  const [user, groups] = await Promise.all([
    db.selectFrom('users').select(['is_active', 'is_superuser']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute(),
  ]);
  if (!user?.is_active) return { groupIds: [], isSuperuser: false };
  return { groupIds: groups.map((row) => row.group_id), isSuperuser: user.is_superuser };
}
