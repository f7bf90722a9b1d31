import { LRUCache } from 'lru-cache';

/**
 * Statements run this often are prepared on each connection they next run on, as npgsql's
 * auto-prepare does: PostgreSQL then parses them once per connection and can keep their plan,
 * where an unnamed statement is parsed and planned at every run. That was a fifth of a wait-list
 * join's time. A text seen fewer times (a bulk insert, an IN list of a new length) stays unnamed.
 */
export const PREPARE_AFTER_RUNS = 5;
/** Prepared statements stay on a connection for its life (pg offers no way to drop one it made), so their number is capped. */
export const MAX_PREPARED_STATEMENTS = 250;
/** How many texts not yet prepared are counted, the least recently run forgotten first. */
const COUNTED_TEXTS = 5_000;

/** Names for the statements of one pool, shared by its connections. */
export interface StatementNames {
  /** The name to run `sql` under, or undefined to run it unnamed. */
  nameFor(sql: string): string | undefined;
}

export function statementNames({ prepareAfterRuns = PREPARE_AFTER_RUNS, maxPrepared = MAX_PREPARED_STATEMENTS } = {}): StatementNames {
  const runs = new LRUCache<string, number>({ max: COUNTED_TEXTS });
  const names = new Map<string, string>();
  return {
    nameFor(sql) {
      const name = names.get(sql);
      if (name !== undefined || names.size >= maxPrepared) return name;
      const count = (runs.get(sql) ?? 0) + 1;
      if (count < prepareAfterRuns) {
        runs.set(sql, count);
        return undefined;
      }
      runs.delete(sql);
      const prepared = `rh_${names.size + 1}`;
      names.set(sql, prepared);
      return prepared;
    },
  };
}

/**
 * What PostgreSQL answers when a prepared statement's result columns changed under it (a
 * migration added a column to a table a `select *` reads): the statement must be parsed again.
 */
export function isStalePreparedStatement(error: { code?: string; message: string }): boolean {
  return error.code === '0A000' && error.message.includes('cached plan must not change result type');
}

/** Whether a statement opens a transaction or ends one (a savepoint's rollback ends nothing). */
export function transactionChange(sql: string): 'opens' | 'ends' | undefined {
  if (/^\s*(?:begin|start\s+transaction)\b/i.test(sql)) return 'opens';
  if (/^\s*(?:commit|end|abort)\b/i.test(sql) || /^\s*rollback\s*(?:;|$|and\b|transaction\b|work\b)/i.test(sql)) return 'ends';
  return undefined;
}
