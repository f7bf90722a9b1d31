import { expect } from 'chai';
import type { Page, PagePermission, User } from '../../server/db/schema';
import { PagePermissionTester, pagePolicy, type SubtreeFacts } from '../../server/models/permission-policies';
import type { UserPermissions } from '../../server/models/permissions';

const USER_ID = 7;
const SECTION = '00010001';

function actor(permissions: readonly PagePermission[], { superuser = false, path = SECTION } = {}): UserPermissions {
  const user = { id: USER_ID, is_active: true, is_superuser: superuser } as User;
  return {
    user,
    canAccessAdmin: true,
    pageGrants: permissions.map((permission) => ({ path, permission })),
    collectionGrants: [],
    collectionManagementGrants: [],
    hostGrants: [],
    reviewTaskIds: [],
    objectGrants: [],
  };
}

type TestPage = Pick<Page, 'path' | 'locked' | 'locked_by' | 'owner' | 'depth' | 'numchild' | 'live' | 'workflow_task_id'>;

function page(overrides: Partial<TestPage> = {}): TestPage {
  return { path: `${SECTION}0001`, depth: 3, numchild: 0, live: true, owner: null, locked: false, locked_by: null, workflow_task_id: null, ...overrides };
}

const LIVE: SubtreeFacts = { anyLive: true, soleOwner: null };
const DRAFTS_OF_USER: SubtreeFacts = { anyLive: false, soleOwner: USER_ID };
const EDITOR: readonly PagePermission[] = ['add', 'change', 'lock'];

describe('page permission tester', () => {
  it('needs publish to delete or move a subtree with a live page, as Wagtail can_delete and can_move', () => {
    expect(new PagePermissionTester(actor(EDITOR), page(), LIVE).removalRefusal('delete')).to.match(/is live, and you do not have permission to publish/);
    expect(new PagePermissionTester(actor(EDITOR), page(), LIVE).removalRefusal('move')).to.match(/can move live pages/);
    expect(new PagePermissionTester(actor([...EDITOR, 'publish']), page(), LIVE).removalRefusal('delete')).to.equal(null);
    expect(new PagePermissionTester(actor(EDITOR), page({ live: false }), { anyLive: false, soleOwner: null }).removalRefusal('delete')).to.equal(null);
  });

  it('lets "add" alone remove only the user\'s own drafts', () => {
    expect(new PagePermissionTester(actor(['add']), page({ live: false, owner: USER_ID }), DRAFTS_OF_USER).removalRefusal('delete')).to.equal(null);
    expect(new PagePermissionTester(actor(['add']), page({ live: false }), { anyLive: false, soleOwner: 99 }).removalRefusal('delete')).to.match(/only delete pages you created/);
    expect(new PagePermissionTester(actor(['add']), page({ owner: USER_ID }), { anyLive: true, soleOwner: USER_ID }).removalRefusal('delete')).to.match(/is live/);
    expect(new PagePermissionTester(actor(['add', 'publish']), page({ owner: USER_ID }), { anyLive: true, soleOwner: USER_ID }).removalRefusal('delete')).to.equal(null);
  });

  it('needs bulk_delete to delete with subpages, but not to move them', () => {
    const parent = page({ live: false, numchild: 2 });
    const facts = { anyLive: false, soleOwner: null };
    expect(new PagePermissionTester(actor(EDITOR), parent, facts).removalRefusal('delete')).to.match(/has subpages/);
    expect(new PagePermissionTester(actor([...EDITOR, 'bulk_delete']), parent, facts).removalRefusal('delete')).to.equal(null);
    expect(new PagePermissionTester(actor(EDITOR), parent, facts).removalRefusal('move')).to.equal(null);
  });

  it('needs add at the destination, and publish there when the subtree is live (can_move_to)', () => {
    const destination = page({ path: '00010002', depth: 2 });
    const both = actor([...EDITOR, 'publish'], { path: '0001' });
    expect(new PagePermissionTester(both, page(), LIVE).moveToRefusal(destination)).to.equal(null);
    const noPublishThere: UserPermissions = { ...both, pageGrants: [...actor(['add', 'change', 'publish']).pageGrants, { path: '00010002', permission: 'add' }] };
    expect(new PagePermissionTester(noPublishThere, page(), LIVE).moveToRefusal(destination)).to.match(/publish under the destination/);
    expect(new PagePermissionTester(noPublishThere, page({ live: false }), { anyLive: false, soleOwner: null }).moveToRefusal(destination)).to.equal(null);
    expect(new PagePermissionTester(actor(['add', 'change', 'publish']), page(), LIVE).moveToRefusal(destination)).to.match(/add pages under the destination/);
  });

  it('needs publish to unpublish or to change privacy', () => {
    expect(new PagePermissionTester(actor(EDITOR), page()).unpublishRefusal()).to.match(/cannot unpublish it either/);
    expect(new PagePermissionTester(actor([...EDITOR, 'publish']), page()).unpublishRefusal()).to.equal(null);
    expect(new PagePermissionTester(actor([...EDITOR, 'publish']), page({ live: false })).unpublishRefusal()).to.equal('This page is not live.');
    expect(new PagePermissionTester(actor(EDITOR), page()).actions().canSetPrivacy).to.equal(false);
    expect(new PagePermissionTester(actor(['publish']), page()).actions().canSetPrivacy).to.equal(true);
    expect(new PagePermissionTester(actor(EDITOR), page()).privacyRefusal()).to.match(/only a user who may publish it can/);
    expect(new PagePermissionTester(actor(['publish']), page({ locked: true, locked_by: 99 })).privacyRefusal()).to.equal('This page is locked by another user.');
  });

  it('offers delete and move only with the subtree facts, and never on a page held by somebody else', () => {
    const publisher = actor([...EDITOR, 'publish']);
    expect(new PagePermissionTester(publisher, page()).actions()).to.include({ canDelete: false, canMove: false });
    expect(new PagePermissionTester(publisher, page(), LIVE).actions()).to.include({ canDelete: true, canMove: true });
    expect(new PagePermissionTester(publisher, page({ locked: true, locked_by: 99 }), LIVE).actions()).to.include({ canDelete: false, canMove: false });
    expect(new PagePermissionTester(actor([], { superuser: true }), page({ depth: 1, path: '0001' }), LIVE).actions()).to.include({ canDelete: false, canMove: false });
  });

  it("scopes draft search to change grants and the user's own pages under add grants", () => {
    expect(pagePolicy.changeableScope(actor([], { superuser: true }))).to.deep.equal({ all: true });
    expect(pagePolicy.changeableScope(actor(['change', 'add', 'publish']))).to.deep.equal({ all: false, userId: USER_ID, changePaths: [SECTION], ownPaths: [SECTION] });
  });
});
