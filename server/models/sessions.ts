/** The sessions table that express-session's store keeps its sessions in (server/sessions.ts). */
import type { Db } from '../db/database';

/** The stored data of a session that has not expired by `now`, or undefined. */
export async function liveSessionData(db: Db, sid: string, now: Date): Promise<unknown> {
  const row = await db.selectFrom('sessions').select('data').where('sid', '=', sid).where('expires_at', '>', now).executeTakeFirst();
  return row?.data;
}

/** Stores a session's data (JSON text) and expiry, replacing what the session held. */
export async function saveSession(db: Db, sid: string, data: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ sid, data, expires_at: expiresAt })
    .onConflict((oc) => oc.column('sid').doUpdateSet({ data, expires_at: expiresAt }))
    .execute();
}

/** Deletes a session. */
export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

/** Moves a session's expiry. */
export async function setSessionExpiry(db: Db, sid: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('sid', '=', sid).execute();
}

/** Deletes the sessions expired by `now`; returns how many. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
