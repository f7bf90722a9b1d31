/**
 * Changes of the page tree's shape: creating the root, adding a child, moving a subtree,
 * reordering siblings and deleting a subtree. Each runs in one transaction on row-locked rows.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Page } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { slugify } from '../../../client/lib/slugs';
import { lockPage, lockParent, lockSubtree } from './locking';
import { getPageOrThrow, getRootPage } from './queries';
import { insertRevision, snapshotOfPage } from './revisions';
import { childrenOf, lastChildPath, nextChildPath, pathRewrite, ROOT_PATH, urlPathRewrite } from './tree-paths';
import { assertSlugFree, TITLE_MAX_LENGTH, validSlug, validTitle } from './validation';

/** Fields for a new page under a parent; omitted ones get the column defaults. */
export interface AddChildInput {
  title: string;
  slug?: string;
  pageType: string;
  content?: Record<string, unknown>;
  live?: boolean;
  seoTitle?: string;
  searchDescription?: string;
  showInMenus?: boolean;
  owner?: number | null;
  goLiveAt?: Date | null;
  expireAt?: Date | null;
}

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** Creates the tree root; ConflictError if one already exists. */
export async function createRootPage(db: Db, input: { title: string }): Promise<Page> {
  const title = validTitle(input.title);
  return withTransaction(db, async (trx) => {
    if (await getRootPage(trx)) throw new ConflictError('The root page already exists');
    try {
      return await trx
        .insertInto('pages')
        .values({
          path: ROOT_PATH,
          depth: 1,
          numchild: 0,
          title,
          draft_title: title,
          slug: 'root',
          url_path: '/',
          page_type: 'root',
          content: JSON.stringify({}),
          live: true,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Lost a race with another process creating the root at the same moment.
      if (isUniqueViolation(error)) throw new ConflictError('The root page already exists', { cause: error });
      throw error;
    }
  });
}

/** Adds a page as the last child of parent, with its first revision; returns the new row. */
export async function addChild(db: Db, parent: Page, input: AddChildInput): Promise<Page> {
  const title = validTitle(input.title);
  const slug = validSlug(input.slug ?? slugify(title));
  if (!input.pageType.trim()) throw new ValidationError('Page type is required');
  const seoTitle = input.seoTitle ?? '';
  if (seoTitle.length > TITLE_MAX_LENGTH) throw new ValidationError(`SEO title is longer than ${TITLE_MAX_LENGTH} characters`);
  const live = input.live ?? true;

  return withTransaction(db, async (trx) => {
    const lockedParent = await lockPage(trx, parent.id);
    await assertSlugFree(trx, lockedParent, slug);
    const path = await nextChildPath(trx, lockedParent);
    const now = new Date();
    const page = await trx
      .insertInto('pages')
      .values({
        path,
        depth: lockedParent.depth + 1,
        numchild: 0,
        title,
        draft_title: title,
        slug,
        url_path: `${lockedParent.url_path}${slug}/`,
        page_type: input.pageType,
        content: JSON.stringify(input.content ?? {}),
        seo_title: seoTitle,
        search_description: input.searchDescription ?? '',
        show_in_menus: input.showInMenus ?? false,
        live,
        // A page created as a draft has content that nobody has published yet.
        has_unpublished_changes: !live,
        first_published_at: live ? now : null,
        last_published_at: live ? now : null,
        go_live_at: input.goLiveAt ?? null,
        expire_at: input.expireAt ?? null,
        owner: input.owner ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('pages')
      .set({ numchild: sql<number>`numchild + 1` })
      .where('id', '=', lockedParent.id)
      .execute();
    const revision = await insertRevision(trx, page.id, snapshotOfPage(page), { userId: input.owner ?? null });
    return trx
      .updateTable('pages')
      .set({
        latest_revision_id: revision.id,
        latest_revision_created_at: revision.created_at,
        live_revision_id: live ? revision.id : null,
      })
      .where('id', '=', page.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Moves a page with its subtree to be the last child of newParent; returns the moved page. */
export async function movePage(db: Db, page: Page, newParent: Page): Promise<Page> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    if (current.depth === 1) throw new ValidationError('The root page cannot be moved');
    const target = await lockPage(trx, newParent.id);
    if (target.path.startsWith(current.path)) {
      throw new ValidationError(`Cannot move "${current.title}" into itself or one of its descendants`);
    }
    await lockSubtree(trx, current);
    const oldParent = await lockParent(trx, current);
    const sameParent = oldParent.id === target.id;
    if (sameParent && (await lastChildPath(trx, target)) === current.path) return current;
    await assertSlugFree(trx, target, current.slug, current.id);

    const newPath = await nextChildPath(trx, target);
    await rewriteSubtree(trx, current, {
      path: newPath,
      depth: target.depth + 1,
      urlPath: `${target.url_path}${current.slug}/`,
    });
    if (!sameParent) {
      await trx
        .updateTable('pages')
        .set({ numchild: sql<number>`numchild - 1` })
        .where('id', '=', oldParent.id)
        .execute();
      await trx
        .updateTable('pages')
        .set({ numchild: sql<number>`numchild + 1` })
        .where('id', '=', target.id)
        .execute();
    }
    return getPageOrThrow(trx, current.id);
  });
}

// One UPDATE for the whole subtree: every descendant keeps its path and url_path suffix
// below the top page, so swapping the prefixes is enough.
async function rewriteSubtree(trx: Db, top: Page, to: { path: string; depth: number; urlPath: string }): Promise<void> {
  await trx
    .updateTable('pages')
    .set({
      path: pathRewrite(top.path, to.path),
      depth: sql<number>`depth + ${to.depth - top.depth}::integer`,
      url_path: urlPathRewrite(top.url_path, to.urlPath),
    })
    .where('path', 'like', `${top.path}%`)
    .execute();
}

/**
 * Swaps a page with its previous or next sibling in the tree order (the explorer's arrows);
 * returns false when it already is first or last.
 */
export async function swapWithSibling(db: Db, page: Page, direction: 'up' | 'down'): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    if (current.depth <= 1) throw new ValidationError('The root page has no siblings');
    const parent = await lockParent(trx, current);
    const sibling = await trx
      .selectFrom('pages')
      .selectAll()
      .where(childrenOf(parent))
      .where('path', direction === 'up' ? '<' : '>', current.path)
      .orderBy('path', direction === 'up' ? 'desc' : 'asc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!sibling) return false;
    await lockSubtree(trx, current);
    await lockSubtree(trx, sibling);
    // '~' is outside the path alphabet, so the parked prefix can collide with no real path.
    const parked = `~${current.path.slice(1)}`;
    const swapPrefix = async (from: string, to: string) =>
      trx
        .updateTable('pages')
        .set({ path: pathRewrite(from, to) })
        .where('path', 'like', `${from}%`)
        .execute();
    await swapPrefix(current.path, parked);
    await swapPrefix(sibling.path, current.path);
    await swapPrefix(parked, sibling.path);
    return true;
  });
}

/** Deletes a page and its subtree (revisions cascade); returns how many pages were deleted. */
export async function deleteSubtree(db: Db, page: Page): Promise<number> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    if (current.depth === 1) throw new ValidationError('The root page cannot be deleted');
    await lockSubtree(trx, current);
    const parent = await lockParent(trx, current);
    const result = await trx.deleteFrom('pages').where('path', 'like', `${current.path}%`).executeTakeFirst();
    await trx
      .updateTable('pages')
      .set({ numchild: sql<number>`numchild - 1` })
      .where('id', '=', parent.id)
      .execute();
    return Number(result.numDeletedRows);
  });
}
