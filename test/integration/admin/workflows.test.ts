import { expect } from 'chai';
import type { Page, User } from '../../../server/db/schema';
import { addChild, getPageOrThrow } from '../../../server/models/pages';
import { openWorkflowOf } from '../../../server/models/workflows';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin workflows', () => {
  let server: TestServer;
  let superuser: AdminClient;
  before(async () => {
    server = await startTestServer();
    superuser = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
  });
  after(() => server.close());

  async function groupOf(user: User): Promise<number> {
    return (await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).group_id;
  }

  function pageForm(page: Page, fields: Record<string, string>): Record<string, string> {
    return { title: page.title, slug: page.slug, seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': '[]', 'content-confirmation': '[]', ...fields };
  }

  /** A section and page, an editor without publish, a moderator, and a task and workflow made through the forms. */
  async function setUp() {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'News', slug: 'news', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const page = await addChild(server.db, section, { title: 'Chowder Cook-off', slug: 'chowder-cook-off', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const editorUser = await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['add', 'change'] }] });
    const moderatorUser = await createAdminUser(server.db);
    const taskName = `Moderators approval ${uniqueSuffix()}`;
    expect((await superuser.post('/wagtail/workflows/tasks/add/', { name: taskName, groups: String(await groupOf(moderatorUser)) })).status).to.equal(303);
    const task = await server.db.selectFrom('workflow_tasks').selectAll().where('name', '=', taskName).executeTakeFirstOrThrow();
    const workflowName = `Press review ${uniqueSuffix()}`;
    const saved = await superuser.post('/wagtail/workflows/add/', {
      name: workflowName,
      task: String(task.id),
      [`task-${task.id}-order`]: '1',
      'page-0': String(section.id),
      'page-1': '',
    });
    expect(saved.status).to.equal(303);
    const workflow = await server.db.selectFrom('workflows').selectAll().where('name', '=', workflowName).executeTakeFirstOrThrow();
    return {
      section,
      page,
      task,
      workflow,
      editorUser,
      editor: await signedInClient(server, editorUser),
      moderator: await signedInClient(server, moderatorUser),
    };
  }

  it('lists, adds and edits workflows and tasks for superusers only', async () => {
    const { task, workflow, section, editor } = await setUp();
    const list = await superuser.get('/wagtail/workflows/list/');
    expect(list.status).to.equal(200);
    expect(list.body).to.include(workflow.name).and.include(task.name).and.include('1 page and its subpages');
    const tasks = await superuser.get('/wagtail/workflows/tasks/index/');
    expect(tasks.body).to.include(task.name).and.include(workflow.name);
    const form = await superuser.get(`/wagtail/workflows/edit/${workflow.id}/`);
    expect(form.body)
      .to.include(`value="${workflow.name}"`)
      .and.match(new RegExp(`<option value="${section.id}" selected>`));

    const empty = await superuser.post('/wagtail/workflows/add/', { name: '' });
    expect(empty.status).to.equal(400);
    expect(empty.body).to.include('A name is required.').and.include('Choose at least one task.');
    const clash = await superuser.post('/wagtail/workflows/add/', { name: 'Clash', task: String(task.id), 'page-0': String(section.id) });
    expect(clash.status).to.equal(400);
    expect(clash.body).to.include('already has the workflow').and.include('value="Clash"');
    const gone = await superuser.post('/wagtail/workflows/add/', { name: 'Ghost pages', task: String(task.id), 'page-0': '2147483000' });
    expect(gone.status).to.equal(400);
    expect(gone.body).to.include('One of the chosen pages no longer exists.').and.include('value="Ghost pages"');
    const noGroup = await superuser.post('/wagtail/workflows/tasks/add/', { name: 'Nobody' });
    expect(noGroup.status).to.equal(400);
    expect(noGroup.body).to.include('Choose at least one group to review this task.');

    for (const path of [
      '/wagtail/workflows/list/',
      '/wagtail/workflows/add/',
      `/wagtail/workflows/edit/${workflow.id}/`,
      '/wagtail/workflows/tasks/index/',
      `/wagtail/workflows/tasks/edit/${task.id}/`,
    ]) {
      expect((await editor.get(path)).status, path).to.equal(403);
    }
    expect((await editor.post(`/wagtail/workflows/edit/${workflow.id}/`, { name: 'Hijacked', task: String(task.id) })).status).to.equal(403);
    expect((await editor.post(`/wagtail/workflows/disable/${workflow.id}/`)).status).to.equal(403);
    expect((await editor.post(`/wagtail/workflows/tasks/disable/${task.id}/`)).status).to.equal(403);
    const unchanged = await server.db.selectFrom('workflows').selectAll().where('id', '=', workflow.id).executeTakeFirstOrThrow();
    expect(unchanged).to.include({ name: workflow.name, active: true });
  });

  it('takes a page from submission through a request for changes to approval and publication', async () => {
    const { section, page, workflow, task, editor, moderator, editorUser } = await setUp();
    const editing = await editor.get(`/wagtail/pages/${page.id}/edit/`);
    expect(editing.body).to.include(`Submit to ${workflow.name}`).and.not.include('value="publish"');

    const submitted = await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm(page, { title: 'Chowder Cook-off 2026', action: 'submit' }));
    expect(submitted.status).to.equal(303);
    expect(await getPageOrThrow(server.db, page.id)).to.include({ workflow_task_id: task.id, title: 'Chowder Cook-off' });
    const locked = await editor.get(`/wagtail/pages/${page.id}/edit/`);
    expect(locked.status).to.equal(403);
    expect(locked.body).to.include('awaiting moderation');
    expect((await editor.get(`/wagtail/pages/${section.id}/`)).body).to.include('admin-status--moderation');

    const own = await editor.get('/wagtail/');
    expect(own.body).to.include('Your pages in moderation').and.include(`/wagtail/pages/${page.id}/workflow/cancel/`);
    const dashboard = await moderator.get('/wagtail/');
    expect(dashboard.body).to.include('Awaiting your review').and.include('Chowder Cook-off 2026').and.include(task.name);
    const open = (await openWorkflowOf(server.db, page.id))!;
    const preview = await moderator.get(`/wagtail/pages/${page.id}/workflow/preview/${open.currentTaskState.id}/`);
    expect(preview.status).to.equal(200);
    expect(preview.body).to.include('Chowder Cook-off 2026');
    expect((await editor.get(`/wagtail/pages/${page.id}/workflow/preview/${open.currentTaskState.id}/`)).status).to.equal(403);
    expect((await editor.post(`/wagtail/pages/${page.id}/workflow/action/approve/${open.currentTaskState.id}/`)).status).to.equal(403);

    const noComment = await moderator.post(`/wagtail/pages/${page.id}/workflow/action/reject/${open.currentTaskState.id}/`, { comment: '  ' });
    expect(noComment.status).to.equal(400);
    expect(noComment.body).to.include('Say what should change.');
    const rejected = await moderator.post(`/wagtail/pages/${page.id}/workflow/action/reject/${open.currentTaskState.id}/`, { comment: 'Add the date & the <venue>.' });
    expect(rejected.status).to.equal(303);
    const backToEditor = await editor.get(`/wagtail/pages/${page.id}/edit/`);
    expect(backToEditor.status).to.equal(200);
    expect(backToEditor.body).to.include('Changes requested').and.include('Add the date &amp; the &lt;venue&gt;.').and.include(`Resubmit to ${task.name}`);
    const mail = await server.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', editorUser.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.text_body).to.include('Add the date & the <venue>.');

    expect((await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm(page, { title: 'Chowder Cook-off, June 6', action: 'submit' }))).status).to.equal(303);
    const resumed = (await openWorkflowOf(server.db, page.id))!;
    const approvePage = await moderator.get(`/wagtail/pages/${page.id}/workflow/action/approve/${resumed.currentTaskState.id}/`);
    expect(approvePage.body).to.include('Approve and publish');
    const approved = await moderator.post(`/wagtail/pages/${page.id}/workflow/action/approve/${resumed.currentTaskState.id}/`, { comment: '' });
    expect(approved.status).to.equal(303);
    expect(await getPageOrThrow(server.db, page.id)).to.include({ title: 'Chowder Cook-off, June 6', live: true, has_unpublished_changes: false, workflow_task_id: null });

    const history = await editor.get(`/wagtail/pages/${page.id}/history/`);
    expect(history.body)
      .to.include('Submitted for moderation')
      .and.include('Changes requested')
      .and.include('Resubmitted for moderation')
      .and.include('Approved')
      .and.include('Published');
  });

  it('lets the submitter cancel and a superuser disable the workflow, freeing its pages', async () => {
    const { page, workflow, editor, moderator } = await setUp();
    await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm(page, { action: 'submit' }));
    expect((await moderator.post(`/wagtail/pages/${page.id}/workflow/cancel/`)).status).to.equal(403);
    expect((await editor.get(`/wagtail/pages/${page.id}/workflow/cancel/`)).status).to.equal(200);
    expect((await editor.post(`/wagtail/pages/${page.id}/workflow/cancel/`)).status).to.equal(303);
    expect((await getPageOrThrow(server.db, page.id)).workflow_task_id).to.equal(null);

    await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm(page, { action: 'submit' }));
    expect((await superuser.post(`/wagtail/workflows/disable/${workflow.id}/`)).status).to.equal(303);
    expect(await openWorkflowOf(server.db, page.id)).to.equal(undefined);
    expect((await editor.get(`/wagtail/pages/${page.id}/edit/`)).body).to.not.include('Submit to');
    const editLink = `/wagtail/workflows/edit/${workflow.id}/`;
    expect((await superuser.get('/wagtail/workflows/list/')).body).to.not.include(editLink);
    expect((await superuser.get('/wagtail/workflows/list/?show_disabled=true')).body)
      .to.include(editLink)
      .and.include(`/wagtail/workflows/enable/${workflow.id}/`);
  });

  it('shows a refusal beside the field it names, not beside a field its words happen to mention', async () => {
    const { section, page, editor } = await setUp();
    expect((await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm(page, { action: 'submit' }))).status).to.equal(303);
    // A reviewer may edit the page in moderation; submitting it again is refused for the whole form.
    const again = await superuser.post(`/wagtail/pages/${page.id}/edit/`, pageForm(page, { title: 'Slug and snail supper', action: 'submit' }));
    expect(again.status).to.equal(400);
    expect(again.body).to.include('&quot;Slug and snail supper&quot; is already in moderation.');
    expect(again.body).to.not.include('id="id_slug-error"');
    // A slug in use under the same parent still lands beside the slug field.
    const sibling = await addChild(server.db, section, { title: 'Bisque Night', slug: `bisque-${uniqueSuffix()}`, pageType: 'content_page', content: { body: [], confirmation: [] } });
    const taken = await superuser.post(`/wagtail/pages/${sibling.id}/edit/`, pageForm(sibling, { slug: page.slug, action: 'save' }));
    expect(taken.status).to.equal(400);
    expect(taken.body).to.match(/id="id_slug-error"[^>]*>[^<]*is already in use/);
  });

  it('creates a page straight into moderation and shows it in the search filter', async () => {
    const { section, editor } = await setUp();
    const created = await editor.post(`/wagtail/pages/add/${section.id}/content_page/`, {
      title: 'Oyster Night',
      slug: '',
      seo_title: '',
      search_description: '',
      go_live_at: '',
      expire_at: '',
      'content-body': '[]',
      'content-confirmation': '[]',
      action: 'submit',
    });
    expect(created.status).to.equal(303);
    const page = await server.db.selectFrom('pages').selectAll().where('draft_title', '=', 'Oyster Night').where('path', 'like', `${section.path}%`).executeTakeFirstOrThrow();
    expect(page.workflow_task_id).to.be.a('number');
    const search = await superuser.get('/wagtail/pages/search/?q=Oyster+Night&status=moderation');
    expect(search.body).to.include('Oyster Night').and.include('in moderation');
  });
});
