import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError } from './database-unavailable-error';
import { isStalePreparedStatement, statementNames, transactionChange, type StatementNames } from './prepared-statements';

/** How long the app waits on PostgreSQL (the DATABASE_*_TIMEOUT_MS settings); absent, it waits as long as it takes. */
export interface PostgresTimeouts {
  statementMs: number;
  queryMs: number;
  connectMs: number;
}

// A connection through a firewall or NAT that silently dropped it is found out by the kernel's
// keepalive probes instead of waiting for traffic that never comes.
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * SQLSTATEs PostgreSQL answers with when it cannot serve right now rather than because the
 * statement is wrong: cancelled by statement_timeout, shutting down, starting up, out of
 * connection slots, and the connection-exception class.
 */
const UNAVAILABLE_CODES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);

function isUnavailableAnswer(error: pg.DatabaseError): boolean {
  return UNAVAILABLE_CODES.has(error.code ?? '') || (error.code ?? '').startsWith('08');
}

function unavailable(error: unknown): DatabaseUnavailableError {
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseUnavailableError(`The database did not answer: ${reason}`, { cause: error });
}

/** A pg pool with the given size and timeouts, TCP keepalive on, and no client error left unheard. */
export function createPostgresPool(url: string, poolSize: number, timeouts: PostgresTimeouts | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(timeouts && { connectionTimeoutMillis: timeouts.connectMs, statement_timeout: timeouts.statementMs, query_timeout: timeouts.queryMs }),
  });
  // An idle client can be cut off by the server (restart, failover, a dropped database); the
  // pool replaces it, and without a listener the error would end the process.
  pool.on('error', (error) => console.warn(`Database connection lost while idle: ${error.message}`));
  // A client in use whose socket dies emits 'error' too, and the pool listens only while it is
  // idle; the failing query already reports the loss, so this listener only keeps the process up.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * The pool as Kysely sees it. A connection whose query failed without an answer from PostgreSQL
 * (the read timeout, a broken socket) is closed instead of going back to the pool: its reply may
 * still be on the way, so every later query on it would wait behind one that never ends. Such
 * failures, failing to get a connection, and the server's own "cannot serve now" answers become
 * DatabaseUnavailableError; any other error passes through unchanged. Statements the app runs
 * often are prepared (prepared-statements.ts).
 */
export function kyselyPool(pool: pg.Pool): PostgresPool {
  const names = statementNames();
  return {
    options: pool.options,
    async connect() {
      try {
        return new DiscardOnFaultClient(await pool.connect(), names);
      } catch (error) {
        throw unavailable(error);
      }
    },
    end: () => pool.end(),
  };
}

class DiscardOnFaultClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #names: StatementNames;
  #faulted = false;
  /** A statement prepared on this connection no longer fits its table: the connection goes, and its statements with it. */
  #stale = false;
  #inTransaction = false;

  constructor(client: pg.PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when the dialect names a cursor class, and ours names none.
    if (typeof sqlOrCursor !== 'string') throw new TypeError('Streaming queries need a cursor class in the dialect configuration');
    return this.#run<R>(sqlOrCursor, parameters);
  }

  release(destroy = false): void {
    this.#client.release(destroy || this.#faulted || this.#stale);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>, name: string | null = this.#names.nameFor(sql) ?? null): Promise<PostgresQueryResult<R>> {
    // The rollback Kysely sends after a failed statement would only queue behind the lost reply.
    if (this.#faulted) throw unavailable(new Error('the connection was given up after an earlier query got no answer'));
    const change = transactionChange(sql);
    if (change) this.#inTransaction = change === 'opens';
    const values = [...parameters];
    try {
      // pg's result is Kysely's shape; pg only types `command` as a plain string.
      return (await this.#client.query(name === null ? { text: sql, values } : { name, text: sql, values })) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (error instanceof pg.DatabaseError) {
        if (name !== null && isStalePreparedStatement(error)) {
          this.#stale = true;
          // Inside a transaction the error has ended it; outside, the statement runs again as text.
          if (!this.#inTransaction) return this.#run<R>(sql, parameters, null);
        }
        if (isUnavailableAnswer(error)) throw unavailable(error);
        throw error;
      }
      this.#faulted = true;
      throw unavailable(error);
    }
  }
}
