import type { Db } from '../../server/db/database';
import type { Collection, CollectionManagementPermission, CollectionPermission, User } from '../../server/db/schema';
import { insertCollection, rootCollection } from '../../server/models/collections';
import { uniqueSuffix } from './fixtures';

type CollectionRef = Pick<Collection, 'id'> | number;

const idOf = (collection: CollectionRef) => (typeof collection === 'number' ? collection : collection.id);

/** A collection with a unique name under `parent` (the root when absent). */
export async function createTestCollection(db: Db, name = 'Collection', parent?: CollectionRef): Promise<Collection> {
  return insertCollection(db, { name: `${name} ${uniqueSuffix()}`, parentId: parent === undefined ? (await rootCollection(db)).id : idOf(parent) });
}

/** The id of a new collection with a unique name under `parent` (the root when absent). */
export async function createCollection(db: Db, name: string, parent?: CollectionRef): Promise<number> {
  return (await createTestCollection(db, name, parent)).id;
}

/** Grants collection permissions (on media, or to manage collections) to the user's own group (createAdminUser gives each non-superuser one). */
export async function grantCollection(db: Db, user: User, collection: CollectionRef, permissions: ReadonlyArray<CollectionPermission | CollectionManagementPermission>): Promise<void> {
  const { group_id } = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  await db
    .insertInto('group_collection_permissions')
    .values(permissions.map((permission) => ({ group_id, collection_id: idOf(collection), permission })))
    .execute();
}
