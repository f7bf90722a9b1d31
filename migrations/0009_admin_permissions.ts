import { sql, type Kysely } from 'kysely';

/**
 * Back-office permissions and audit: groups with an admin-access flag, page permissions
 * inherited by the granted page's subtree, collection permissions, the admin log, and the
 * login-failure counters that throttle sign-in across processes, and open editing sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(150)', (c) => c.notNull().unique())
    .addColumn('can_access_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('user_groups')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_groups_pkey', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('user_groups_group_idx').on('user_groups').column('group_id').execute();

  await db.schema
    .createTable('group_page_permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(20)', (c) => c.notNull().check(sql`permission in ('add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock')`))
    .addUniqueConstraint('group_page_permissions_key', ['group_id', 'page_id', 'permission'])
    .execute();

  await db.schema
    .createTable('group_collection_permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('permission', 'varchar(20)', (c) => c.notNull().check(sql`permission in ('add', 'change', 'choose', 'delete')`))
    .addUniqueConstraint('group_collection_permissions_key', ['group_id', 'collection_id', 'permission'])
    .execute();

  // No foreign key to pages: the history of a deleted page outlives it.
  await db.schema
    .createTable('admin_log_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('page_id', 'integer')
    .addColumn('object_type', 'varchar(64)', (c) => c.notNull().defaultTo('page'))
    .addColumn('object_id', 'integer')
    .addColumn('label', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('admin_log_entries_page_idx').on('admin_log_entries').columns(['page_id', 'created_at']).execute();
  await db.schema.createIndex('admin_log_entries_created_idx').on('admin_log_entries').column('created_at').execute();

  // Who has a page's edit form open right now, so a second editor is warned.
  await db.schema
    .createTable('editing_sessions')
    .addColumn('session_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('editing_sessions_page_idx').on('editing_sessions').columns(['page_id', 'last_seen_at']).execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_failures', 'editing_sessions', 'admin_log_entries', 'group_collection_permissions', 'group_page_permissions', 'user_groups', 'groups']) {
    await db.schema.dropTable(table).execute();
  }
}
