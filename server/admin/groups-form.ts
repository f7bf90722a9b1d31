/**
 * The group add and edit form (Wagtail's GroupForm with its permission formsets): the name,
 * admin access, page, collection, object and host-stand grants, read from a post or a group.
 */
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { CollectionManagementPermission, CollectionPermission, Group, ObjectPermission, PagePermission } from '../db/schema';
import type { Db } from '../db/database';
import { formValues } from '../forms/posted';
import { addProblem, emptyProblems, type FormProblems, type FormResult } from '../forms/problems';
import {
  groupGrants,
  groupNameTaken,
  unknownRlids,
  type GroupCollectionGrant,
  type GroupGrants,
  type GroupHostGrant,
  type GroupInput,
  type GroupObjectGrant,
  type GroupPageGrant,
} from '../models/groups';
import { collectionOptions } from '../models/collections';
import { OBJECT_PERMISSIONS, PERMISSION_MODELS, isPermissionModel } from '../models/object-permissions';
import { COLLECTION_MANAGEMENT_PERMISSIONS, COLLECTION_PERMISSIONS, PAGE_PERMISSIONS } from '../models/permissions';
import { pageSelectOptions } from './generic/select-options';
import type { View } from './generic/view';

/** A group form's problems with the grants it shows: the group's, or those posted. */
export type GroupFormState = FormProblems & GroupGrants;

const groupName = z.string().trim().min(1, 'A name is required.').max(150);
/** Empty page-permission rows offered below the existing ones. */
const SPARE_ROWS = 2;

const PAGE_PERMISSION_LABELS: Record<PagePermission, string> = {
  add: 'Add',
  change: 'Edit',
  publish: 'Publish',
  bulk_delete: 'Bulk delete',
  lock: 'Lock',
  unlock: 'Unlock',
};

/** Wagtail's labels of the collection permissions on the group form. */
const COLLECTION_PERMISSION_LABELS: Record<CollectionPermission, string> = {
  add: 'Add',
  change: 'Change',
  choose: 'Choose',
  delete: 'Delete',
};

/** Labels of the collection management permissions (Wagtail's add, change and delete collection). */
const COLLECTION_MANAGEMENT_PERMISSION_LABELS: Record<CollectionManagementPermission, string> = {
  add_collection: 'Add',
  change_collection: 'Change',
  delete_collection: 'Delete',
};

/** Wagtail's labels of the object permissions on the group form. */
const OBJECT_PERMISSION_LABELS: Record<ObjectPermission, string> = {
  add: 'Add',
  change: 'Change',
  delete: 'Delete',
};

/**
 * Reads the grant rows: pp-{n}-page with pp-{n}-perm values, cp-{collection} (media) and
 * cm-{collection} (collection management) values, one grant a collection, and op-{model} values.
 */
function readGrants(body: Record<string, unknown>): { pageGrants: GroupPageGrant[]; collectionGrants: GroupCollectionGrant[]; objectGrants: GroupObjectGrant[] } {
  const pageGrants: GroupPageGrant[] = [];
  const collectionPermissions = new Map<number, GroupCollectionGrant['permissions']>();
  const objectGrants: GroupObjectGrant[] = [];
  for (const [key, value] of Object.entries(body)) {
    const row = /^pp-(\d{1,4})-page$/.exec(key);
    const pageId = Number(value);
    if (row && Number.isInteger(pageId) && pageId > 0) {
      const permissions = formValues(body[`pp-${row[1]}-perm`]).filter((p): p is PagePermission => (PAGE_PERMISSIONS as readonly string[]).includes(p));
      if (permissions.length) pageGrants.push({ pageId, permissions });
    }
    const collection = /^(cp|cm)-(\d{1,9})$/.exec(key);
    if (collection) {
      const offered: readonly string[] = collection[1] === 'cp' ? COLLECTION_PERMISSIONS : COLLECTION_MANAGEMENT_PERMISSIONS;
      const permissions = formValues(value).filter((p): p is GroupCollectionGrant['permissions'][number] => offered.includes(p));
      const collectionId = Number(collection[2]);
      if (permissions.length) collectionPermissions.set(collectionId, [...(collectionPermissions.get(collectionId) ?? []), ...permissions]);
    }
    const model = /^op-([a-z_]{1,40})$/.exec(key)?.[1];
    if (model && isPermissionModel(model)) {
      const permissions = formValues(value).filter((p): p is ObjectPermission => (OBJECT_PERMISSIONS as readonly string[]).includes(p));
      if (permissions.length) objectGrants.push({ model, permissions });
    }
  }
  const collectionGrants = [...collectionPermissions].map(([collectionId, permissions]) => ({ collectionId, permissions }));
  return { pageGrants, collectionGrants, objectGrants };
}

/** The host-stand field: host_scope none/all/some, and host_rlids as numbers split by commas or spaces. */
function readHostGrant(body: Record<string, unknown>): { grant: GroupHostGrant; problem?: string } {
  const scope = body.host_scope;
  if (scope === 'all') return { grant: { scope: 'all' } };
  if (scope !== 'some') return { grant: { scope: 'none' } };
  const words = String(body.host_rlids ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 1000);
  const rlids = words.map(Number).filter((rlid) => Number.isInteger(rlid) && rlid > 0 && rlid < 2 ** 31);
  if (rlids.length !== words.length) return { grant: { scope: 'some', rlids }, problem: gettext('Location numbers are whole numbers separated by commas.') };
  if (!rlids.length) return { grant: { scope: 'some', rlids }, problem: gettext('Enter at least one location number, or choose no locations.') };
  return { grant: { scope: 'some', rlids } };
}

/** The form as it first shows: empty, or filled from a group and its grants. */
export async function groupFormState(db: Db, group: Group | undefined): Promise<GroupFormState> {
  if (!group) return { ...emptyProblems({ can_access_admin: 'on' }), pageGrants: [], collectionGrants: [], hostGrant: { scope: 'none' }, objectGrants: [] };
  return { ...emptyProblems({ name: group.name, can_access_admin: group.can_access_admin ? 'on' : undefined }), ...(await groupGrants(db, group.id)) };
}

/** Reads a posted group form: a name no other group has, and location numbers that exist. */
export async function readGroupForm(db: Db, body: Record<string, unknown>, group: Group | undefined): Promise<FormResult<GroupInput, GroupFormState>> {
  const host = readHostGrant(body);
  const grants = { ...readGrants(body), hostGrant: host.grant };
  const name = groupName.safeParse(body.name ?? '');
  const problems = emptyProblems({ name: body.name, can_access_admin: body.can_access_admin, host_rlids: body.host_rlids });
  if (!name.success) addProblem(problems, 'name', name.error.issues[0]!.message);
  else if (await groupNameTaken(db, name.data, group?.id)) addProblem(problems, 'name', gettext('A group with that name already exists.'));
  if (host.problem) addProblem(problems, 'host_rlids', host.problem);
  else if (host.grant.scope === 'some') {
    const unknown = await unknownRlids(db, host.grant.rlids);
    if (unknown.length) addProblem(problems, 'host_rlids', interpolate('There is no location {rlids}.', { rlids: unknown.join(', ') }));
  }
  if (!name.success || problems.formErrors.length) return { ok: false, ...problems, ...grants };
  return { ok: true, data: { name: name.data, canAccessAdmin: body.can_access_admin === 'on', ...grants } };
}

/** The group form drawn: a row per granted page (and spare ones), per collection, per object model, and the host stand. */
export async function groupFormView(db: Db, group: Group | undefined, state: GroupFormState): Promise<View> {
  const [pages, collections] = await Promise.all([pageSelectOptions(db), collectionOptions(db)]);
  const rows = [...state.pageGrants, ...Array.from({ length: SPARE_ROWS }, () => ({ pageId: 0, permissions: [] }))].map((grant, index) => ({
    index,
    pages: pages.map((page) => ({ ...page, selected: page.id === grant.pageId })),
    permissions: PAGE_PERMISSIONS.map((permission) => ({ value: permission, label: gettext(PAGE_PERMISSION_LABELS[permission]), checked: grant.permissions.includes(permission) })),
  }));
  const collectionRowsOf = <P extends GroupCollectionGrant['permissions'][number]>(offered: readonly P[], labels: Record<P, string>) =>
    collections.map((collection) => {
      const grant = state.collectionGrants.find((each) => each.collectionId === collection.id);
      return {
        ...collection,
        permissions: offered.map((permission) => ({ value: permission, label: gettext(labels[permission]), checked: grant?.permissions.includes(permission) ?? false })),
      };
    });
  const objectRows = Object.entries(PERMISSION_MODELS).map(([model, label]) => {
    const grant = state.objectGrants.find((each) => each.model === model);
    return {
      model,
      label: gettext(label),
      permissions: OBJECT_PERMISSIONS.map((permission) => ({
        value: permission,
        label: gettext(OBJECT_PERMISSION_LABELS[permission]),
        checked: grant?.permissions.includes(permission) ?? false,
      })),
    };
  });
  return {
    template: 'group-edit',
    context: {
      title: group ? interpolate('Editing group {name}', { name: group.name }) : gettext('Add a group'),
      group,
      form: state,
      rows,
      collectionRows: collectionRowsOf(COLLECTION_PERMISSIONS, COLLECTION_PERMISSION_LABELS),
      collectionManagementRows: collectionRowsOf(COLLECTION_MANAGEMENT_PERMISSIONS, COLLECTION_MANAGEMENT_PERMISSION_LABELS),
      objectRows,
      hostScope: state.hostGrant.scope,
      hostRlids: typeof state.values.host_rlids === 'string' ? state.values.host_rlids : state.hostGrant.scope === 'some' ? state.hostGrant.rlids.join(', ') : '',
      action: group ? `/wagtail/groups/${group.id}/` : '/wagtail/groups/add/',
    },
  };
}
