import { expect } from 'chai';
import { sql } from 'kysely';
import type { Page, User } from '../../../server/db/schema';
import { writeLogEntry } from '../../../server/models/admin-log';
import { insertLocations } from '../../../server/models/locations';
import { addChild } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { testLocation, uniqueRlidBase } from '../../support/locations';
import { startTestServer, type TestServer } from '../../support/server';
import { csvRows, download, xlsxRows } from '../../support/spreadsheets';

describe('admin reports', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  /** A site of its own with two pages under its home. */
  async function reportSite() {
    const { home } = await createTestSite(server.db);
    const menu = await addChild(server.db, home, { title: `Menu ${uniqueSuffix()}`, slug: `menu-${uniqueSuffix()}`, pageType: 'content_page', content: {} });
    const contact = await addChild(server.db, home, { title: `Contact ${uniqueSuffix()}`, slug: `contact-${uniqueSuffix()}`, pageType: 'contact_us_page', content: {} });
    return { home, menu, contact };
  }

  const lock = (page: Page, user: User, at: string) =>
    server.db
      .updateTable('pages')
      .set({ locked: true, locked_by: user.id, locked_at: new Date(at) })
      .where('id', '=', page.id)
      .returningAll()
      .executeTakeFirstOrThrow();

  it('redirects the reports index to the first report the user may see, and refuses users with none', async () => {
    const { home } = await reportSite();
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change'] }] }));
    const index = await editor.get('/wagtail/reports/');
    expect(index.status).to.equal(302);
    expect(index.headers.location).to.equal('/wagtail/reports/workflow/');
    const nobody = await signedInClient(server, await createAdminUser(server.db));
    expect((await nobody.get('/wagtail/reports/')).status).to.equal(403);
  });

  it('lists locked pages the user may change, filtered by who locked them and when, exported with Wagtail columns', async () => {
    const { home, menu, contact } = await reportSite();
    const locker = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change', 'lock'] }] });
    const other = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change', 'lock'] }] });
    await lock(menu, locker, '2026-02-10T12:00:00Z');
    await lock(contact, other, '2026-03-10T12:00:00Z');
    const unlocker = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change', 'unlock'] }] });
    const client = await signedInClient(server, unlocker);

    const report = await client.get('/wagtail/reports/locked/');
    expect(report.status).to.equal(200);
    expect(report.body).to.include(menu.title).and.include(contact.title).and.include('Locked pages');
    const byLocker = await client.get(`/wagtail/reports/locked/?locked_by=${locker.id}`);
    expect(byLocker.body).to.include(menu.title).and.not.include(contact.title);
    const inMarch = await client.get('/wagtail/reports/locked/?locked_at_after=2026-03-01&locked_at_before=2026-03-31');
    expect(inMarch.body).to.include(contact.title).and.not.include(menu.title);

    const csv = csvRows((await download(server, client, `/wagtail/reports/locked/?locked_by=${locker.id}&export=csv`)).bytes);
    expect(csv[0]).to.deep.equal(['Title', 'Updated', 'Status', 'Type', 'Locked at', 'Locked by']);
    expect(csv.slice(1)).to.have.length(1);
    expect(csv[1]!.slice(2)).to.deep.equal(['live', 'Content page', '2026-02-10 12:00:00+00:00', locker.username]);

    const noUnlock = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change'] }] }));
    expect((await noUnlock.get('/wagtail/reports/locked/')).status).to.equal(403);
    expect((await download(server, noUnlock, '/wagtail/reports/locked/?export=xlsx')).status).to.equal(403);
  });

  /** A workflow with one task, run on a page by `requester`, its task waiting on review. */
  async function workflowRun(page: Page, requester: User, at: string) {
    const suffix = uniqueSuffix();
    const workflow = await server.db
      .insertInto('workflows')
      .values({ name: `Legal review ${suffix}` })
      .returningAll()
      .executeTakeFirstOrThrow();
    const task = await server.db
      .insertInto('workflow_tasks')
      .values({ name: `Lawyers ${suffix}` })
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.db.insertInto('workflow_steps').values({ workflow_id: workflow.id, task_id: task.id, sort_order: 0 }).execute();
    const revision = await server.db
      .insertInto('page_revisions')
      .values({ page_id: page.id, content: JSON.stringify({}), user_id: requester.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    const state = await server.db
      .insertInto('workflow_states')
      .values({ page_id: page.id, workflow_id: workflow.id, status: 'in_progress', requested_by: requester.id, created_at: new Date(at) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('workflow_task_states')
      .values({ workflow_state_id: state.id, task_id: task.id, revision_id: revision.id, status: 'in_progress', started_at: new Date(at) })
      .execute();
    return { workflow, task, state };
  }

  it('reports workflow runs and their tasks on pages the user may change, filtered and exported', async () => {
    const { home, menu } = await reportSite();
    const requester = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change'] }] });
    const { workflow, task } = await workflowRun(menu, requester, '2026-04-02T08:00:00Z');
    const client = await signedInClient(server, requester);

    const runs = await client.get(`/wagtail/reports/workflow/?workflow=${workflow.id}`);
    expect(runs.status).to.equal(200);
    expect(runs.body).to.include(menu.title).and.include(workflow.name).and.include(`In progress: ${task.name}`).and.include(requester.username);
    const cancelled = await client.get(`/wagtail/reports/workflow/?workflow=${workflow.id}&status=cancelled`);
    expect(cancelled.body).not.to.include(`In progress: ${task.name}`);
    const csv = csvRows((await download(server, client, `/wagtail/reports/workflow/?workflow=${workflow.id}&export=csv`)).bytes);
    expect(csv).to.deep.equal([
      ['Workflow', 'Page/Snippet ID', 'Page/Snippet Type', 'Page/Snippet Title', 'Status', 'Requested by', 'Started at'],
      [workflow.name, String(menu.id), 'Content page', menu.title, 'In progress', requester.username, '2026-04-02 08:00:00+00:00'],
    ]);

    const tasks = await client.get(`/wagtail/reports/workflow_tasks/?task=${task.id}`);
    expect(tasks.status).to.equal(200);
    expect(tasks.body).to.include(task.name).and.include(menu.title);
    const sheet = await xlsxRows((await download(server, client, `/wagtail/reports/workflow_tasks/?task=${task.id}&export=xlsx`)).bytes);
    expect(sheet[0]).to.deep.equal(['Task', 'Page/Snippet ID', 'Page/Snippet Type', 'Page/Snippet Title', 'Status', 'Requested By', 'Started at', 'Finished at', 'Finished by']);
    expect(sheet[1]!.slice(0, 6)).to.deep.equal([task.name, menu.id, 'Content page', menu.title, 'In progress', requester.username]);
    expect((sheet[1]![6] as Date).toISOString()).to.equal('2026-04-02T08:00:00.000Z');

    const elsewhere = await createTestSite(server.db);
    const outsider = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: elsewhere.home, permissions: ['change'] }] }));
    const hidden = await outsider.get(`/wagtail/reports/workflow_tasks/`);
    expect(hidden.status).to.equal(200);
    expect(hidden.body).not.to.include(menu.title);
    const stranger = await signedInClient(server, await createAdminUser(server.db));
    expect((await stranger.get('/wagtail/reports/workflow/')).status).to.equal(403);
    expect((await stranger.get('/wagtail/reports/workflow_tasks/')).status).to.equal(403);
  });

  it('shows site history the user may read, filtered by user, action, type and dates, and exports it', async () => {
    const { home, menu, contact } = await reportSite();
    const actor = await createAdminUser(server.db, { superuser: true });
    await writeLogEntry(server.db, { action: 'page.publish', userId: actor.id, pageId: menu.id, label: menu.title });
    await writeLogEntry(server.db, { action: 'page.lock', userId: actor.id, pageId: contact.id, label: contact.title });
    await writeLogEntry(server.db, { action: 'user.edit', userId: actor.id, objectType: 'user', objectId: actor.id, label: actor.username });
    const old = await writeLogEntry(server.db, { action: 'page.edit', userId: actor.id, pageId: menu.id, label: `${menu.title} draft` });
    await sql`update admin_log_entries set created_at = timestamptz '2020-01-15 12:00:00+00' where id = ${old.id}`.execute(server.db);

    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change'] }] }));
    const mine = await editor.get(`/wagtail/reports/site-history/?user=${actor.id}`);
    expect(mine.status).to.equal(200);
    expect(mine.body).to.include(menu.title).and.include(contact.title).and.include('Publish').and.include('There are 3 results');
    const published = await editor.get(`/wagtail/reports/site-history/?user=${actor.id}&action=page.publish`);
    expect(published.body).to.include(menu.title).and.not.include(contact.title);
    const dated = await editor.get(`/wagtail/reports/site-history/?user=${actor.id}&timestamp_after=2020-01-01&timestamp_before=2020-01-31`);
    expect(dated.body).to.include('There is 1 result').and.include(`${menu.title} draft`);

    const superuser = await signedInClient(server, actor);
    const users = await superuser.get(`/wagtail/reports/site-history/?user=${actor.id}&object_type=user`);
    expect(users.body).to.include('There is 1 result').and.include(actor.username);
    const sheet = await xlsxRows((await download(server, superuser, `/wagtail/reports/site-history/?user=${actor.id}&export=xlsx`)).bytes);
    expect(sheet[0]).to.deep.equal(['ID', 'Name', 'Type', 'Action type', 'User', 'Date/Time']);
    expect(sheet.slice(1).map((row) => [row[0], row[1], row[2], row[3]])).to.deep.equal([
      [actor.id, actor.username, 'User', 'Edit'],
      [contact.id, contact.title, 'Page', 'Lock'],
      [menu.id, menu.title, 'Page', 'Publish'],
      [menu.id, `${menu.title} draft`, 'Page', 'Save draft'],
    ]);

    const outsider = await signedInClient(server, await createAdminUser(server.db));
    const nothing = await outsider.get(`/wagtail/reports/site-history/?user=${actor.id}`);
    expect(nothing.status).to.equal(400);
    expect(nothing.body).to.include('Select a valid choice.').and.not.include(menu.title);
    expect((await outsider.get('/wagtail/reports/site-history/')).body).to.include('No log entries found.');
  });

  it("shows host stand entries to their locations' hosts only, and user entries to user managers only", async () => {
    const actor = await createAdminUser(server.db, { superuser: true });
    const rlid = uniqueRlidBase();
    await insertLocations(server.db, [testLocation(rlid), testLocation(rlid + 1)]);
    await writeLogEntry(server.db, { action: 'waitlist.seated', userId: actor.id, objectType: 'waitlist_entry', objectId: 1, label: 'Party of 4', data: { rlid } });
    await writeLogEntry(server.db, { action: 'user.edit', userId: actor.id, objectType: 'user', objectId: actor.id, label: actor.username });
    const hostOf = async (location: number) => {
      const user = await createAdminUser(server.db);
      const group = await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
      await server.db.insertInto('group_location_permissions').values({ group_id: group.group_id, rlid: location, permission: 'host' }).execute();
      return signedInClient(server, user);
    };
    const host = await hostOf(rlid);
    const seen = await host.get(`/wagtail/reports/site-history/?user=${actor.id}`);
    expect(seen.body).to.include('Party of 4').and.include('Waitlist: seated').and.include('There is 1 result');
    const otherHost = await hostOf(rlid + 1);
    expect((await otherHost.get('/wagtail/reports/site-history/')).body).not.to.include('Party of 4');
  });

  it('lists aging pages the user may publish with their last publisher, filtered by type and exported', async () => {
    const { home, menu, contact } = await reportSite();
    const publisher = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change', 'publish'] }] });
    await server.db
      .updateTable('pages')
      .set({ last_published_at: new Date('2025-01-05T10:00:00Z') })
      .where('id', '=', menu.id)
      .execute();
    await writeLogEntry(server.db, { action: 'page.publish', userId: publisher.id, pageId: menu.id, label: menu.title });
    const client = await signedInClient(server, publisher);
    const report = await client.get('/wagtail/reports/aging-pages/');
    expect(report.status).to.equal(200);
    expect(report.body.indexOf(menu.title)).to.be.greaterThan(-1).and.lessThan(report.body.indexOf(contact.title));
    const contactsOnly = await client.get('/wagtail/reports/aging-pages/?content_type=contact_us_page');
    expect(contactsOnly.body).to.include(contact.title).and.not.include(menu.title);
    const before = await client.get('/wagtail/reports/aging-pages/?last_published_at=2025-06-01');
    expect(before.body).to.include(menu.title).and.not.include(contact.title);
    const csv = csvRows((await download(server, client, '/wagtail/reports/aging-pages/?last_published_at=2025-06-01&export=csv')).bytes);
    expect(csv).to.deep.equal([
      ['Title', 'Status', 'Last published at', 'Last published by', 'Type'],
      [menu.title, 'live', '2025-01-05 10:00:00+00:00', publisher.username, 'Content page'],
    ]);
    const stranger = await signedInClient(server, await createAdminUser(server.db));
    expect((await stranger.get('/wagtail/reports/aging-pages/')).status).to.equal(403);
  });

  it('counts the pages of each page type with the page edited last, for page editors only', async () => {
    const { home } = await reportSite();
    const client = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['add'] }] }));
    const report = await client.get('/wagtail/reports/page-types-usage/');
    expect(report.status).to.equal(200);
    expect(report.body).to.include('Contact us page').and.include('Page types usage');
    const csv = csvRows((await download(server, client, '/wagtail/reports/page-types-usage/?export=csv')).bytes);
    expect(csv[0]).to.deep.equal(['Page type', 'Count', 'Last edited page', 'Last edited at', 'Last edited by']);
    const contactCount = await server.db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('page_type', '=', 'contact_us_page')
      .executeTakeFirstOrThrow();
    const contactRow = csv.find((row) => row[0] === 'Contact us page');
    expect(Number(contactRow![1])).to.be.at.least(Number(contactCount.n));
    const stranger = await signedInClient(server, await createAdminUser(server.db));
    expect((await stranger.get('/wagtail/reports/page-types-usage/')).status).to.equal(403);
  });
});
