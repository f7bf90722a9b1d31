import { expect } from 'chai';
import type { User } from '../../server/db/schema';
import {
  collectionManagementPolicy,
  locationPolicy,
  mediaPolicy,
  MODEL_POLICIES,
  taskReviewPolicy,
  userManagementPolicy,
  type UserGrants,
} from '../../server/models/permission-policies';
import type { UserPermissions } from '../../server/models/permissions';

const USER_ID = 11;

function actor(grants: Partial<UserGrants> = {}, flags: { superuser?: boolean; active?: boolean } = {}): UserPermissions {
  const user = { id: USER_ID, is_active: flags.active ?? true, is_superuser: flags.superuser ?? false } as User;
  return { canAccessAdmin: true, pageGrants: [], collectionGrants: [], collectionManagementGrants: [], hostGrants: [], reviewTaskIds: [], objectGrants: [], ...grants, user };
}

describe('permission policies', () => {
  it('grants a model permission per action, any of them opening its screens, and nothing to an inactive superuser', () => {
    const editor = actor({ objectGrants: [{ model: 'redirect', permission: 'change' }] });
    expect(MODEL_POLICIES.redirect.userHasPermission(editor, 'change')).to.equal(true);
    expect(MODEL_POLICIES.redirect.userHasPermission(editor, 'delete')).to.equal(false);
    expect(MODEL_POLICIES.site.userHasPermission(editor, 'change')).to.equal(false);
    expect(MODEL_POLICIES.redirect.userHasAnyPermission(editor, ['add', 'change'])).to.equal(true);
    expect(MODEL_POLICIES.site.userHasAnyPermission(editor, ['add', 'change', 'delete'])).to.equal(false);
    expect(MODEL_POLICIES.country.userHasPermission(actor({}, { superuser: true }), 'delete')).to.equal(true);
    expect(MODEL_POLICIES.country.userHasPermission(actor({}, { superuser: true, active: false }), 'delete')).to.equal(false);
  });

  it("lets the uploader change or delete their own media with 'add', never choose it, as Wagtail's ownership policy", () => {
    const uploader = actor({ collectionGrants: [{ collectionId: 3, permission: 'add' }] });
    const own = { collection_id: 3, uploaded_by_user_id: USER_ID };
    const others = { collection_id: 3, uploaded_by_user_id: 99 };
    expect(mediaPolicy.userHasPermissionForInstance(uploader, 'change', own)).to.equal(true);
    expect(mediaPolicy.userHasPermissionForInstance(uploader, 'delete', own)).to.equal(true);
    expect(mediaPolicy.userHasPermissionForInstance(uploader, 'change', others)).to.equal(false);
    expect(mediaPolicy.userHasPermissionForInstance(uploader, 'choose', own)).to.equal(false);
    expect(mediaPolicy.userHasPermissionForInstance(uploader, 'change', { ...own, collection_id: 4 })).to.equal(false);
  });

  it('lists the collections holding any of the permissions, every collection for a superuser', () => {
    const user = actor({
      collectionGrants: [
        { collectionId: 3, permission: 'add' },
        { collectionId: 5, permission: 'delete' },
        { collectionId: 7, permission: 'choose' },
      ],
    });
    expect(mediaPolicy.collectionsUserHasAnyPermissionFor(user, ['add', 'change', 'delete'])).to.have.members([3, 5]);
    expect(mediaPolicy.collectionsUserHasPermissionFor(user, 'change')).to.deep.equal([]);
    expect(mediaPolicy.collectionsUserHasAnyPermissionFor(actor({}, { superuser: true }), ['add'])).to.equal(undefined);
    expect(mediaPolicy.collectionsUserHasPermissionFor(actor({ collectionGrants: [{ collectionId: 3, permission: 'add' }] }, { active: false }), 'add')).to.deep.equal([]);
    expect(mediaPolicy.userMayUseMedia(user)).to.equal(true);
    expect(mediaPolicy.userMayUseMedia(actor())).to.equal(false);
  });

  it('manages collections by their own permissions: add under, change on, delete above; the root never', () => {
    const manager = actor({
      collectionManagementGrants: [
        { collectionId: 2, permission: 'add_collection', direct: true },
        { collectionId: 2, permission: 'change_collection', direct: true },
        { collectionId: 6, permission: 'change_collection', direct: false },
        { collectionId: 2, permission: 'delete_collection', direct: true },
      ],
    });
    expect(collectionManagementPolicy.userCanAddUnder(manager, 2)).to.equal(true);
    expect(collectionManagementPolicy.userCanAddUnder(manager, 6)).to.equal(false);
    expect(collectionManagementPolicy.editRefusal(manager, { id: 6, parent_id: 2 })).to.equal(null);
    expect(collectionManagementPolicy.editRefusal(manager, { id: 8, parent_id: 2 })).to.equal('You do not have permission to edit this collection.');
    expect(collectionManagementPolicy.deleteRefusal(manager, { id: 6, parent_id: 2 })).to.equal(null);
    expect(collectionManagementPolicy.deleteRefusal(manager, { id: 2, parent_id: 1 })).to.equal('You do not have permission to delete this collection.');
    expect(collectionManagementPolicy.moveRefusal(manager, { id: 2 })).to.match(/were given on it/);
    expect(collectionManagementPolicy.moveRefusal(manager, { id: 6 })).to.equal(null);
    expect(collectionManagementPolicy.privacyRefusal(actor({}, { superuser: true }), { id: 1, parent_id: null })).to.equal('The root collection has no privacy setting.');
    expect(collectionManagementPolicy.instancesUserHasAnyPermissionFor(manager)).to.have.members([2, 6]);
    expect(collectionManagementPolicy.userHasAnyPermission(actor({ collectionGrants: [{ collectionId: 2, permission: 'add' }] }), ['add_collection', 'change_collection'])).to.equal(
      false,
    );
  });

  it('runs the host stand of granted locations, all of them for a null grant, and only in the back office', () => {
    const host = actor({ hostGrants: [{ rlid: 12 }] });
    expect(locationPolicy.userHasPermissionForInstance(host, 'host', 12)).to.equal(true);
    expect(locationPolicy.userHasPermissionForInstance(host, 'host', 13)).to.equal(false);
    expect(locationPolicy.userHasPermissionEverywhere(host)).to.equal(false);
    expect(locationPolicy.userHasPermissionEverywhere(actor({ hostGrants: [{ rlid: null }] }))).to.equal(true);
    expect(locationPolicy.userHasPermission({ ...host, canAccessAdmin: false }, 'host')).to.equal(false);
  });

  it('lets only reviewers review a task and only superusers manage users', () => {
    const reviewer = actor({ reviewTaskIds: [4] });
    expect(taskReviewPolicy.userHasPermissionForInstance(reviewer, 'review', 4)).to.equal(true);
    expect(taskReviewPolicy.userHasPermissionForInstance(reviewer, 'review', 5)).to.equal(false);
    expect(taskReviewPolicy.userHasPermissionForInstance(actor({}, { superuser: true }), 'review', 5)).to.equal(true);
    expect(userManagementPolicy.userHasPermission(reviewer, 'change')).to.equal(false);
    expect(userManagementPolicy.userHasPermission(actor({}, { superuser: true }), 'delete')).to.equal(true);
  });
});
