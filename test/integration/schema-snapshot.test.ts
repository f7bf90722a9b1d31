import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { migrateToLatest } from '../../server/db/migrate';
import { describeMigratedSchema, renderSchemaSnapshot } from '../../server/db/schema-snapshot';
import { openScratchDatabase } from '../support/database';

describe('database schema', () => {
  it('is what server/db/migrated-schema.ts says the migrations create (npm run db:snapshot rewrites it; the type check compares it with schema.ts)', async function () {
    this.timeout(120_000);
    const scratch = await openScratchDatabase();
    try {
      await migrateToLatest(scratch.handle.db);
      const migrated = renderSchemaSnapshot(await describeMigratedSchema(scratch.handle.db));
      expect(migrated).to.equal(readFileSync('server/db/migrated-schema.ts', 'utf8'));
    } finally {
      await scratch.dispose();
    }
  });
});
