import { expect } from 'chai';
import type { Page, PagePermission, User } from '../../server/db/schema';
import { draftScopeOf, moveToRefusal, pageActionsFor, privacyRefusal, removalRefusal, unpublishRefusal, type SubtreeFacts, type UserPermissions } from '../../server/models/permissions';

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
    expect(removalRefusal(actor(EDITOR), page(), LIVE, 'delete')).to.match(/is live, and you do not have permission to publish/);
    expect(removalRefusal(actor(EDITOR), page(), LIVE, 'move')).to.match(/can move live pages/);
    expect(removalRefusal(actor([...EDITOR, 'publish']), page(), LIVE, 'delete')).to.equal(null);
    expect(removalRefusal(actor(EDITOR), page({ live: false }), { anyLive: false, soleOwner: null }, 'delete')).to.equal(null);
  });

  it('lets "add" alone remove only the user\'s own drafts', () => {
    expect(removalRefusal(actor(['add']), page({ live: false, owner: USER_ID }), DRAFTS_OF_USER, 'delete')).to.equal(null);
    expect(removalRefusal(actor(['add']), page({ live: false }), { anyLive: false, soleOwner: 99 }, 'delete')).to.match(/only delete pages you created/);
    expect(removalRefusal(actor(['add']), page({ owner: USER_ID }), { anyLive: true, soleOwner: USER_ID }, 'delete')).to.match(/is live/);
    expect(removalRefusal(actor(['add', 'publish']), page({ owner: USER_ID }), { anyLive: true, soleOwner: USER_ID }, 'delete')).to.equal(null);
  });

  it('needs bulk_delete to delete with subpages, but not to move them', () => {
    const parent = page({ live: false, numchild: 2 });
    const facts = { anyLive: false, soleOwner: null };
    expect(removalRefusal(actor(EDITOR), parent, facts, 'delete')).to.match(/has subpages/);
    expect(removalRefusal(actor([...EDITOR, 'bulk_delete']), parent, facts, 'delete')).to.equal(null);
    expect(removalRefusal(actor(EDITOR), parent, facts, 'move')).to.equal(null);
  });

  it('needs add at the destination, and publish there when the subtree is live (can_move_to)', () => {
    const destination = page({ path: '00010002', depth: 2 });
    const both = actor([...EDITOR, 'publish'], { path: '0001' });
    expect(moveToRefusal(both, page(), LIVE, destination)).to.equal(null);
    const noPublishThere: UserPermissions = { ...both, pageGrants: [...actor(['add', 'change', 'publish']).pageGrants, { path: '00010002', permission: 'add' }] };
    expect(moveToRefusal(noPublishThere, page(), LIVE, destination)).to.match(/publish under the destination/);
    expect(moveToRefusal(noPublishThere, page({ live: false }), { anyLive: false, soleOwner: null }, destination)).to.equal(null);
    expect(moveToRefusal(actor(['add', 'change', 'publish']), page(), LIVE, destination)).to.match(/add pages under the destination/);
  });

  it('needs publish to unpublish or to change privacy', () => {
    expect(unpublishRefusal(actor(EDITOR), page())).to.match(/cannot unpublish it either/);
    expect(unpublishRefusal(actor([...EDITOR, 'publish']), page())).to.equal(null);
    expect(unpublishRefusal(actor([...EDITOR, 'publish']), page({ live: false }))).to.equal('This page is not live.');
    expect(pageActionsFor(actor(EDITOR), page()).canSetPrivacy).to.equal(false);
    expect(pageActionsFor(actor(['publish']), page()).canSetPrivacy).to.equal(true);
    expect(privacyRefusal(actor(EDITOR), page())).to.match(/only a user who may publish it can/);
    expect(privacyRefusal(actor(['publish']), page({ locked: true, locked_by: 99 }))).to.equal('This page is locked by another user.');
  });

  it('offers delete and move only with the subtree facts, and never on a page held by somebody else', () => {
    const publisher = actor([...EDITOR, 'publish']);
    expect(pageActionsFor(publisher, page())).to.include({ canDelete: false, canMove: false });
    expect(pageActionsFor(publisher, page(), LIVE)).to.include({ canDelete: true, canMove: true });
    expect(pageActionsFor(publisher, page({ locked: true, locked_by: 99 }), LIVE)).to.include({ canDelete: false, canMove: false });
    expect(pageActionsFor(actor([], { superuser: true }), page({ depth: 1, path: '0001' }), LIVE)).to.include({ canDelete: false, canMove: false });
  });

  it("scopes draft search to change grants and the user's own pages under add grants", () => {
    expect(draftScopeOf(actor([], { superuser: true }))).to.deep.equal({ all: true });
    expect(draftScopeOf(actor(['change', 'add', 'publish']))).to.deep.equal({ all: false, userId: USER_ID, changePaths: [SECTION], ownPaths: [SECTION] });
  });
});
