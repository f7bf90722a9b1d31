import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { SnippetRevision } from '../../db/schema';
import type { SnippetModel } from './registry';

/** Stores a snapshot of an object's fields as saved by a user; call inside the save's transaction. */
export async function insertSnippetRevision(
  db: Db,
  model: SnippetModel,
  objectId: number,
  content: Record<string, unknown>,
  userId: number | null,
  now: Date,
): Promise<SnippetRevision> {
  return db
    .insertInto('snippet_revisions')
    .values({ model, object_id: objectId, content: JSON.stringify(content), user_id: userId, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes an object's revisions, with the object (Wagtail's revisions go with their snippet). */
export async function deleteSnippetRevisions(db: Db, model: SnippetModel, objectId: number): Promise<void> {
  await db.deleteFrom('snippet_revisions').where('model', '=', model).where('object_id', '=', objectId).execute();
}

/** One audited change of an object, with the revision it saved (none for a change that saved none). */
export interface SnippetHistoryEntry {
  id: number;
  action: string;
  username: string | null;
  createdAt: Date;
  revisionId: number | null;
  content: Record<string, unknown> | null;
}

/** An object's audit entries, newest first, each with the fields its revision saved (Wagtail's snippet history). */
export async function snippetHistory(db: Db, model: SnippetModel, objectId: number): Promise<SnippetHistoryEntry[]> {
  const rows = await db
    .selectFrom('admin_log_entries')
    .leftJoin('users', 'users.id', 'admin_log_entries.user_id')
    .leftJoin('snippet_revisions', (join) => join.on(sql<boolean>`snippet_revisions.id = (admin_log_entries.data->>'revision_id')::int`))
    .select(['admin_log_entries.id', 'admin_log_entries.action', 'admin_log_entries.created_at', 'users.username', 'snippet_revisions.id as revision_id', 'snippet_revisions.content'])
    .where('admin_log_entries.object_type', '=', model)
    .where('admin_log_entries.object_id', '=', objectId)
    .orderBy('admin_log_entries.created_at', 'desc')
    .orderBy('admin_log_entries.id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, action: row.action, username: row.username, createdAt: row.created_at, revisionId: row.revision_id, content: row.content }));
}
