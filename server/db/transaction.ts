import type { Db } from './database';

/**
 * Runs `work` in a transaction, joining the caller's when `db` already is one, so model
 * functions compose inside a larger unit of work.
 */
export async function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}
