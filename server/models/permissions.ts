import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { CollectionManagementPermission, CollectionPermission, PagePermission, User } from '../db/schema';
import type { CollectionManagementGrant, UserGrants } from './permission-policies';
import { reviewTaskIdsOf } from './workflows';

/** Every page permission, in the order the group editor shows them. */
export const PAGE_PERMISSIONS: readonly PagePermission[] = ['add', 'change', 'publish', 'bulk_delete', 'lock', 'unlock'];

/** Every collection permission, in the order the group editor shows them. */
export const COLLECTION_PERMISSIONS: readonly CollectionPermission[] = ['add', 'change', 'choose', 'delete'];

/** Every collection management permission, in the order the group editor shows them. */
export const COLLECTION_MANAGEMENT_PERMISSIONS: readonly CollectionManagementPermission[] = ['add_collection', 'change_collection', 'delete_collection'];

/** What one user may do, loaded once per request and asked many times through the permission policies (./permission-policies/). */
export interface UserPermissions extends UserGrants {
  user: User;
}

/** Loads a user's groups' grants; an inactive user gets none. */
export async function loadUserPermissions(db: Db, user: User): Promise<UserPermissions> {
  if (!user.is_active) return { user, canAccessAdmin: false, pageGrants: [], collectionGrants: [], collectionManagementGrants: [], hostGrants: [], reviewTaskIds: [], objectGrants: [] };
  const [admin, pageGrants, collectionRows, hostGrants, reviewTaskIds, objectGrants] = await Promise.all([
    db
      .selectFrom('user_groups')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .select('groups.id')
      .where('user_groups.user_id', '=', user.id)
      .where('groups.can_access_admin', '=', true)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('user_groups')
      .innerJoin('group_page_permissions as gpp', 'gpp.group_id', 'user_groups.group_id')
      .innerJoin('pages', 'pages.id', 'gpp.page_id')
      .select(['pages.path', 'gpp.permission'])
      .where('user_groups.user_id', '=', user.id)
      .execute(),
    inheritedCollectionGrants(db, user.id),
    db
      .selectFrom('user_groups')
      .innerJoin('group_location_permissions as glp', 'glp.group_id', 'user_groups.group_id')
      .select('glp.rlid')
      .where('user_groups.user_id', '=', user.id)
      .where('glp.permission', '=', 'host')
      .execute(),
    reviewTaskIdsOf(db, user.id),
    db
      .selectFrom('user_groups')
      .innerJoin('group_object_permissions as gop', 'gop.group_id', 'user_groups.group_id')
      .select(['gop.model', 'gop.permission'])
      .where('user_groups.user_id', '=', user.id)
      .execute(),
  ]);
  const { collectionGrants, collectionManagementGrants } = splitCollectionGrants(collectionRows);
  return { user, canAccessAdmin: user.is_superuser || admin !== undefined, pageGrants, collectionGrants, collectionManagementGrants, hostGrants, reviewTaskIds, objectGrants };
}

/** One of a user's collection grants, on the collection it was given on (`direct`) or inherited by a descendant. */
interface CollectionGrantRow {
  collectionId: number;
  permission: CollectionPermission | CollectionManagementPermission;
  direct: boolean;
}

/**
 * A user's collection grants with each carried down to the granted collection's descendants,
 * as Wagtail's collection permissions are inherited by child collections.
 */
async function inheritedCollectionGrants(db: Db, userId: number): Promise<CollectionGrantRow[]> {
  const result = await sql<CollectionGrantRow>`
    with recursive granted(collection_id, permission, direct) as (
      select gcp.collection_id, gcp.permission, true
        from user_groups
        join group_collection_permissions gcp on gcp.group_id = user_groups.group_id
       where user_groups.user_id = ${userId}
      union
      select child.id, granted.permission, false
        from collections child
        join granted on child.parent_id = granted.collection_id
    )
    select collection_id as "collectionId", permission, direct from granted`.execute(db);
  return result.rows;
}

const isManagementPermission = (permission: string): permission is CollectionManagementPermission => (COLLECTION_MANAGEMENT_PERMISSIONS as readonly string[]).includes(permission);

/** The media grants and the collection management grants among a user's collection grants: one never stands for the other. */
function splitCollectionGrants(rows: readonly CollectionGrantRow[]): Pick<UserPermissions, 'collectionGrants' | 'collectionManagementGrants'> {
  const collectionGrants: Array<{ collectionId: number; permission: CollectionPermission }> = [];
  const collectionManagementGrants: CollectionManagementGrant[] = [];
  for (const { collectionId, permission, direct } of rows) {
    if (isManagementPermission(permission)) collectionManagementGrants.push({ collectionId, permission, direct });
    else collectionGrants.push({ collectionId, permission });
  }
  return { collectionGrants, collectionManagementGrants };
}

/** Whether the user with this id is active and may use the back office (staff-only endpoints). */
export async function isStaff(db: Db, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  return (await loadUserPermissions(db, user)).canAccessAdmin;
}
