import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS } from '../../migrations/index';
import { openScratchDatabase, testServerUrl, type TestDatabase } from '../support/database';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(TSX, [script, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('command line', () => {
  let folder: string;
  let scratch: TestDatabase | undefined;
  let env: Record<string, string>;

  before(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'rh-cli-'));
    env = { DATA_DIR: folder, DATABASE_URL: '' };
    if (testServerUrl()) {
      // Against a server, the CLI gets a database of its own; the pool stays closed meanwhile.
      scratch = await openScratchDatabase();
      const url = new URL(testServerUrl()!);
      const name = (await scratch.handle.db.selectNoFrom((eb) => eb.fn<string>('current_database').as('name')).executeTakeFirstOrThrow()).name;
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    }
  });
  after(async () => {
    await scratch?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('migrates up, reports status, reverts one and seeds only an empty database', async function () {
    this.timeout(120_000);
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

  it('stops start-up with one clear line when the database cannot be reached or a setting is bad', async () => {
    const unreachable = await cli('server/index.ts', [], { ...env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(unreachable.code).to.equal(1);
    expect(unreachable.stderr.trim()).to.match(/^Error: Cannot connect to the database at postgres:\/\/nobody@127\.0\.0\.1:1\/none: .+$/);

    const badPort = await cli('server/index.ts', [], { ...env, PORT: 'harbor' });
    expect(badPort.code).to.equal(1);
    expect(badPort.stderr.trim()).to.match(/^Error: Invalid environment variable PORT \("harbor"\): .+$/);
  });
});
