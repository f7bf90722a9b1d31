import type { Db } from './database';

/** Work that waits for the commit of the transaction that asked for it: file removal, cache drops, mail, log lines. */
export type AfterCommit = () => void | Promise<void>;

// The after-commit list of each transaction opened by withTransaction(), found by its handle, so
// that whatever joins the transaction adds to the list of whoever opened it.
const afterCommitLists = new WeakMap<Db, AfterCommit[]>();

/**
 * Runs `work` in a transaction and, once it has committed, the after-commit work asked for
 * inside it, in order; none of it runs on rollback. Joins the caller's transaction when `db`
 * already is one, so model functions and actions compose into one unit of work (save, then
 * publish) whose after-commit work waits for its one commit.
 */
export async function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const waiting: AfterCommit[] = [];
  const result = await db.transaction().execute((trx) => {
    afterCommitLists.set(trx, waiting);
    return work(trx);
  });
  await runAll(waiting);
  return result;
}

/**
 * Asks for `hook` to run once the transaction `trx` has committed. Refuses a transaction not
 * opened by withTransaction(), whose commit nothing here would see: the work would be lost.
 */
export function afterCommit(trx: Db, hook: AfterCommit): void {
  const waiting = afterCommitLists.get(trx);
  if (!waiting) throw new Error('After-commit work needs a transaction opened by withTransaction().');
  waiting.push(hook);
}

// The change is committed by now: one failing hook does not keep the others from running, and
// the failure still reaches the caller.
async function runAll(hooks: readonly AfterCommit[]): Promise<void> {
  const failures: unknown[] = [];
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} pieces of work after the commit failed.`);
}
