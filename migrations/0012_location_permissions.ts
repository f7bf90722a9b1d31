import { sql, type Kysely } from 'kysely';

/**
 * Location permissions: a group may run the host stand (wait list and reservations) of one
 * location, or of every location when rlid is null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_location_permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('rlid', 'integer', (c) => c.references('locations.rlid').onDelete('cascade'))
    .addColumn('permission', 'varchar(20)', (c) => c.notNull().check(sql`permission in ('host')`))
    .execute();
  // Null rlids are distinct in a plain unique constraint, so "every location" gets its own index.
  await db.schema
    .createIndex('group_location_permissions_key')
    .on('group_location_permissions')
    .columns(['group_id', 'rlid', 'permission'])
    .unique()
    .where(sql.ref('rlid'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('group_location_permissions_all_key')
    .on('group_location_permissions')
    .columns(['group_id', 'permission'])
    .unique()
    .where(sql.ref('rlid'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_location_permissions').execute();
}
