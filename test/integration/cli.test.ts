import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { MIGRATIONS } from '../../migrations/index';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { freePort } from '../../scripts/free-port';
import { openScratchDatabase, testServerUrl, type TestDatabase } from '../support/database';
import { createTestSite } from '../support/fixtures';

const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

/** A data folder, and on a server a database, that only one test uses. */
async function isolatedEnvironment(cleanups: Array<() => Promise<void>>): Promise<Record<string, string>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'rh-cli-'));
  cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
  const env = { DATA_DIR: folder, DATABASE_URL: '' };
  const serverUrl = testServerUrl();
  if (!serverUrl) return env;
  const scratch: TestDatabase = await openScratchDatabase();
  cleanups.push(() => scratch.dispose());
  const { name } = await scratch.handle.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { ...env, DATABASE_URL: url.toString() };
}

/**
 * A server started as `npm start` starts it (node itself, loading TypeScript through tsx's hooks),
 * once `workers` processes say they are serving. Not the tsx command: it relays a signal to its child
 * and kills the child outright unless the child acknowledges within 30 ms, which a busy server misses.
 */
async function startServerProcess(env: Record<string, string>, workers: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // Migrating and seeding take as long as the machine's load makes them: wait for the server
  // to say it is serving (or to die), not for a fixed number of polls.
  const serving = await new Promise<boolean>((resolve) => {
    const check = () => {
      if ((output.match(/Serving on http:\/\/localhost:/g) ?? []).length < workers) return;
      child.stdout.off('data', check);
      resolve(true);
    };
    child.stdout.on('data', check);
    void exited.then(() => resolve(false));
  });
  if (!serving) throw new Error(`The server did not start:\n${output}`);
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

describe('command line', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('migrates up, reports status, reverts one and seeds only an empty database', async function () {
    this.timeout(120_000);
    const env = await isolatedEnvironment(cleanups);
    const migrationNames = Object.keys(MIGRATIONS);

    const pending = await cli('server/cli/migrate.ts', ['status'], env);
    expect(pending.code, pending.stderr).to.equal(0);
    expect(pending.stdout.trim().split('\n')).to.deep.equal(migrationNames.map((name) => `pending  ${name}`));

    const up = await cli('server/cli/migrate.ts', ['up'], env);
    expect(up.stdout.trim().split('\n')).to.deep.equal(migrationNames.map((name) => `applied  ${name}`));
    expect((await cli('server/cli/migrate.ts', [], env)).stdout.trim()).to.equal('Nothing to apply: the schema is up to date.');

    const down = await cli('server/cli/migrate.ts', ['down'], env);
    expect(down.stdout.trim()).to.equal(`reverted  ${migrationNames.at(-1)}`);

    const seeded = await cli('server/cli/seed.ts', [], env);
    expect(seeded.stdout.trim(), seeded.stderr).to.equal('Demo content created.');
    const again = await cli('server/cli/seed.ts', [], env);
    expect(again.stdout.trim()).to.equal('The database already has content; nothing was changed.');

    const unknown = await cli('server/cli/migrate.ts', ['sideways'], env);
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr.trim()).to.equal('Unknown command "sideways". Use one of: up, down, status.');
  });

  it('creates a superuser from flags or environment, refusing duplicates and weak passwords', async function () {
    this.timeout(120_000);
    const env = await isolatedEnvironment(cleanups);
    const created = await cli('server/cli/createsuperuser.ts', ['--username', 'skipper', '--email', 'skipper@example.com', '--password', 'a-long-password'], env);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout.trim()).to.equal('Superuser "skipper" created.');
    const duplicate = await cli('server/cli/createsuperuser.ts', [], {
      ...env,
      DJANGO_SUPERUSER_USERNAME: 'Skipper',
      DJANGO_SUPERUSER_EMAIL: '',
      DJANGO_SUPERUSER_PASSWORD: 'another-long-one',
    });
    expect(duplicate.code).to.equal(2);
    expect(duplicate.stderr.trim()).to.equal('Error: the username "Skipper" is already taken.');
    const weak = await cli('server/cli/createsuperuser.ts', ['--username', 'deckhand', '--email', '', '--password', 'short'], env);
    expect(weak.code).to.equal(2);
    expect(weak.stderr).to.include('at least 10 characters');
    const common = await cli('server/cli/createsuperuser.ts', ['--username', 'deckhand', '--email', '', '--password', 'password123'], env);
    expect(common.code).to.equal(2);
    expect(common.stderr).to.include('This password is too common.');
  });

  it('stops start-up with one clear line when the database cannot be reached or a setting is bad', async function () {
    // Three start-ups, each compiling the server: on a loaded CI machine one alone can take twenty seconds.
    this.timeout(120_000);
    const env = await isolatedEnvironment(cleanups);
    const unreachable = await cli('server/index.ts', [], { ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(unreachable.code).to.equal(1);
    expect(unreachable.stderr.trim()).to.match(/^Error: Cannot connect to the database at postgres:\/\/nobody@127\.0\.0\.1:1\/none: .+$/);

    const badPort = await cli('server/index.ts', [], { ...env, PORT: 'harbor' });
    expect(badPort.code).to.equal(1);
    expect(badPort.stderr.trim()).to.match(/^Error: Invalid environment variable PORT \("harbor"\): .+$/);

    const embeddedWorkers = await cli('server/index.ts', [], { ...env, DATABASE_URL: '', WEB_CONCURRENCY: '2' });
    expect(embeddedWorkers.code).to.equal(1);
    expect(embeddedWorkers.stderr.trim()).to.equal(
      'Error: Invalid environment variable WEB_CONCURRENCY ("2"): several processes need PostgreSQL (set DATABASE_URL); the embedded database serves one process',
    );
  });

  it('starts on an empty database with demo content, then stops cleanly on SIGTERM', async function () {
    this.timeout(120_000);
    const env = await isolatedEnvironment(cleanups);
    const server = await startServerProcess(env, 1);
    try {
      const home = await fetch(`${server.url}/`);
      expect(home.status, server.output()).to.equal(200);
      expect(await home.text()).to.include('Fresh from the harbor, every single day');
      expect(server.output()).to.include('Demo content created');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).to.equal(0);
    expect(server.output()).to.include('Shutting down: finishing in-flight requests');
    expect(server.output()).to.include('"msg":"Stopped"');
  });

  it('serves from WEB_CONCURRENCY worker processes on PostgreSQL, each showing a published change as soon as it is announced', async function () {
    if (!testServerUrl()) this.skip();
    this.timeout(180_000);
    const env = await isolatedEnvironment(cleanups);
    const db = (await openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, poolSize: 1 })).db;
    cleanups.push(() => db.destroy());
    // A site of its own, the default for any address, so the server finds the database in use and seeds no demo content.
    await migrateToLatest(db);
    const { site } = await createTestSite(db);
    await db.updateTable('sites').set({ is_default_site: true }).where('id', '=', site.id).execute();
    const server = await startServerProcess({ ...env, WEB_CONCURRENCY: '2' }, 2);
    try {
      // Connections go round-robin: eight views reach both workers, and each keeps the page.
      const views = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server.url}/`)));
      expect(views.map((view) => view.status)).to.deep.equal(Array(8).fill(200));
      await db
        .updateTable('site_settings')
        .set({ value: sql`jsonb_set(value, '{brandName}', '"Blue Harbor"')` })
        .execute();
      // Each worker learns of the change from its NOTIFY, a moment after the commit; the kept
      // pages would otherwise last RENDER_CACHE_SECONDS (60).
      const deadline = Date.now() + 5000;
      let after: string[] = [];
      do {
        after = await Promise.all(Array.from({ length: 8 }, async () => (await fetch(`${server.url}/`)).text()));
      } while (after.some((html) => !html.includes('Blue Harbor')) && Date.now() < deadline);
      for (const html of after) expect(html).to.include('Blue Harbor');
    } finally {
      // Twice, as a supervisor may: the second must not cut the workers' graceful stop short.
      server.child.kill('SIGTERM');
      setTimeout(() => server.child.kill('SIGTERM'), 100);
    }
    expect(await server.exited).to.equal(0);
    expect(server.output().match(/"msg":"Stopped"/g)).to.have.length(2);
  });
});
