import { expect } from 'chai';
import { sql } from 'kysely';
import { createMigrator, migrateToLatest } from '../../server/db/migrate';
import { MIGRATIONS } from '../../migrations/index';
import { openScratchDatabase, type TestDatabase } from '../support/database';

async function tableNames(database: TestDatabase): Promise<string[]> {
  const result = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_%' order by tablename`.execute(
    database.handle.db,
  );
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

  it('gives each existing location the time zone of its coordinates when locations get their own zones', async () => {
    const scratch = await openScratchDatabase();
    try {
      const migrator = createMigrator(scratch.handle.db);
      const before = Object.keys(MIGRATIONS).filter((name) => name < '0021_location_time_zones');
      expect((await migrator.migrateTo(before[before.length - 1]!)).error).to.equal(undefined);
      await sql`insert into locations (rlid, restaurant_number, address1, city, state, country, zip, latitude, longitude)
        values (1, '1', '1 Mesa St', 'El Paso', 'TX', 'US', '79901', 31.7619, -106.485), (2, '2', '1 Palafox St', 'Pensacola', 'FL', 'US', '32502', 30.4213, -87.2169)`.execute(
        scratch.handle.db,
      );
      await migrateToLatest(scratch.handle.db);
      const zones = await sql<{ rlid: number; time_zone: string }>`select rlid, time_zone from locations order by rlid`.execute(scratch.handle.db);
      expect(zones.rows).to.deep.equal([
        { rlid: 1, time_zone: 'America/Denver' },
        { rlid: 2, time_zone: 'America/Chicago' },
      ]);
    } finally {
      await scratch.dispose();
    }
  });
});
