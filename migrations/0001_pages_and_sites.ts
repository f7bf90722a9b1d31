import { sql, type Kysely } from 'kysely';

/** Users, the page tree with revisions, sites and per-site settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('first_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(150)', (c) => c.notNull().defaultTo(''))
    .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_superuser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('date_joined', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login', 'timestamptz')
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // "C" collation so that ordering by path is bytewise, which tree order relies on.
    .addColumn('path', sql`varchar(255) collate "C"`, (c) => c.notNull().unique())
    .addColumn('depth', 'integer', (c) => c.notNull().check(sql`depth >= 1`))
    .addColumn('numchild', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`numchild >= 0`),
    )
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('draft_title', 'varchar(255)', (c) => c.notNull())
    .addColumn('slug', 'varchar(255)', (c) => c.notNull())
    .addColumn('url_path', 'text', (c) => c.notNull())
    .addColumn('page_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('seo_title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('search_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('show_in_menus', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('live', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('has_unpublished_changes', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('first_published_at', 'timestamptz')
    .addColumn('last_published_at', 'timestamptz')
    .addColumn('live_revision_id', 'integer')
    .addColumn('latest_revision_id', 'integer')
    .addColumn('latest_revision_created_at', 'timestamptz')
    .addColumn('go_live_at', 'timestamptz')
    .addColumn('expire_at', 'timestamptz')
    .addColumn('expired', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('locked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('owner', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('pages_url_path_idx').on('pages').column('url_path').execute();
  await db.schema.createIndex('pages_page_type_idx').on('pages').column('page_type').execute();

  await db.schema
    .createTable('page_revisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_go_live_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('page_revisions_page_idx').on('page_revisions').columns(['page_id', 'created_at']).execute();
  await db.schema.alterTable('pages').addForeignKeyConstraint('pages_live_revision_fk', ['live_revision_id'], 'page_revisions', ['id']).onDelete('set null').execute();
  await db.schema.alterTable('pages').addForeignKeyConstraint('pages_latest_revision_fk', ['latest_revision_id'], 'page_revisions', ['id']).onDelete('set null').execute();

  await db.schema
    .createTable('sites')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('hostname', 'varchar(255)', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(80))
    .addColumn('site_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('root_page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('is_default_site', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('sites_hostname_port_key', ['hostname', 'port'])
    .execute();
  // At most one default site.
  await sql`create unique index sites_one_default_idx on sites (is_default_site) where is_default_site`.execute(db);

  await db.schema
    .createTable('site_settings')
    .addColumn('site_id', 'integer', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
    .addColumn('value', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['site_settings', 'sites']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('pages').dropConstraint('pages_live_revision_fk').execute();
  await db.schema.alterTable('pages').dropConstraint('pages_latest_revision_fk').execute();
  for (const table of ['page_revisions', 'pages', 'users']) await db.schema.dropTable(table).execute();
}
