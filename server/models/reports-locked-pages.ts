import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserPermissions } from './permissions';
import { isKeysetSlice, type ReportSlice } from './reports-batches';
import { changeablePageCondition, type ReportPageFields } from './reports-scope';

/** The locked pages report's filters: who locked, when (end excluded) and whether the page is live. */
export interface LockedPagesFilter {
  lockedBy?: number;
  from?: Date;
  until?: Date;
  live?: boolean;
}

/** One locked page with who locked it. */
export interface LockedPageRow extends ReportPageFields {
  latest_revision_created_at: Date | null;
  locked_at: Date | null;
  locked_by: number | null;
  locked_by_username: string | null;
  /** The lock's time for ordering: pages locked before lock times were kept sort last. */
  sort_at: Date;
}

function lockedPages(db: Db, perms: UserPermissions, filter: LockedPagesFilter) {
  let query = db
    .selectFrom('pages')
    .leftJoin('users', 'users.id', 'pages.locked_by')
    .where('pages.locked', '=', true)
    // Wagtail: pages the user may change, and those they locked themselves.
    .where((eb) => eb.or([changeablePageCondition(perms, 'pages'), eb('pages.locked_by', '=', perms.user.id)]));
  if (filter.lockedBy !== undefined) query = query.where('pages.locked_by', '=', filter.lockedBy);
  if (filter.from) query = query.where('pages.locked_at', '>=', filter.from);
  if (filter.until) query = query.where('pages.locked_at', '<', filter.until);
  if (filter.live !== undefined) query = query.where('pages.live', '=', filter.live);
  return query;
}

/** Locked pages the user may see, most recently locked first. */
export async function listLockedPages(db: Db, perms: UserPermissions, filter: LockedPagesFilter, slice: ReportSlice<LockedPageRow>): Promise<LockedPageRow[]> {
  const sortAt = sql<Date>`coalesce(pages.locked_at, 'epoch'::timestamptz)`;
  let query = lockedPages(db, perms, filter).select([
    'pages.id',
    'pages.title',
    'pages.page_type',
    'pages.live',
    'pages.expired',
    'pages.go_live_at',
    'pages.workflow_task_id',
    'pages.has_unpublished_changes',
    'pages.latest_revision_created_at',
    'pages.locked_at',
    'pages.locked_by',
    'users.username as locked_by_username',
    sortAt.as('sort_at'),
  ]);
  query = query.orderBy(sortAt, 'desc').orderBy('pages.id', 'desc').limit(slice.limit);
  if (!isKeysetSlice(slice)) return query.offset(slice.offset).execute();
  const after = slice.after;
  return (after ? query.where(sql<boolean>`(${sortAt}, pages.id) < (${after.sort_at}, ${after.id})`) : query).execute();
}

/** How many locked pages the user may see match the filter. */
export async function countLockedPages(db: Db, perms: UserPermissions, filter: LockedPagesFilter): Promise<number> {
  const row = await lockedPages(db, perms, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The users who hold a lock on some page, by username: the 'Locked by' filter's choices. */
export async function lockingUsers(db: Db): Promise<Array<{ id: number; username: string }>> {
  return db
    .selectFrom('users')
    .select(['users.id', 'users.username'])
    .where((eb) => eb.exists(eb.selectFrom('pages').select('pages.id').whereRef('pages.locked_by', '=', 'users.id').where('pages.locked', '=', true)))
    .orderBy('users.username')
    .execute();
}
