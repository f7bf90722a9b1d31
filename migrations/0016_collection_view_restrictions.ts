import { sql, type Kysely } from 'kysely';

/**
 * Privacy of collections, as Wagtail's CollectionViewRestriction: the documents of a collection
 * and its descendants may be open to signed-in users only, to members of some groups, or to
 * visitors who know a password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collection_view_restrictions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('restriction_type', 'varchar(20)', (c) => c.notNull().check(sql`restriction_type in ('password', 'login', 'groups')`))
    .addColumn('password', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('collection_view_restrictions_collection_idx').on('collection_view_restrictions').column('collection_id').execute();
  await db.schema
    .createTable('collection_view_restriction_groups')
    .addColumn('restriction_id', 'integer', (c) => c.notNull().references('collection_view_restrictions.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('collection_view_restriction_groups_pkey', ['restriction_id', 'group_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('collection_view_restriction_groups').execute();
  await db.schema.dropTable('collection_view_restrictions').execute();
}
