import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError } from './database-unavailable-error';

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
 * DatabaseUnavailableError; any other error passes through unchanged.
 */
export function kyselyPool(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    async connect() {
      try {
        return new DiscardOnFaultClient(await pool.connect());
      } catch (error) {
        throw unavailable(error);
      }
    },
    end: () => pool.end(),
  };
}

class DiscardOnFaultClient implements PostgresPoolClient {
  #client: pg.PoolClient;
  #faulted = false;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when the dialect names a cursor class, and ours names none.
    if (typeof sqlOrCursor !== 'string') throw new TypeError('Streaming queries need a cursor class in the dialect configuration');
    return this.#run<R>(sqlOrCursor, parameters);
  }

  release(destroy = false): void {
    this.#client.release(destroy || this.#faulted);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // The rollback Kysely sends after a failed statement would only queue behind the lost reply.
    if (this.#faulted) throw unavailable(new Error('the connection was given up after an earlier query got no answer'));
    try {
      // pg's result is Kysely's shape; pg only types `command` as a plain string.
      return (await this.#client.query(sql, [...parameters])) as unknown as PostgresQueryResult<R>;
    } catch (error) {
      if (error instanceof pg.DatabaseError) {
        if (isUnavailableAnswer(error)) throw unavailable(error);
        throw error;
      }
      this.#faulted = true;
      throw unavailable(error);
    }
  }
}
