import { expect } from 'chai';
import { CopyPageAction } from '../../server/actions/copy-page';
import { CreatePageAction } from '../../server/actions/create-page';
import { DeletePageAction } from '../../server/actions/delete-page';
import { LockPageAction, UnlockPageAction } from '../../server/actions/lock-page';
import { MovePageAction } from '../../server/actions/move-page';
import { PublishPageAction } from '../../server/actions/publish-page';
import { ReorderPageAction } from '../../server/actions/reorder-page';
import { RevertPageAction } from '../../server/actions/revert-page';
import { SaveDraftAction } from '../../server/actions/save-draft';
import { SetPagePrivacyAction } from '../../server/actions/set-page-privacy';
import { UnpublishPageAction } from '../../server/actions/unpublish-page';
import type { Db } from '../../server/db/database';
import type { Page, PagePermission, User } from '../../server/db/schema';
import { PermissionDenied, ValidationError } from '../../server/errors';
import { pageHistory } from '../../server/models/admin-log';
import { addChild, getChildren, getPageOrThrow, getRevisions, snapshotOfPage } from '../../server/models/pages';
import { loadUserPermissions, type UserPermissions } from '../../server/models/permissions';
import { expectRefused } from '../support/actions';
import { createAdminUser } from '../support/admin';
import { testDb } from '../support/database';
import { pageRowLocks, pageRowReads, recordQueries, writes } from '../support/query-log';
import { createTestSite } from '../support/fixtures';

/** home › section › (child-a › grandchild, child-b): a multi-level tree of its own per test. */
async function buildTree(db: Db) {
  const { home } = await createTestSite(db);
  const section = await addChild(db, home, { title: 'Section', slug: 'section', pageType: 'content_page', content: { body: [], confirmation: [] } });
  const childA = await addChild(db, section, { title: 'Child A', slug: 'child-a', pageType: 'content_page', content: { body: [], confirmation: [] } });
  const grandchild = await addChild(db, childA, { title: 'Grandchild', slug: 'grandchild', pageType: 'content_page', content: { body: [], confirmation: [] } });
  const childB = await addChild(db, section, { title: 'Child B', slug: 'child-b', pageType: 'content_page', content: { body: [], confirmation: [] } });
  return { home, section, childA, grandchild, childB };
}

async function actor(db: Db, user: User): Promise<UserPermissions> {
  return loadUserPermissions(db, user);
}

async function editorOn(db: Db, page: Page, permissions: readonly PagePermission[]): Promise<UserPermissions> {
  return actor(db, await createAdminUser(db, { pagePermissions: [{ page, permissions }] }));
}

async function actionsOf(db: Db, page: Page): Promise<string[]> {
  return (await pageHistory(db, page.id)).map((entry) => entry.action);
}

describe('page actions', () => {
  let db: Db;
  let superuser: UserPermissions;
  before(async () => {
    db = await testDb();
    superuser = await actor(db, await createAdminUser(db, { superuser: true }));
  });

  it('creates a draft page under an allowed parent with its first revision and log entry', async () => {
    const tree = await buildTree(db);
    const editor = await editorOn(db, tree.section, ['add']);
    const page = await new CreatePageAction(db, tree.section, editor, { title: 'Specials', pageType: 'content_page', content: { body: [], confirmation: [] } }).execute();
    expect(page).to.include({ live: false, slug: 'specials', url_path: `${tree.section.url_path}specials/`, owner: editor.user.id });
    expect((await getPageOrThrow(db, tree.section.id)).numchild).to.equal(3);
    expect(await getRevisions(db, page)).to.have.length(1);
    expect(await actionsOf(db, page)).to.deep.equal(['page.create']);

    await expectDenied(new CreatePageAction(db, tree.home, editor, { title: 'Elsewhere', pageType: 'content_page' }).execute());
    await expectRejected(new CreatePageAction(db, tree.section, superuser, { title: 'Footer', pageType: 'footer_page' }).execute(), ValidationError);
  });

  it('saves drafts and publishes them: live content, published dates, revisions and log', async () => {
    const tree = await buildTree(db);
    const editor = await editorOn(db, tree.section, ['change']);
    const draft = { ...snapshotOfPage(tree.childA), title: 'Child A, renamed', slug: 'child-a-renamed' };
    await new SaveDraftAction(db, tree.childA, editor, { snapshot: draft, goLiveAt: null, expireAt: null }).execute();
    let page = await getPageOrThrow(db, tree.childA.id);
    expect(page).to.include({ title: 'Child A', draft_title: 'Child A, renamed', has_unpublished_changes: true });
    await expectDenied(new PublishPageAction(db, page, editor).execute());

    const publisher = await editorOn(db, tree.section, ['publish']);
    page = await new PublishPageAction(db, page, publisher).execute();
    expect(page).to.include({ title: 'Child A, renamed', live: true, has_unpublished_changes: false, url_path: `${tree.section.url_path}child-a-renamed/` });
    expect(page.live_revision_id).to.equal(page.latest_revision_id);
    expect(page.last_published_at).to.be.instanceOf(Date);
    expect((await getPageOrThrow(db, tree.grandchild.id)).url_path).to.equal(`${tree.section.url_path}child-a-renamed/grandchild/`);
    expect(await getRevisions(db, page)).to.have.length(2);
    expect(await actionsOf(db, page)).to.deep.equal(['page.publish', 'page.edit']);
  });

  it('saves and publishes an edit in one action: the page read and locked once, one audit entry per step', async () => {
    const tree = await buildTree(db);
    const publisher = await editorOn(db, tree.section, ['change', 'publish']);
    const log = recordQueries(db);
    const draft = { snapshot: { ...snapshotOfPage(tree.childA), title: 'Child A, edited' }, goLiveAt: null, expireAt: null, baseRevisionId: tree.childA.latest_revision_id };
    const page = await new PublishPageAction(log.db, tree.childA, publisher, { draft }).execute();
    expect(page).to.include({ title: 'Child A, edited', draft_title: 'Child A, edited', live: true, has_unpublished_changes: false });
    expect(page.live_revision_id).to.equal(page.latest_revision_id).and.not.equal(tree.childA.latest_revision_id);
    expect(pageRowReads(log, tree.childA.id)).to.have.length(1);
    expect(pageRowLocks(log, tree.childA.id)).to.have.length(1);
    expect(await actionsOf(db, page)).to.deep.equal(['page.publish', 'page.edit']);
  });

  it('refuses to save and publish an edit without both rights, before writing anything', async () => {
    const tree = await buildTree(db);
    const draft = { snapshot: { ...snapshotOfPage(tree.childA), title: 'Not saved' }, goLiveAt: null, expireAt: null };
    const log = recordQueries(db);
    for (const permissions of [['change'], ['publish']] as const) {
      const actor = await editorOn(db, tree.section, permissions);
      log.clear();
      const refused = await expectRefused(new PublishPageAction(log.db, tree.childA, actor, { draft }).execute());
      expect(refused.message).to.match(permissions[0] === 'change' ? /permission to publish/ : /permission to edit/);
      expect(writes(log)).to.deep.equal([]);
    }
    expect(await getRevisions(db, tree.childA)).to.have.length(1);
    expect(await actionsOf(db, tree.childA)).to.deep.equal([]);
  });

  it('schedules instead of publishing while go-live is ahead', async () => {
    const tree = await buildTree(db);
    const later = new Date(Date.now() + 3600_000);
    await new SaveDraftAction(db, tree.childB, superuser, { snapshot: { ...snapshotOfPage(tree.childB), title: 'Later' }, goLiveAt: later, expireAt: null }).execute();
    const page = await new PublishPageAction(db, await getPageOrThrow(db, tree.childB.id), superuser).execute();
    expect(page.title).to.equal('Child B');
    expect(page.go_live_at?.getTime()).to.equal(later.getTime());
    expect(await actionsOf(db, page)).to.deep.equal(['page.schedule', 'page.edit']);
  });

  it('unpublishes a page alone or with its descendants', async () => {
    const tree = await buildTree(db);
    const alone = await new UnpublishPageAction(db, tree.childA, superuser).execute();
    expect(alone.map((page) => page.id)).to.deep.equal([tree.childA.id]);
    expect((await getPageOrThrow(db, tree.grandchild.id)).live).to.equal(true);
    const all = await new UnpublishPageAction(db, tree.section, superuser, { includeDescendants: true }).execute();
    expect(all.map((page) => page.id).sort()).to.deep.equal([tree.section.id, tree.grandchild.id, tree.childB.id].sort());
    expect(await actionsOf(db, tree.grandchild)).to.deep.equal(['page.unpublish']);
    expect(await getPageOrThrow(db, tree.section.id)).to.include({ live: false, has_unpublished_changes: true, live_revision_id: null });
  });

  it('moves a subtree: url paths, numchild and refusals', async () => {
    const tree = await buildTree(db);
    const moved = await new MovePageAction(db, tree.childA, superuser, tree.childB).execute();
    expect(moved.url_path).to.equal(`${tree.childB.url_path}child-a/`);
    expect((await getPageOrThrow(db, tree.grandchild.id)).url_path).to.equal(`${tree.childB.url_path}child-a/grandchild/`);
    expect((await getPageOrThrow(db, tree.section.id)).numchild).to.equal(1);
    expect((await getPageOrThrow(db, tree.childB.id)).numchild).to.equal(1);
    expect(await actionsOf(db, tree.childA)).to.deep.equal(['page.move']);
    await expectRejected(new MovePageAction(db, tree.childB, superuser, tree.grandchild).execute(), ValidationError);
    const editor = await editorOn(db, tree.childB, ['change', 'add']);
    await expectDenied(new MovePageAction(db, await getPageOrThrow(db, tree.childA.id), editor, tree.section).execute());
  });

  it('copies a page with or without subpages, live or not', async () => {
    const tree = await buildTree(db);
    const shallow = await new CopyPageAction(db, tree.childA, superuser, { destination: tree.section, recursive: false, keepLive: false }).execute();
    expect(shallow).to.include({ slug: 'child-a-2', live: false, numchild: 0 });
    const deep = await new CopyPageAction(db, tree.childA, superuser, { destination: tree.childB, recursive: true, keepLive: true }).execute();
    expect(deep).to.include({ slug: 'child-a', live: true, numchild: 1, url_path: `${tree.childB.url_path}child-a/` });
    const [copiedGrandchild] = await getChildren(db, deep);
    expect(copiedGrandchild?.url_path).to.equal(`${tree.childB.url_path}child-a/grandchild/`);
    expect(await getRevisions(db, copiedGrandchild!)).to.have.length(1);
    expect(await actionsOf(db, deep)).to.deep.equal(['page.copy']);
    const noPublish = await editorOn(db, tree.section, ['add', 'change']);
    await expectDenied(new CopyPageAction(db, tree.childA, noPublish, { destination: tree.section, recursive: false, keepLive: true }).execute());
  });

  it('deletes a subtree only with bulk delete, and logs it', async () => {
    const tree = await buildTree(db);
    // The pages are live, so deleting them needs publish permission as well.
    const editor = await editorOn(db, tree.section, ['change', 'publish']);
    await expectDenied(new DeletePageAction(db, tree.childA, editor).execute());
    expect(await new DeletePageAction(db, tree.childB, editor).execute()).to.equal(1);
    const bulk = await editorOn(db, tree.section, ['change', 'publish', 'bulk_delete']);
    expect(await new DeletePageAction(db, tree.childA, bulk).execute()).to.equal(2);
    expect((await getPageOrThrow(db, tree.section.id)).numchild).to.equal(0);
    expect(await actionsOf(db, tree.childA)).to.deep.equal(['page.delete']);
  });

  it('locks a page against other editors until it is unlocked', async () => {
    const tree = await buildTree(db);
    const locker = await editorOn(db, tree.section, ['change', 'lock']);
    const other = await editorOn(db, tree.section, ['change']);
    await new LockPageAction(db, tree.childA, locker).execute();
    const locked = await getPageOrThrow(db, tree.childA.id);
    await expectDenied(new SaveDraftAction(db, locked, other, { snapshot: snapshotOfPage(locked), goLiveAt: null, expireAt: null }).execute());
    await new SaveDraftAction(db, locked, locker, { snapshot: snapshotOfPage(locked), goLiveAt: null, expireAt: null }).execute();
    await expectDenied(new UnlockPageAction(db, locked, other).execute());
    await new UnlockPageAction(db, locked, locker).execute();
    await new SaveDraftAction(db, await getPageOrThrow(db, tree.childA.id), other, { snapshot: snapshotOfPage(locked), goLiveAt: null, expireAt: null }).execute();
    expect(await actionsOf(db, tree.childA)).to.deep.equal(['page.edit', 'page.unlock', 'page.edit', 'page.lock']);
  });

  it('reverts to an earlier revision as a new draft', async () => {
    const tree = await buildTree(db);
    const [first] = await getRevisions(db, tree.childB);
    await new SaveDraftAction(db, tree.childB, superuser, { snapshot: { ...snapshotOfPage(tree.childB), title: 'Second' }, goLiveAt: null, expireAt: null }).execute();
    const revision = await new RevertPageAction(db, await getPageOrThrow(db, tree.childB.id), superuser, first!.id).execute();
    expect((revision.content as { title: string }).title).to.equal('Child B');
    expect(await getRevisions(db, tree.childB)).to.have.length(3);
    expect((await getPageOrThrow(db, tree.childB.id)).draft_title).to.equal('Child B');
    expect(await actionsOf(db, tree.childB)).to.deep.equal(['page.revert', 'page.edit']);
  });

  it('refuses to unpublish, revert, reorder or restrict a page without the permission, and changes nothing', async () => {
    const tree = await buildTree(db);
    const viewer = await editorOn(db, tree.section, ['add']);
    const [first] = await getRevisions(db, tree.childA);
    await expectDenied(new UnpublishPageAction(db, tree.childA, viewer).execute());
    await expectDenied(new RevertPageAction(db, tree.childA, viewer, first!.id).execute());
    await expectDenied(new ReorderPageAction(db, tree.childB, viewer, 'up').execute());
    await expectDenied(new SetPagePrivacyAction(db, tree.childA, viewer, { type: 'login' }).execute());
    expect(await actionsOf(db, tree.childA)).to.deep.equal([]);
    await new SetPagePrivacyAction(db, tree.childA, superuser, { type: 'login' }).execute();
    expect(await actionsOf(db, tree.childA)).to.deep.equal(['page.view_restriction.create']);
  });

  it('reorders only for users who may publish under the parent, as Wagtail asks the parent', async () => {
    const tree = await buildTree(db);
    const order = async () => (await getChildren(db, tree.section)).map((page) => page.slug);
    const editor = await editorOn(db, tree.home, ['add', 'change', 'lock']);
    const refusal = await expectRefused(new ReorderPageAction(db, tree.childB, editor, 'up').execute());
    expect(refusal.message).to.equal('You do not have permission to reorder these pages: only a user who may publish them can.');
    // 'publish' on the page itself is not on its parent, whose children's order it is.
    await expectDenied(new ReorderPageAction(db, tree.childB, await editorOn(db, tree.childB, ['change', 'publish']), 'up').execute());
    expect(await order()).to.deep.equal(['child-a', 'child-b']);
    expect(await actionsOf(db, tree.childB)).to.deep.equal([]);

    expect(await new ReorderPageAction(db, tree.childB, await editorOn(db, tree.section, ['publish']), 'up').execute()).to.equal(true);
    expect(await order()).to.deep.equal(['child-b', 'child-a']);
    expect(await actionsOf(db, tree.childB)).to.deep.equal(['page.reorder']);
  });

  it('reorders siblings with their subtrees', async () => {
    const tree = await buildTree(db);
    expect(await new ReorderPageAction(db, tree.childA, superuser, 'up').execute()).to.equal(false);
    expect(await new ReorderPageAction(db, tree.childB, superuser, 'up').execute()).to.equal(true);
    expect((await getChildren(db, tree.section)).map((page) => page.slug)).to.deep.equal(['child-b', 'child-a']);
    const grandchild = await getPageOrThrow(db, tree.grandchild.id);
    expect(grandchild.path.startsWith((await getPageOrThrow(db, tree.childA.id)).path)).to.equal(true);
  });
});

async function expectRejected(promise: Promise<unknown>, type: new (...args: never[]) => Error): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(type);
    return;
  }
  expect.fail(`expected a ${type.name}`);
}

function expectDenied(promise: Promise<unknown>): Promise<void> {
  return expectRejected(promise, PermissionDenied);
}
