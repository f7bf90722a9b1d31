import { sql, type Kysely } from 'kysely';

/**
 * The snippet models of SPEC §2 (Wagtail's snippets): countries the locations directory names,
 * tiered navigations the tiered-nav block shows, and toolbox snippets (reusable titled content),
 * with one revisions table for all three, keyed by model and object id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'varchar(2)', (c) => c.notNull().unique())
    .addColumn('printable_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('root_url', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('tiered_navigations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('heading', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('root_page_id', 'integer', (c) => c.references('pages.id').onDelete('set null'))
    .execute();
  await db.schema
    .createTable('toolbox_snippets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .createTable('snippet_revisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('model', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('snippet_revisions_object').on('snippet_revisions').columns(['model', 'object_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['snippet_revisions', 'toolbox_snippets', 'tiered_navigations', 'countries']) await db.schema.dropTable(table).execute();
}
