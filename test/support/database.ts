import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

/** A database opened for tests and how to get rid of it. */
export interface TestDatabase {
  handle: DatabaseHandle;
  /** Its address on the test server; none for the embedded database. */
  url?: string;
  dispose(): Promise<void>;
}

let opening: Promise<TestDatabase> | undefined;

/**
 * The one database of this test run, migrated: a fresh database on the server named by
 * TEST_DATABASE_URL (or DATABASE_URL), else an in-memory PGlite. Opened once, on first use.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  opening ??= openTestDatabase();
  return (await opening).handle;
}

/** The address of the run's database on the test server, or undefined for the embedded database. */
export async function testDatabaseUrl(): Promise<string | undefined> {
  await testDatabase();
  return (await opening!).url;
}

/** Shortcut for the Kysely instance of the test database. */
export async function testDb(): Promise<Db> {
  return (await testDatabase()).db;
}

/** The server URL tests run against, or undefined for the embedded database. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * Names this run's databases on the server, so the main process can drop those its parallel
 * workers left open; workers inherit it from the main process's environment.
 */
const RUN_ENV = 'RH_TEST_RUN';

/** Marks the run, before any worker starts: see dropRunDatabases. */
export function startTestRun(): void {
  process.env[RUN_ENV] ??= randomBytes(4).toString('hex');
}

/**
 * Drops every database of this run still on the server: parallel workers end without a hook
 * of their own, so the main process clears up after them once the run is over.
 */
export async function dropRunDatabases(): Promise<void> {
  const serverUrl = testServerUrl();
  const run = process.env[RUN_ENV];
  if (!serverUrl || !run) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`rh_test_${run}_%`]);
    for (const { datname } of rows) await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
  } finally {
    await client.end();
  }
}

/** Closes (and on a server, drops) the test database; called once after the run. */
export async function closeTestDatabase(): Promise<void> {
  if (!opening) return;
  const database = await opening;
  opening = undefined;
  await database.dispose();
}

async function openTestDatabase(): Promise<TestDatabase> {
  const database = await openScratchDatabase();
  await migrateToLatest(database.handle.db);
  return database;
}

/**
 * A new, empty database that only the caller uses (for migration tests): a fresh database on
 * the test server, else another in-memory PGlite. Dispose it when done.
 */
export async function openScratchDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    return { handle, dispose: () => handle.close() };
  }
  const name = `rh_test_${process.env[RUN_ENV] ?? 'solo'}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
