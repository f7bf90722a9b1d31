import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { CommitOutcomeUnknownError, DatabaseUnavailableError } from './database-unavailable-error';
import { isStalePreparedStatement, statementNames, transactionChange, type StatementNames } from './prepared-statements';
import type { QueryWatch } from './query-watch';

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
  if (error instanceof DatabaseUnavailableError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DatabaseUnavailableError(`The database did not answer: ${reason}`, { cause: error });
}

/** pg-pool's words when every connection stayed busy for the connect timeout: a crowd, not an outage. */
const POOL_QUEUE_TIMEOUT = 'timeout exceeded when trying to connect';

/** pg's words when a query got no answer within query_timeout. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

const COMMIT = /^\s*(?:commit|end)\b/i;
const READ = /^\s*(?:select|show|values|explain)\b/i;

/**
 * Whether a statement, had PostgreSQL received it, may have committed a change: a COMMIT, or
 * outside a transaction anything but a read (an insert commits as it runs).
 */
function mayCommit(sql: string, inTransaction: boolean): boolean {
  if (inTransaction) return COMMIT.test(sql);
  return !READ.test(sql) && transactionChange(sql) !== 'opens';
}

/** What a statement answers that was never sent: Kysely's rollback after a fault (see #run). */
const NOT_SENT_ROLLBACK = { command: 'ROLLBACK', rowCount: null, rows: [] };

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
 * (the read timeout, a broken socket, a wait the watch abandoned) is closed instead of going back
 * to the pool: its reply may still be on the way, so every later query on it would wait behind
 * one that never ends. Such failures, failing to get a connection, and the server's own "cannot
 * serve now" answers become DatabaseUnavailableError (CommitOutcomeUnknownError when the
 * statement may have committed); any other error passes through unchanged. Every connect and
 * query waits through `watch`; a connection opened before the database was last found down is
 * not used again (across a partition it may be one whose replies go nowhere). Statements the app
 * runs often are prepared (prepared-statements.ts).
 */
export function kyselyPool(pool: pg.Pool, watch: QueryWatch): PostgresPool {
  const names = statementNames();
  // The watch's outage count when each connection was opened.
  const openedIn = new WeakMap<pg.PoolClient, number>();
  const checkOut = async (): Promise<pg.PoolClient> => {
    watch.ensureUp();
    const connecting = pool.connect();
    try {
      return await watch.wait(connecting);
    } catch (error) {
      // A connect given up on still ends: a connection it makes goes back to the pool.
      connecting.then(
        (late) => late.release(),
        () => undefined,
      );
      if (!(error instanceof DatabaseUnavailableError) && !(error instanceof Error && error.message === POOL_QUEUE_TIMEOUT)) watch.reportUnreachable();
      throw unavailable(error);
    }
  };
  return {
    options: pool.options,
    async connect() {
      for (;;) {
        const client = await checkOut();
        const opened = openedIn.get(client);
        if (opened === undefined) openedIn.set(client, watch.outages());
        if (opened === undefined || opened === watch.outages()) return new DiscardOnFaultClient(client, names, watch);
        client.release(true);
      }
    },
    end: () => pool.end(),
  };
}

class DiscardOnFaultClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #names: StatementNames;
  #watch: QueryWatch;
  #faulted = false;
  /** A statement prepared on this connection no longer fits its table: the connection goes, and its statements with it. */
  #stale = false;
  #inTransaction = false;

  constructor(client: pg.PoolClient, names: StatementNames, watch: QueryWatch) {
    this.#client = client;
    this.#names = names;
    this.#watch = watch;
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
    const change = transactionChange(sql);
    if (this.#faulted) {
      // Kysely's rollback after the fault would only queue behind the lost reply, and its failure
      // would replace the fault's own error; PostgreSQL rolls the transaction back as the
      // connection, discarded on release, goes.
      if (change === 'ends' && !COMMIT.test(sql)) return NOT_SENT_ROLLBACK as unknown as PostgresQueryResult<R>;
      throw unavailable(new Error('the connection was given up after an earlier query got no answer'));
    }
    try {
      this.#watch.ensureUp();
    } catch (error) {
      // Not sent, so nothing of it committed; the connection goes, and its transaction with it.
      this.#faulted = true;
      throw error;
    }
    const committing = mayCommit(sql, this.#inTransaction);
    if (change) this.#inTransaction = change === 'opens';
    const values = [...parameters];
    try {
      // pg's result is Kysely's shape; pg only types `command` as a plain string.
      return (await this.#watch.wait(this.#client.query(name === null ? { text: sql, values } : { name, text: sql, values }))) as unknown as PostgresQueryResult<R>;
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
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) this.#watch.reportUnreachable();
      if (committing)
        throw new CommitOutcomeUnknownError(`The database did not answer whether this committed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      throw unavailable(error);
    }
  }
}
