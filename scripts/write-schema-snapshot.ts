// Migrates an empty in-memory database and writes what it holds to server/db/migrated-schema.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { describeMigratedSchema, renderSchemaSnapshot } from '../server/db/schema-snapshot';

export const SNAPSHOT_FILE = path.resolve(import.meta.dirname, '../server/db/migrated-schema.ts');

const handle = await openDatabase({ kind: 'pglite-memory' });
try {
  await migrateToLatest(handle.db);
  writeFileSync(SNAPSHOT_FILE, renderSchemaSnapshot(await describeMigratedSchema(handle.db)));
  console.log(`Wrote ${path.relative(process.cwd(), SNAPSHOT_FILE)}`);
} finally {
  await handle.close();
}
