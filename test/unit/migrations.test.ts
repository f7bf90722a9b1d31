import { expect } from 'chai';
import { sql } from 'kysely';
import { createMigrator, migrateToLatest } from '../../server/db/migrate';
import { MIGRATIONS } from '../../migrations/index';
import { openScratchDatabase, type TestDatabase } from '../support/database';

async function tableNames(database: TestDatabase): Promise<string[]> {
  const result = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by tablename`.execute(database.handle.db);
  return result.rows.map((row) => row.tablename);
}

describe('migrations', () => {
  let database: TestDatabase;
  before(async () => {
    database = await openScratchDatabase();
  });
  after(() => database.dispose());

  it('applies every migration, reverts each, and applies them again', async () => {
    const applied = await migrateToLatest(database.handle.db);
    expect(applied.results?.map((result) => result.migrationName)).to.deep.equal(Object.keys(MIGRATIONS));
    expect(await tableNames(database)).to.include.members(['pages', 'page_revisions', 'sites', 'site_settings', 'users']);

    const migrator = createMigrator(database.handle.db);
    for (let step = 0; step < Object.keys(MIGRATIONS).length; step += 1) {
      const reverted = await migrator.migrateDown();
      expect(reverted.error).to.equal(undefined);
    }
    expect(await tableNames(database)).to.deep.equal([]);
    expect((await migrator.getMigrations()).every((migration) => !migration.executedAt)).to.equal(true);

    await migrateToLatest(database.handle.db);
    expect(await tableNames(database)).to.include('pages');
  });
});
