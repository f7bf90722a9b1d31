import { sql, type Kysely } from 'kysely';

/** One counter per cache: flushing bumps it, and every process drops its copy when it sees a new value. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cache_generations')
    .addColumn('name', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('flushed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** Drops the cache generations. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cache_generations').execute();
}
