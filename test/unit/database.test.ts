import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseUnavailableError, openDatabase } from '../../server/db/database';

describe('opening the database', () => {
  it('refuses an embedded data folder that another live process holds', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rh-lock-'));
    try {
      const dataDir = path.join(folder, 'pglite');
      writeFileSync(`${dataDir}.lock`, String(process.ppid));
      let caught: unknown;
      try {
        await openDatabase({ kind: 'pglite', dataDir });
      } catch (error) {
        caught = error;
      }
      expect(caught).to.be.instanceOf(DatabaseUnavailableError);
      expect((caught as Error).message).to.equal(`The embedded database in ${dataDir} is in use by process ${process.ppid}; stop it first or set DATABASE_URL.`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('says which server it could not reach, without the password', async () => {
    let caught: unknown;
    try {
      await openDatabase({ kind: 'postgres', url: 'postgres://app:hunter2@127.0.0.1:1/site' });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(DatabaseUnavailableError);
    expect((caught as Error).message).to.match(/^Cannot connect to the database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/site: /);
    expect((caught as Error).message).to.not.include('hunter2');
  });
});
