import type { Db } from '../db/database';
import type { AdminLogEntry } from '../db/schema';

/** Audit-log codes of the page actions, dotted as Wagtail names them. */
export type PageLogAction =
  | 'page.create'
  | 'page.edit'
  | 'page.publish'
  | 'page.unpublish'
  | 'page.move'
  | 'page.copy'
  | 'page.delete'
  | 'page.lock'
  | 'page.unlock'
  | 'page.revert'
  | 'page.reorder'
  | 'page.view_restriction.create'
  | 'page.view_restriction.delete'
  | 'page.schedule'
  | 'page.expire';

/** One entry to write. */
export interface LogEntryInput {
  action: string;
  userId: number | null;
  pageId?: number | null;
  objectType?: string;
  objectId?: number | null;
  label: string;
  data?: Record<string, unknown>;
}

/** Writes one audit entry; call inside the action's transaction. */
export async function writeLogEntry(db: Db, entry: LogEntryInput): Promise<AdminLogEntry> {
  return db
    .insertInto('admin_log_entries')
    .values({
      action: entry.action,
      user_id: entry.userId,
      page_id: entry.pageId ?? null,
      object_type: entry.objectType ?? 'page',
      object_id: entry.objectId ?? entry.pageId ?? null,
      label: entry.label.slice(0, 255),
      data: JSON.stringify(entry.data ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An entry with the acting user's name, for history screens. */
export type LogEntryWithUser = AdminLogEntry & { username: string | null };

/** The history of one page, newest first. */
export async function pageHistory(db: Db, pageId: number, limit = 200): Promise<LogEntryWithUser[]> {
  return db
    .selectFrom('admin_log_entries')
    .leftJoin('users', 'users.id', 'admin_log_entries.user_id')
    .selectAll('admin_log_entries')
    .select('users.username')
    .where('admin_log_entries.page_id', '=', pageId)
    .orderBy('admin_log_entries.created_at', 'desc')
    .orderBy('admin_log_entries.id', 'desc')
    .limit(limit)
    .execute();
}
