import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Where the data lives: a PostgreSQL server, an embedded data directory, or memory (tests). */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

/** Raised when the database cannot be opened; its message is meant for the operator. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

// pg returns int8 (count(*), sums) as strings; every count we take fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** Opens the database and checks that it answers, so a bad URL fails at start-up. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 10);
  return openPglite(target.kind === 'pglite' ? target.dataDir : undefined);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // A burst (a crowd joining one wait list, whose joins take turns on the location's row) queues
  // for connections; 15 s lets it drain instead of failing requests that would have succeeded.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 15_000 });
  // An idle client can be cut off by the server (restart, failover, a dropped database); the
  // pool replaces it, and without a listener the error would end the process.
  pool.on('error', (error) => console.warn(`Database connection lost while idle: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot connect to the database at ${redactUrl(url)}: ${reason}`, { cause: error });
  }
  return { db, kind: 'postgres', close: () => db.destroy() };
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
      throw new DatabaseUnavailableError(
        `The embedded database in ${dataDir} is in use by process ${holder}; stop it first or set DATABASE_URL.`,
      );
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
