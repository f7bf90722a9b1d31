/**
 * Locks on pages: the row locks every change of the tree takes on what it builds on, and the
 * lock an editor puts on a page (Wagtail's LockableMixin) so nobody else changes it meanwhile.
 */
import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { parentPathOf } from './tree-paths';

// Callers pass Page objects that may be stale (another request may have moved the page),
// so every change re-reads the rows it builds on under a row lock.
/** The page row locked FOR UPDATE inside a transaction; NotFoundError if it is gone. */
export async function lockPage(trx: Db, id: number): Promise<Page> {
  const page = await trx.selectFrom('pages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!page) throw new NotFoundError(`Page ${id} not found`);
  return page;
}

/** The parent row of a page locked FOR UPDATE; NotFoundError if it is gone. */
export async function lockParent(trx: Db, page: Page): Promise<Page> {
  const path = parentPathOf(page.path);
  const parent = await trx.selectFrom('pages').selectAll().where('path', '=', path).forUpdate().executeTakeFirst();
  if (!parent) throw new NotFoundError(`Parent of page ${page.id} not found`);
  return parent;
}

/**
 * Locks every row of a page's subtree. A set-based rewrite or delete sees only rows committed
 * when its statement starts; holding every subtree row first makes a concurrent addChild under
 * one of them (which locks its parent) either finish before we rewrite, or wait and then read
 * the rewritten parent.
 */
export async function lockSubtree(trx: Db, page: Page): Promise<void> {
  await trx.selectFrom('pages').select('id').where('path', 'like', `${page.path}%`).orderBy('path').forUpdate().execute();
}

/** Locks a page for one user, or unlocks it (userId null). */
export async function setPageLock(db: Db, page: Page, userId: number | null, now = new Date()): Promise<Page> {
  return db
    .updateTable('pages')
    .set(userId === null ? { locked: false, locked_by: null, locked_at: null } : { locked: true, locked_by: userId, locked_at: now })
    .where('id', '=', page.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
