import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { CreateTaskAction, CreateWorkflowAction } from '../../server/actions/manage-workflows';
import type { User } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { loadUserPermissions } from '../../server/models/permissions';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';

describe('moderation in the browser, as an editor and a moderator', function () {
  const suite = useBrowserSuite();
  let site: TestSite;
  let editor: User;
  let moderator: User;
  let workflowName: string;
  let superuserUser: User;

  before(async function () {
    site = await createTestSite(suite.server.db);
    editor = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change'] }] });
    moderator = await createAdminUser(suite.server.db, { pagePermissions: [{ page: site.home, permissions: ['change', 'publish'] }] });
    const moderators = await suite.server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', moderator.id).executeTakeFirstOrThrow();
    superuserUser = await createAdminUser(suite.server.db, { superuser: true });
    const superuser = await loadUserPermissions(suite.server.db, superuserUser);
    const task = await new CreateTaskAction(suite.server.db, { name: 'Moderators approval', groupIds: [moderators.group_id] }, superuser).execute();
    workflowName = `Press review ${uniqueSuffix()}`;
    await new CreateWorkflowAction(suite.server.db, { name: workflowName, taskIds: [task.id], pageIds: [site.home.id] }, superuser).execute();
  });

  const origin = () => `http://${site.hostname}:${suite.server.port}`;

  async function submit(page: BrowserPage, selector: string): Promise<void> {
    await Promise.all([page.waitForNavigation(), page.click(selector)]);
  }

  const messages = (page: BrowserPage) => page.$eval('.admin-messages', (list) => list.textContent ?? '');

  it('submits a page, sends it back with a comment, resubmits it and publishes it on approval', async function () {
    // Two users through eight screens: about 40 s on a quiet machine, so the default guard is too close under load.
    this.timeout(120_000);
    const page = await addChild(suite.server.db, site.home, { title: 'Clam Bake', slug: 'clam-bake', pageType: 'content_page', content: { body: [] }, live: true });
    const writer = await signInToAdmin(await suite.browser.createBrowserContext(), origin(), editor, `/wagtail/pages/${page.id}/edit/`);
    expect(await writer.$('button[value="publish"]')).to.equal(null);
    await writer.$eval('#id_title', (input) => ((input as HTMLInputElement).value = 'Clam Bake Saturday'));
    await submit(writer, 'button[value="submit"]');
    expect(await messages(writer)).to.include('submitted for moderation');
    const row = await writer.$$eval('tbody tr', (rows) => rows.map((each) => each.textContent ?? '').find((text) => text.includes('Clam Bake')) ?? '');
    expect(row).to.include('in moderation');

    const reviewer = await signInToAdmin(await suite.browser.createBrowserContext(), origin(), moderator, '/wagtail/');
    expect(await reviewer.$eval('#reviews-title', (heading) => heading.textContent)).to.equal('Awaiting your review');
    const reviewRow = await reviewer.$$eval('.admin-reviews tbody tr', (rows) => rows.map((each) => each.textContent ?? ''));
    expect(reviewRow.join(' ')).to.include('Clam Bake Saturday').and.include('Moderators approval').and.include(editor.username);
    await submit(reviewer, '.admin-reviews a[href*="/workflow/action/reject/"]');
    await submit(reviewer, '.admin-confirm button[type="submit"]');
    expect(await reviewer.$eval('#id_comment-error', (error) => error.textContent)).to.include('Say what should change.');
    await reviewer.type('#id_comment', 'Say what time it starts.');
    await submit(reviewer, '.admin-confirm button[type="submit"]');
    expect(await messages(reviewer)).to.include('Changes requested on "Clam Bake Saturday"');

    await writer.goto(`${origin()}/wagtail/pages/${page.id}/edit/`);
    expect(await writer.$eval('.admin-moderation', (panel) => panel.textContent ?? ''))
      .to.include('Changes requested')
      .and.include('Say what time it starts.');
    await writer.$eval('#id_title', (input) => ((input as HTMLInputElement).value = 'Clam Bake Saturday at 4'));
    expect(await writer.$eval('button[value="submit"]', (button) => button.textContent)).to.equal('Resubmit to Moderators approval');
    await submit(writer, 'button[value="submit"]');

    await reviewer.goto(`${origin()}/wagtail/pages/${page.id}/edit/`);
    expect(await reviewer.$eval('.admin-moderation', (panel) => panel.textContent ?? ''))
      .to.include('In moderation')
      .and.include(workflowName);
    await submit(reviewer, '.admin-moderation a[href*="/workflow/action/approve/"]');
    await submit(reviewer, '.admin-confirm button[type="submit"]');
    expect(await messages(reviewer)).to.include('approved and published');

    const visitor = await suite.browser.newPage();
    await visitor.goto(`${origin()}/clam-bake/`);
    expect(await visitor.$eval('h1', (heading) => heading.textContent)).to.include('Clam Bake Saturday at 4');
    await writer.goto(`${origin()}/wagtail/pages/${page.id}/history/`);
    const history = await writer.$eval('tbody', (body) => body.textContent ?? '');
    expect(history).to.include('Approved').and.include('Say what time it starts.').and.include('Resubmitted for moderation');
  });

  it('assigns a workflow to a page found by searching and browsing in the page chooser', async () => {
    const word = `Catering${uniqueSuffix()}`;
    const parent = await addChild(suite.server.db, site.home, { title: `${word} Menus`, slug: word.toLowerCase(), pageType: 'content_page', content: { body: [] }, live: true });
    const section = await addChild(suite.server.db, parent, { title: 'Party Platters', slug: 'party-platters', pageType: 'content_page', content: { body: [] }, live: true });
    const admin = await signInToAdmin(await suite.browser.createBrowserContext(), origin(), superuserUser, '/wagtail/workflows/add/');
    const name = `Catering review ${uniqueSuffix()}`;
    await admin.type('#id_name', name);
    await admin.click('input[name="task"]');
    const modal = '[data-controller="page-chooser"]:has(#id_page_0) .admin-chooser';
    await admin.click('[data-controller="page-chooser"]:has(#id_page_0) [data-page-chooser-target="opener"]');
    await admin.waitForSelector(`${modal}[open]`);
    // Other tests' sites crowd the root, so the way in is a search for this test's own page.
    await admin.keyboard.type(word);
    await admin.waitForSelector(`${modal} .admin-chooser__row[data-page-id="${parent.id}"] .admin-chooser__browse`);
    await admin.click(`${modal} .admin-chooser__row[data-page-id="${parent.id}"] .admin-chooser__browse`);
    await admin.waitForSelector(`${modal} .admin-chooser__row[data-page-id="${section.id}"]`);
    await admin.click(`${modal} .admin-chooser__row[data-page-id="${section.id}"] .admin-chooser__choose`);
    await admin.waitForSelector(`${modal}:not([open])`);
    expect(await admin.$eval('#id_page_0', (select) => (select as HTMLSelectElement).value)).to.equal(String(section.id));
    await submit(admin, '.admin-actions button[type="submit"]');
    expect(await messages(admin)).to.include(`Workflow "${name}" created.`);
    const assigned = await suite.server.db
      .selectFrom('workflow_pages')
      .innerJoin('workflows', 'workflows.id', 'workflow_pages.workflow_id')
      .select('workflow_pages.page_id')
      .where('workflows.name', '=', name)
      .execute();
    expect(assigned.map((row) => row.page_id)).to.deep.equal([section.id]);
  });
});
