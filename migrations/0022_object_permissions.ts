import { sql, type Kysely } from 'kysely';

/**
 * Object permissions, as Wagtail's group form calls them: a group may add, change or delete the
 * objects of a kind (redirects, sites, site settings, each snippet model) wherever they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_object_permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('model', 'varchar(40)', (c) => c.notNull())
    .addColumn('permission', 'varchar(20)', (c) => c.notNull().check(sql`permission in ('add', 'change', 'delete')`))
    .addUniqueConstraint('group_object_permissions_key', ['group_id', 'model', 'permission'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_object_permissions').execute();
}
