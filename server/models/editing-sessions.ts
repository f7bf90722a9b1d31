import type { Db } from '../db/database';

/** A session not pinged for this long is treated as closed. */
export const EDITING_SESSION_TIMEOUT_MS = 60_000;

/** Another user editing the same page. */
export interface OtherEditor {
  userId: number;
  username: string;
  lastSeenAt: Date;
}

/** Records that this edit form is still open; a key belongs to one user and page. */
export async function pingEditingSession(db: Db, session: { key: string; userId: number; pageId: number }, now = new Date()): Promise<void> {
  await db
    .insertInto('editing_sessions')
    .values({ session_key: session.key, user_id: session.userId, page_id: session.pageId, last_seen_at: now })
    .onConflict((oc) =>
      oc
        .column('session_key')
        .doUpdateSet({ last_seen_at: now })
        // Someone else's key is never taken over.
        .where('editing_sessions.user_id', '=', session.userId)
        .where('editing_sessions.page_id', '=', session.pageId),
    )
    .execute();
}

/** Users other than this one with the page's edit form open recently. */
export async function otherEditors(db: Db, pageId: number, userId: number, now = new Date()): Promise<OtherEditor[]> {
  const rows = await db
    .selectFrom('editing_sessions')
    .innerJoin('users', 'users.id', 'editing_sessions.user_id')
    .select(['users.id as userId', 'users.username', (eb) => eb.fn.max('editing_sessions.last_seen_at').as('lastSeenAt')])
    .where('editing_sessions.page_id', '=', pageId)
    .where('editing_sessions.user_id', '<>', userId)
    .where('editing_sessions.last_seen_at', '>', new Date(now.getTime() - EDITING_SESSION_TIMEOUT_MS))
    .groupBy(['users.id', 'users.username'])
    .orderBy('users.username')
    .execute();
  return rows.map((row) => ({ ...row, lastSeenAt: new Date(row.lastSeenAt) }));
}

/** Closes one of the user's editing sessions. */
export async function releaseEditingSession(db: Db, key: string, userId: number): Promise<void> {
  await db.deleteFrom('editing_sessions').where('session_key', '=', key).where('user_id', '=', userId).execute();
}
