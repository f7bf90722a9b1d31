import { sql, type Kysely } from 'kysely';

const MEDIA = sql`'add', 'change', 'choose', 'delete'`;

/**
 * Managing collections (adding, renaming, moving, deleting them and setting their privacy) is a
 * permission of its own, granted per collection beside the media permissions, as Wagtail's
 * add_collection, change_collection and delete_collection. No group gets it here: media
 * permissions never implied it in Wagtail, whose default Editors and Moderators have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table group_collection_permissions drop constraint group_collection_permissions_permission_check`.execute(db);
  await sql`alter table group_collection_permissions add constraint group_collection_permissions_permission_check
    check (permission in (${MEDIA}, 'add_collection', 'change_collection', 'delete_collection'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from group_collection_permissions where permission in ('add_collection', 'change_collection', 'delete_collection')`.execute(db);
  await sql`alter table group_collection_permissions drop constraint group_collection_permissions_permission_check`.execute(db);
  await sql`alter table group_collection_permissions add constraint group_collection_permissions_permission_check check (permission in (${MEDIA}))`.execute(db);
}
