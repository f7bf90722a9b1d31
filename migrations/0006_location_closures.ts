import { sql, type Kysely } from 'kysely';

/**
 * Permanently closed locations: a closing time on the location row (null while it is open), and
 * an index on local page addresses for the directory's lookups by address and by city prefix.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('locations').addColumn('permanently_closed_at', 'timestamptz').execute();
  // varchar_pattern_ops serves both `=` and `LIKE 'prefix/%'` whatever the database collation.
  await db.schema
    .createIndex('locations_local_page_url_idx')
    .on('locations')
    .expression(sql`local_page_url varchar_pattern_ops`)
    .execute();
}

/** Drops the index and the closing time. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('locations_local_page_url_idx').execute();
  await db.schema.alterTable('locations').dropColumn('permanently_closed_at').execute();
}
