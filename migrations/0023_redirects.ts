import { sql, type Kysely } from 'kysely';

/**
 * Redirects, as Wagtail's wagtail.contrib.redirects: an old path (normalised) on one site or on
 * all sites, sent permanently or temporarily to a page or to any link; automatic ones are made
 * when a page moves or changes its slug. Imports hold an uploaded spreadsheet's rows between the
 * preview and the import, as Wagtail keeps the file in its import storage.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('old_path', 'varchar(255)', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.references('sites.id').onDelete('cascade'))
    .addColumn('is_permanent', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('redirect_page_id', 'integer', (c) => c.references('pages.id').onDelete('cascade'))
    .addColumn('redirect_link', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('automatically_created', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One redirect per path and site, "all sites" included: NULLS NOT DISTINCT makes the NULL site
  // count as one value, which Wagtail's form has to check by hand.
  await sql`CREATE UNIQUE INDEX redirects_old_path_site_key ON redirects (old_path, site_id) NULLS NOT DISTINCT`.execute(db);
  await db.schema.createIndex('redirects_redirect_page_id_idx').on('redirects').column('redirect_page_id').execute();

  await db.schema
    .createTable('redirect_imports')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull())
    .addColumn('rows', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** Drops the redirects and pending imports. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirect_imports').execute();
  await db.schema.dropTable('redirects').execute();
}
