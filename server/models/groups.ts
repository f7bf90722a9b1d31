import type { Db } from '../db/database';
import type { CollectionManagementPermission, CollectionPermission, Group, ObjectPermission, PagePermission } from '../db/schema';
import { isPermissionModel, type PermissionModel } from './object-permissions';
import { withTransaction } from '../db/transaction';
import { likePattern } from './text-search';

/** Page permissions of a group on one page. */
export interface GroupPageGrant {
  pageId: number;
  permissions: PagePermission[];
}

/** Collection permissions of a group on one collection: on its media, and to manage collections there. */
export interface GroupCollectionGrant {
  collectionId: number;
  permissions: Array<CollectionPermission | CollectionManagementPermission>;
}

/** Object permissions of a group on one model. */
export interface GroupObjectGrant {
  model: PermissionModel;
  permissions: ObjectPermission[];
}

/** Where a group runs the host stand: nowhere, every location, or the listed rlids. */
export type GroupHostGrant = { scope: 'none' } | { scope: 'all' } | { scope: 'some'; rlids: number[] };

/** Everything the group editor saves. */
export interface GroupInput {
  name: string;
  canAccessAdmin: boolean;
  pageGrants: GroupPageGrant[];
  collectionGrants: GroupCollectionGrant[];
  hostGrant: GroupHostGrant;
  objectGrants: GroupObjectGrant[];
}

/** Groups whose name contains `search` (all when empty), by name, with member counts. */
export async function listGroups(db: Db, search = ''): Promise<Array<Group & { members: number }>> {
  let query = db
    .selectFrom('groups')
    .leftJoin('user_groups', 'user_groups.group_id', 'groups.id')
    .selectAll('groups')
    .select((eb) => eb.fn.count<string>('user_groups.user_id').as('members'))
    .groupBy('groups.id')
    .orderBy('groups.name');
  if (search.trim()) query = query.where('groups.name', 'ilike', likePattern(search.trim()));
  const rows = await query.execute();
  return rows.map((row) => ({ ...row, members: Number(row.members) }));
}

/** The group with this id, or undefined. */
export async function getGroup(db: Db, id: number): Promise<Group | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A group's grants as its form edits them. */
export type GroupGrants = Omit<GroupInput, 'name' | 'canAccessAdmin'>;

/** A group's page grants (one entry per page), collection grants, host-stand grant and object grants. */
export async function groupGrants(db: Db, groupId: number): Promise<GroupGrants> {
  const [pages, collections, locations, objects] = await Promise.all([
    db.selectFrom('group_page_permissions').select(['page_id', 'permission']).where('group_id', '=', groupId).orderBy('page_id').execute(),
    db.selectFrom('group_collection_permissions').select(['collection_id', 'permission']).where('group_id', '=', groupId).execute(),
    db.selectFrom('group_location_permissions').select('rlid').where('group_id', '=', groupId).where('permission', '=', 'host').orderBy('rlid').execute(),
    db.selectFrom('group_object_permissions').select(['model', 'permission']).where('group_id', '=', groupId).execute(),
  ]);
  const rlids = locations.flatMap((row) => (row.rlid === null ? [] : [row.rlid]));
  const hostGrant: GroupHostGrant = locations.some((row) => row.rlid === null) ? { scope: 'all' } : rlids.length ? { scope: 'some', rlids } : { scope: 'none' };
  const pageGrants = new Map<number, PagePermission[]>();
  for (const row of pages) pageGrants.set(row.page_id, [...(pageGrants.get(row.page_id) ?? []), row.permission]);
  const collectionGrants = new Map<number, GroupCollectionGrant['permissions']>();
  for (const row of collections) collectionGrants.set(row.collection_id, [...(collectionGrants.get(row.collection_id) ?? []), row.permission]);
  return {
    pageGrants: [...pageGrants].map(([pageId, permissions]) => ({ pageId, permissions })),
    collectionGrants: [...collectionGrants].map(([collectionId, permissions]) => ({ collectionId, permissions })),
    hostGrant,
    objectGrants: groupByModel(objects),
  };
}

function groupByModel(rows: ReadonlyArray<{ model: string; permission: ObjectPermission }>): GroupObjectGrant[] {
  const byModel = new Map<PermissionModel, ObjectPermission[]>();
  for (const row of rows) if (isPermissionModel(row.model)) byModel.set(row.model, [...(byModel.get(row.model) ?? []), row.permission]);
  return [...byModel].map(([model, permissions]) => ({ model, permissions }));
}

/** Creates a group (id undefined) or replaces one's name, flag and grants; returns it. */
export async function saveGroup(db: Db, id: number | undefined, input: GroupInput): Promise<Group> {
  return withTransaction(db, async (trx) => {
    const group =
      id === undefined
        ? await trx.insertInto('groups').values({ name: input.name, can_access_admin: input.canAccessAdmin }).returningAll().executeTakeFirstOrThrow()
        : await trx.updateTable('groups').set({ name: input.name, can_access_admin: input.canAccessAdmin }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await trx.deleteFrom('group_page_permissions').where('group_id', '=', group.id).execute();
    await trx.deleteFrom('group_collection_permissions').where('group_id', '=', group.id).execute();
    const pageRows = input.pageGrants.flatMap((grant) => [...new Set(grant.permissions)].map((permission) => ({ group_id: group.id, page_id: grant.pageId, permission })));
    const uniquePageRows = [...new Map(pageRows.map((row) => [`${row.page_id}:${row.permission}`, row])).values()];
    if (uniquePageRows.length) await trx.insertInto('group_page_permissions').values(uniquePageRows).execute();
    const collectionRows = input.collectionGrants.flatMap((grant) =>
      [...new Set(grant.permissions)].map((permission) => ({ group_id: group.id, collection_id: grant.collectionId, permission })),
    );
    if (collectionRows.length) await trx.insertInto('group_collection_permissions').values(collectionRows).execute();
    await trx.deleteFrom('group_location_permissions').where('group_id', '=', group.id).execute();
    const hostRlids = input.hostGrant.scope === 'all' ? [null] : input.hostGrant.scope === 'some' ? [...new Set(input.hostGrant.rlids)] : [];
    if (hostRlids.length)
      await trx
        .insertInto('group_location_permissions')
        .values(hostRlids.map((rlid) => ({ group_id: group.id, rlid, permission: 'host' as const })))
        .execute();
    await trx.deleteFrom('group_object_permissions').where('group_id', '=', group.id).execute();
    const objectRows = input.objectGrants.flatMap((grant) => [...new Set(grant.permissions)].map((permission) => ({ group_id: group.id, model: grant.model, permission })));
    if (objectRows.length) await trx.insertInto('group_object_permissions').values(objectRows).execute();
    return group;
  });
}

/** Deletes a group; its members lose what it granted. */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

/** Whether another group already has this name (case-insensitive). */
export async function groupNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('groups')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The rlids among these that name no location. */
export async function unknownRlids(db: Db, rlids: readonly number[]): Promise<number[]> {
  if (!rlids.length) return [];
  const known = new Set((await db.selectFrom('locations').select('rlid').where('rlid', 'in', rlids).execute()).map((row) => row.rlid));
  return rlids.filter((rlid) => !known.has(rlid));
}
