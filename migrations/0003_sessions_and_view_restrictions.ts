import { sql, type Kysely } from 'kysely';

/** Server-side sessions, and view restrictions (password, login) on pages. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('page_view_restrictions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('restriction_type', 'varchar(20)', (c) => c.notNull().check(sql`restriction_type in ('password', 'login')`))
    .addColumn('password', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('page_view_restrictions_page_idx').on('page_view_restrictions').column('page_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_view_restrictions').execute();
  await db.schema.dropTable('sessions').execute();
}
