import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError } from './database-unavailable-error';
import { listenInProcess, listenOnServer, type Listen } from './notifications';
import { createPostgresPool, kyselyPool, type PostgresTimeouts } from './postgres-pool';
import { queryWatch, type QueryWatch } from './query-watch';
import type { Database } from './schema';

export { DatabaseUnavailableError } from './database-unavailable-error';

export type Db = Kysely<Database>;

/** Where the data lives: a PostgreSQL server, an embedded data directory, or memory (tests). */
export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number; timeouts?: PostgresTimeouts } | { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  /**
   * Resolves when the database answers within `timeoutMs`. On a server it asks over a
   * connection of its own, so a pool busy with a burst does not read as an outage.
   */
  ping(timeoutMs: number): Promise<void>;
  /**
   * On a server, what the pool waits on, for the availability to give up on when `ping` finds the
   * database down (see query-watch.ts); the embedded database answers whenever the process does.
   */
  watch?: QueryWatch;
  /** LISTEN for the NOTIFYs sent on a channel (by any process, on a server). */
  listen: Listen;
  close(): Promise<void>;
}

// pg returns int8 (count(*), sums) as strings; every count we take fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * A ping that asks through `db` itself: right for a database inside this process, which answers
 * whenever the process does, and for an app given no handle of its own.
 */
export function pingThrough(db: Db): (timeoutMs: number) => Promise<void> {
  return async () => {
    await sql`select 1`.execute(db);
  };
}

/** Opens the database and checks that it answers, so a bad URL fails at start-up. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10, target.timeouts);
  return openPglite(target.kind === 'pglite' ? target.dataDir : undefined);
}

async function openPostgres(url: string, poolSize: number, timeouts: PostgresTimeouts | undefined): Promise<DatabaseHandle> {
  const watch = queryWatch();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: kyselyPool(createPostgresPool(url, poolSize, timeouts), watch) }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    const driverError = error instanceof DatabaseUnavailableError ? error.cause : error;
    const reason = driverError instanceof Error ? driverError.message : String(driverError);
    throw new DatabaseUnavailableError(`Cannot connect to the database at ${redactUrl(url)}: ${reason}`, { cause: error });
  }
  return { db, kind: 'postgres', ping: (timeoutMs) => pingPostgres(url, timeoutMs), watch, listen: listenOnServer(url), close: () => db.destroy() };
}

async function pingPostgres(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // A socket that dies mid-ping fails the pending connect or query; unheard, the event would end the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    // With a query left unanswered end() destroys the socket instead of waiting for a goodbye.
    client.end().catch(() => {});
  }
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const pglite = await PGlite.create(dataDir ? { dataDir } : {});
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
    return {
      db,
      kind: dataDir ? 'pglite' : 'pglite-memory',
      ping: pingThrough(db),
      listen: listenInProcess((channel, callback) => pglite.listen(channel, callback)),
      async close() {
        try {
          await db.destroy();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot open the embedded database in ${dataDir ?? 'memory'}: ${reason}`, { cause: error });
  }
}

/**
 * PGlite has no server to arbitrate between processes, and two writers corrupt the data
 * directory; a pid file refuses a second process while the first is alive.
 */
function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.lock`);
  if (existsSync(lockFile)) {
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseUnavailableError(`The embedded database in ${dataDir} is in use by process ${holder}; stop it first or set DATABASE_URL.`);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
