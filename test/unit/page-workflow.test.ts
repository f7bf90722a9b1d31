import { expect } from 'chai';
import { CreateTaskAction, CreateWorkflowAction, SetTaskActiveAction, SetWorkflowActiveAction } from '../../server/actions/manage-workflows';
import { ApproveTaskAction, CancelWorkflowAction, RejectTaskAction, SubmitForModerationAction } from '../../server/actions/page-workflow';
import { PublishPageAction } from '../../server/actions/publish-page';
import { SaveDraftAction } from '../../server/actions/save-draft';
import type { Db } from '../../server/db/database';
import type { Page, PagePermission, User } from '../../server/db/schema';
import { NotFoundError, PermissionDenied, ValidationError } from '../../server/errors';
import { pageHistory } from '../../server/models/admin-log';
import { addChild, getPageOrThrow, snapshotOfPage } from '../../server/models/pages';
import { PagePermissionTester } from '../../server/models/permission-policies';
import { loadUserPermissions, type UserPermissions } from '../../server/models/permissions';
import { openWorkflowOf, workflowForPath } from '../../server/models/workflows';
import { createAdminUser } from '../support/admin';
import { testDb } from '../support/database';
import { createTestSite, uniqueSuffix } from '../support/fixtures';

const MAIL = { origin: 'https://admin.example.com' };

describe('page workflow actions', () => {
  let db: Db;
  let superuser: UserPermissions;
  before(async () => {
    db = await testDb();
    superuser = await loadUserPermissions(db, await createAdminUser(db, { superuser: true }));
  });

  async function groupOf(user: User): Promise<number> {
    const row = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return row.group_id;
  }

  /** A section with one page, an editor (no publish), and reviewers of each task of a workflow on the section. */
  async function setUp(taskCount = 1, editorPermissions: readonly PagePermission[] = ['add', 'change']) {
    const { home } = await createTestSite(db);
    const section = await addChild(db, home, { title: 'Section', slug: 'section', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const page = await addChild(db, section, { title: 'Lobster Fest', slug: 'lobster-fest', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const editorUser = await createAdminUser(db, { pagePermissions: [{ page: section, permissions: editorPermissions }] });
    const reviewers: UserPermissions[] = [];
    const taskIds: number[] = [];
    for (let index = 0; index < taskCount; index += 1) {
      const reviewer = await createAdminUser(db);
      const task = await new CreateTaskAction(db, { name: `Review ${index + 1} ${uniqueSuffix()}`, groupIds: [await groupOf(reviewer)] }, superuser).execute();
      taskIds.push(task.id);
      reviewers.push(await loadUserPermissions(db, reviewer));
    }
    const workflow = await new CreateWorkflowAction(db, { name: `Approval ${uniqueSuffix()}`, taskIds, pageIds: [section.id] }, superuser).execute();
    return { section, page, workflow, taskIds, reviewers, editor: await loadUserPermissions(db, editorUser) };
  }

  async function edit(page: Page, actor: UserPermissions, title: string) {
    const current = await getPageOrThrow(db, page.id);
    return new SaveDraftAction(db, current, actor, { snapshot: { ...snapshotOfPage(current), title }, goLiveAt: null, expireAt: null }).execute();
  }

  const fresh = (page: Page) => getPageOrThrow(db, page.id);
  /** The page's audit codes, oldest first, kept to those named. */
  const actions = async (page: Page, only: readonly string[]) =>
    (await pageHistory(db, page.id))
      .map((entry) => entry.action)
      .reverse()
      .filter((action) => only.includes(action));

  it('applies the workflow of the nearest assigned ancestor, and none once it is disabled', async () => {
    const { section, page, workflow } = await setUp();
    expect((await workflowForPath(db, page.path))?.id).to.equal(workflow.id);
    const inner = await new CreateWorkflowAction(db, { name: `Inner ${uniqueSuffix()}`, taskIds: (await setUp()).taskIds, pageIds: [page.id] }, superuser).execute();
    expect((await workflowForPath(db, page.path))?.id).to.equal(inner.id);
    expect((await workflowForPath(db, section.path))?.id).to.equal(workflow.id);
    await new SetWorkflowActiveAction(db, workflow, superuser, { active: false }).execute();
    expect(await workflowForPath(db, section.path)).to.equal(undefined);
  });

  it('refuses to assign a page another workflow holds', async () => {
    const { section, taskIds } = await setUp();
    try {
      await new CreateWorkflowAction(db, { name: 'Second', taskIds, pageIds: [section.id] }, superuser).execute();
      expect.fail('assigned twice');
    } catch (error) {
      expect(error).to.be.instanceOf(Error).with.property('message').that.includes('already has the workflow');
    }
  });

  it('submits, locks the page for non-reviewers, and publishes on approval of the only task', async () => {
    const { page, editor, reviewers } = await setUp();
    await edit(page, editor, 'Lobster Fest 2026');
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    const submitted = await fresh(page);
    expect(submitted.workflow_task_id).to.be.a('number');
    expect(new PagePermissionTester(editor, submitted).canEdit()).to.equal(false);
    expect(new PagePermissionTester(reviewers[0]!, submitted).canEdit()).to.equal(false, 'a reviewer without page permissions still cannot edit');
    expect(new PagePermissionTester(superuser, submitted).canEdit()).to.equal(true);
    try {
      await new SubmitForModerationAction(db, submitted, editor, MAIL).execute();
      expect.fail('submitted twice');
    } catch (error) {
      expect(error).to.be.instanceOf(PermissionDenied);
    }
    const mails = await db.selectFrom('outbox_emails').select(['to_address', 'text_body']).where('to_address', '=', reviewers[0]!.user.email).execute();
    expect(mails).to.have.length(1);
    expect(mails[0]!.text_body).to.include(`${MAIL.origin}/wagtail/pages/${page.id}/edit/`);

    const open = await openWorkflowOf(db, page.id);
    try {
      await new ApproveTaskAction(db, submitted, editor, { taskStateId: open!.currentTaskState.id, comment: '', mail: MAIL }).execute();
      expect.fail('the editor approved their own page');
    } catch (error) {
      expect(error).to.be.instanceOf(PermissionDenied);
    }
    const result = await new ApproveTaskAction(db, submitted, reviewers[0]!, { taskStateId: open!.currentTaskState.id, comment: 'Looks great', mail: MAIL }).execute();
    expect(result.finished).to.equal(true);
    const published = await fresh(page);
    expect(published).to.include({ live: true, title: 'Lobster Fest 2026', workflow_task_id: null, has_unpublished_changes: false });
    expect(await openWorkflowOf(db, page.id)).to.equal(undefined);
    const lifecycle = ['page.edit', 'page.workflow.start', 'page.workflow.approve', 'page.publish'];
    expect(await actions(page, lifecycle)).to.deep.equal(lifecycle);
    const told = await db.selectFrom('outbox_emails').select('subject').where('to_address', '=', editor.user.email).execute();
    expect(told.map((mail) => mail.subject)).to.include('"Lobster Fest 2026" has been approved and published.');
  });

  it('moves through the tasks in order, and reviewers of a later task cannot act early', async () => {
    const { page, editor, reviewers } = await setUp(2);
    await edit(page, editor, 'Lobster Fest weekend');
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    const first = (await openWorkflowOf(db, page.id))!.currentTaskState;
    try {
      await new ApproveTaskAction(db, await fresh(page), reviewers[1]!, { taskStateId: first.id, comment: '', mail: MAIL }).execute();
      expect.fail('second reviewer approved the first task');
    } catch (error) {
      expect(error).to.be.instanceOf(PermissionDenied);
    }
    const step = await new ApproveTaskAction(db, await fresh(page), reviewers[0]!, { taskStateId: first.id, comment: '', mail: MAIL }).execute();
    expect(step.finished).to.equal(false);
    expect((await fresh(page)).title).to.equal('Lobster Fest', 'the live title stays until the last approval');
    const second = (await openWorkflowOf(db, page.id))!.currentTaskState;
    expect(second.id).to.not.equal(first.id);
    try {
      await new ApproveTaskAction(db, await fresh(page), reviewers[0]!, { taskStateId: first.id, comment: '', mail: MAIL }).execute();
      expect.fail('approved a finished task');
    } catch (error) {
      expect(error).to.be.instanceOf(NotFoundError);
    }
    await new ApproveTaskAction(db, await fresh(page), reviewers[1]!, { taskStateId: second.id, comment: '', mail: MAIL }).execute();
    expect(await fresh(page)).to.include({ title: 'Lobster Fest weekend', has_unpublished_changes: false });
  });

  it('sends a page back for changes and resumes at the task that asked for them', async () => {
    const { page, editor, reviewers } = await setUp(2);
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    const first = (await openWorkflowOf(db, page.id))!.currentTaskState;
    await new ApproveTaskAction(db, await fresh(page), reviewers[0]!, { taskStateId: first.id, comment: '', mail: MAIL }).execute();
    const second = (await openWorkflowOf(db, page.id))!.currentTaskState;
    await new RejectTaskAction(db, await fresh(page), reviewers[1]!, { taskStateId: second.id, comment: 'Add the dates', mail: MAIL }).execute();
    const rejected = await openWorkflowOf(db, page.id);
    expect(rejected).to.include({ status: 'needs_changes' });
    expect(rejected!.currentTaskState).to.include({ status: 'rejected', comment: 'Add the dates' });
    expect(new PagePermissionTester(editor, await fresh(page)).canEdit()).to.equal(true);

    await edit(page, editor, 'Lobster Fest, June 5–7');
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    const resumed = (await openWorkflowOf(db, page.id))!.currentTaskState;
    expect(resumed.task_id).to.equal(second.task_id);
    expect(resumed.revision_id).to.equal((await fresh(page)).latest_revision_id);
    const resubmission = ['page.workflow.reject', 'page.edit', 'page.workflow.resume'];
    expect((await actions(page, resubmission)).slice(-3)).to.deep.equal(resubmission);
  });

  it('reviews the newest revision when a reviewer edits a page in moderation', async () => {
    const { section, page, editor } = await setUp();
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    const reviewerEditor = await createAdminUser(db, { pagePermissions: [{ page: section, permissions: ['change'] }] });
    const open = await openWorkflowOf(db, page.id);
    await db
      .insertInto('workflow_task_groups')
      .values({ task_id: open!.currentTaskState.task_id, group_id: await groupOf(reviewerEditor) })
      .execute();
    const reviewer = await loadUserPermissions(db, reviewerEditor);
    const revision = await edit(page, reviewer, 'Lobster Fest (typo fixed)');
    expect((await openWorkflowOf(db, page.id))!.currentTaskState.revision_id).to.equal(revision.id);
    await new ApproveTaskAction(db, await fresh(page), reviewer, { taskStateId: open!.currentTaskState.id, comment: '', mail: MAIL }).execute();
    expect((await fresh(page)).title).to.equal('Lobster Fest (typo fixed)');
  });

  it('lets the submitter cancel, but not another editor', async () => {
    const { section, page, editor } = await setUp();
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    const other = await loadUserPermissions(db, await createAdminUser(db, { pagePermissions: [{ page: section, permissions: ['change'] }] }));
    try {
      await new CancelWorkflowAction(db, await fresh(page), other).execute();
      expect.fail('another editor cancelled');
    } catch (error) {
      expect(error).to.be.instanceOf(PermissionDenied);
    }
    await new CancelWorkflowAction(db, await fresh(page), editor).execute();
    expect(await openWorkflowOf(db, page.id)).to.equal(undefined);
    expect((await fresh(page)).workflow_task_id).to.equal(null);
    expect(await actions(page, ['page.workflow.cancel'])).to.have.length(1);
  });

  it('cancels the workflow when a superuser publishes past it', async () => {
    const { page, editor } = await setUp();
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    await new PublishPageAction(db, await fresh(page), superuser).execute();
    expect(await openWorkflowOf(db, page.id)).to.equal(undefined);
    expect(await fresh(page)).to.include({ live: true, workflow_task_id: null });
    expect(await actions(page, ['page.workflow.cancel', 'page.publish'])).to.deep.equal(['page.workflow.cancel', 'page.publish']);
  });

  it('moves pages on when their task is disabled, and frees them when it was the last', async () => {
    const { page, editor, taskIds } = await setUp(2);
    await edit(page, editor, 'Lobster Fest weekend');
    await new SubmitForModerationAction(db, await fresh(page), editor, MAIL).execute();
    await new SetTaskActiveAction(db, await db.selectFrom('workflow_tasks').selectAll().where('id', '=', taskIds[0]!).executeTakeFirstOrThrow(), superuser, { active: false }).execute();
    expect((await openWorkflowOf(db, page.id))!.currentTaskState.task_id).to.equal(taskIds[1]);
    expect((await fresh(page)).workflow_task_id).to.equal(taskIds[1]);
    await new SetTaskActiveAction(db, await db.selectFrom('workflow_tasks').selectAll().where('id', '=', taskIds[1]!).executeTakeFirstOrThrow(), superuser, { active: false }).execute();
    expect(await openWorkflowOf(db, page.id)).to.equal(undefined);
    expect(await fresh(page)).to.include({ title: 'Lobster Fest', has_unpublished_changes: true, workflow_task_id: null });
  });

  it('refuses to submit a page no workflow applies to, and workflow changes to non-superusers', async () => {
    const { home } = await createTestSite(db);
    const lone = await addChild(db, home, { title: 'Lone', slug: 'lone', pageType: 'content_page', content: { body: [], confirmation: [] } });
    try {
      await new SubmitForModerationAction(db, lone, superuser, MAIL).execute();
      expect.fail('submitted without a workflow');
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationError);
    }
    const { editor } = await setUp();
    try {
      await new CreateTaskAction(db, { name: 'Sneaky', groupIds: [] }, editor).execute();
      expect.fail('an editor made a task');
    } catch (error) {
      expect(error).to.be.instanceOf(PermissionDenied);
    }
  });
});
