import { expect } from 'chai';
import type { Page } from '../../../server/db/schema';
import { addChild, getChildren, getPageOrThrow, getRevisions } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, type TestSite } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';

const BODY = JSON.stringify([{ type: 'heading', id: 'h1', value: { text: 'Fresh off the boat' } }]);

describe('admin pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function siteWithSection(): Promise<TestSite & { section: Page; child: Page }> {
    const site = await createTestSite(server.db);
    const section = await addChild(server.db, site.home, { title: 'Section', slug: 'section', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const child = await addChild(server.db, section, { title: 'Child', slug: 'child', pageType: 'content_page', content: { body: [], confirmation: [] } });
    return { ...site, section, child };
  }

  function pageForm(fields: Record<string, string>): Record<string, string> {
    return { title: '', slug: '', seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': '[]', 'content-confirmation': '[]', ...fields };
  }

  it('sends anonymous visitors to sign in and refuses anonymous POSTs', async () => {
    const { section } = await siteWithSection();
    const client = new AdminClient(server);
    const explorer = await client.get(`/wagtail/pages/${section.id}/`);
    expect(explorer.status).to.equal(302);
    expect(explorer.headers.location).to.equal(`/wagtail/login/?next=${encodeURIComponent(`/wagtail/pages/${section.id}/`)}`);
    expect((await client.post(`/wagtail/pages/${section.id}/delete/`)).status).to.equal(403);
    expect(await getPageOrThrow(server.db, section.id)).to.include({ title: 'Section' });
  });

  it('lists children with status and only the actions the user may take', async () => {
    const { section, child } = await siteWithSection();
    const viewer = await signedInClient(server, await createAdminUser(server.db));
    const readOnly = await viewer.get(`/wagtail/pages/${section.id}/`);
    expect(readOnly.status).to.equal(200);
    expect(readOnly.body).to.include('Child').and.include('admin-status--live');
    expect(readOnly.body).to.not.include(`/wagtail/pages/${child.id}/edit/`);
    expect((await viewer.get(`/wagtail/pages/${child.id}/edit/`)).status).to.equal(403);
    const denied = await viewer.post(`/wagtail/pages/${child.id}/edit/`, pageForm({ title: 'Hijacked', slug: 'child' }));
    expect(denied.status).to.equal(403);
    expect((await getPageOrThrow(server.db, child.id)).draft_title).to.equal('Child');

    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change', 'add'] }] }));
    const editable = await editor.get(`/wagtail/pages/${section.id}/`);
    expect(editable.body).to.include(`/wagtail/pages/${child.id}/edit/`).and.include(`/wagtail/pages/${child.id}/move/up/`);
    expect(editable.body).to.not.include(`/wagtail/pages/${child.id}/unpublish/`);
  });

  it('creates a page, keeps what was typed on errors, saves drafts and publishes to the public site', async () => {
    const { section, hostname } = await siteWithSection();
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['add', 'change', 'publish'] }] }));
    const chooser = await editor.get(`/wagtail/pages/add/${section.id}/`);
    expect(chooser.status).to.equal(200);
    expect(chooser.body).to.include(`/wagtail/pages/add/${section.id}/content_page/`);
    expect((await editor.get(`/wagtail/pages/add/${section.id}/footer_page/`)).status).to.equal(403);

    const invalid = await editor.post(`/wagtail/pages/add/${section.id}/content_page/`, pageForm({ title: 'Chowder Days', seo_title: 'Kept SEO', 'content-body': '[{not json' }));
    expect(invalid.status).to.equal(400);
    expect(invalid.body).to.include('Enter valid JSON').and.include('value="Chowder Days"').and.include('value="Kept SEO"').and.include('[{not json');
    const badBlock = await editor.post(
      `/wagtail/pages/add/${section.id}/content_page/`,
      pageForm({ title: 'Chowder Days', 'content-body': '[{"type": "no_such_block", "value": {}}]' }),
    );
    expect(badBlock.status).to.equal(400);
    expect(badBlock.body).to.include('id_content-body-error');

    const created = await editor.post(`/wagtail/pages/add/${section.id}/content_page/`, pageForm({ title: 'Chowder Days', 'content-body': BODY, action: 'save' }));
    expect(created.status).to.equal(303);
    const [page] = (await getChildren(server.db, section)).filter((each) => each.slug === 'chowder-days');
    expect(page).to.include({ live: false, draft_title: 'Chowder Days' });
    expect((await request(server, '/section/chowder-days/', { host: hostname })).status).to.equal(404);

    const duplicate = await editor.post(`/wagtail/pages/add/${section.id}/content_page/`, pageForm({ title: 'Chowder Days' }));
    expect(duplicate.status).to.equal(400);
    expect(duplicate.body).to.include('id_slug-error');

    const preview = await editor.get(`/wagtail/pages/${page!.id}/preview/`);
    expect(preview.status).to.equal(200);
    expect(preview.body).to.include('Fresh off the boat');

    const published = await editor.post(
      `/wagtail/pages/${page!.id}/edit/`,
      pageForm({ title: 'Chowder Days', slug: 'chowder-days', 'content-body': BODY, action: 'publish', revision_id: String(page!.latest_revision_id) }),
    );
    expect(published.status).to.equal(303);
    const live = await request(server, '/section/chowder-days/', { host: hostname });
    expect(live.status).to.equal(200);
    expect(live.body).to.include('Fresh off the boat');
    const history = await editor.get(`/wagtail/pages/${page!.id}/history/`);
    expect(history.body).to.include('Published').and.include('Created');
  });

  it('rolls back a publish the user may not do, keeping the page as it was', async () => {
    const { section, child } = await siteWithSection();
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change'] }] }));
    const form = await editor.get(`/wagtail/pages/${child.id}/edit/`);
    expect(form.body).to.not.include('value="publish"');
    const refused = await editor.post(`/wagtail/pages/${child.id}/edit/`, pageForm({ title: 'Renamed', slug: 'child', action: 'publish' }));
    expect(refused.status).to.equal(403);
    expect(await getRevisions(server.db, child)).to.have.length(1);
    expect((await getPageOrThrow(server.db, child.id)).draft_title).to.equal('Child');
  });

  it('refuses a page POST without the CSRF token', async () => {
    const { child } = await siteWithSection();
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const response = await admin.post(`/wagtail/pages/${child.id}/lock/`, {}, { csrf: false });
    expect(response.status).to.equal(403);
    expect((await getPageOrThrow(server.db, child.id)).locked).to.equal(false);
  });

  it('locks a page so that another editor cannot edit it', async () => {
    const { section, child } = await siteWithSection();
    const grants = [{ page: section, permissions: ['change', 'lock'] as const }];
    const first = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: grants }));
    const second = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: grants }));
    expect((await first.post(`/wagtail/pages/${child.id}/lock/`)).status).to.equal(303);
    expect((await first.get(`/wagtail/pages/${child.id}/edit/`)).status).to.equal(200);
    const blocked = await second.get(`/wagtail/pages/${child.id}/edit/`);
    expect(blocked.status).to.equal(403);
    expect(blocked.body).to.include('is locked by');
    expect((await second.post(`/wagtail/pages/${child.id}/unlock/`)).status).to.equal(403);
    expect((await first.post(`/wagtail/pages/${child.id}/unlock/`)).status).to.equal(303);
    expect((await second.get(`/wagtail/pages/${child.id}/edit/`)).status).to.equal(200);
  });

  it('confirms deletion with the descendant count and deletes the subtree', async () => {
    const { section, child } = await siteWithSection();
    await addChild(server.db, child, { title: 'Grandchild', slug: 'grandchild', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const confirm = await admin.get(`/wagtail/pages/${child.id}/delete/`);
    expect(confirm.body).to.include('<strong>1 subpage</strong>');
    const deleted = await admin.post(`/wagtail/pages/${child.id}/delete/`);
    expect(deleted.status).to.equal(303);
    expect(deleted.headers.location).to.equal(`/wagtail/pages/${section.id}/`);
    expect((await getPageOrThrow(server.db, section.id)).numchild).to.equal(0);
  });

  it('unpublishes, moves, copies, reorders and reverts through the forms', async () => {
    const { home, section, child, hostname } = await siteWithSection();
    const sibling = await addChild(server.db, section, { title: 'Sibling', slug: 'sibling', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));

    expect((await admin.post(`/wagtail/pages/${sibling.id}/move/up/`, { next: `/wagtail/pages/${section.id}/` })).headers.location).to.equal(
      `/wagtail/pages/${section.id}/#page-${sibling.id}`,
    );
    expect((await getChildren(server.db, section)).map((page) => page.slug)).to.deep.equal(['sibling', 'child']);

    const moveForm = await admin.get(`/wagtail/pages/${child.id}/move/`);
    expect(moveForm.body).to.include(`value="${home.id}"`).and.not.include(`value="${child.id}"`);
    expect((await admin.post(`/wagtail/pages/${child.id}/move/`, { destination: String(home.id) })).status).to.equal(303);
    expect((await getPageOrThrow(server.db, child.id)).url_path).to.equal(`${home.url_path}child/`);

    const copied = await admin.post(`/wagtail/pages/${child.id}/copy/`, { destination: String(section.id), new_title: 'Child copy', new_slug: 'child-copy', publish_copies: 'on' });
    expect(copied.status).to.equal(303);
    expect((await request(server, '/section/child-copy/', { host: hostname })).status).to.equal(200);

    expect((await admin.post(`/wagtail/pages/${sibling.id}/unpublish/`)).status).to.equal(303);
    expect((await getPageOrThrow(server.db, sibling.id)).live).to.equal(false);

    expect((await admin.post(`/wagtail/pages/${sibling.id}/edit/`, pageForm({ title: 'Sibling v2', slug: 'sibling' }))).status).to.equal(303);
    const [, first] = await getRevisions(server.db, sibling);
    const revisions = await admin.get(`/wagtail/pages/${sibling.id}/revisions/`);
    expect(revisions.body).to.include(`/revisions/${first!.id}/revert/`);
    expect((await admin.post(`/wagtail/pages/${sibling.id}/revisions/${first!.id}/revert/`)).status).to.equal(303);
    expect((await getPageOrThrow(server.db, sibling.id)).draft_title).to.equal('Sibling');
  });

  it('searches pages by title and content, filtered by type and status', async () => {
    const { section } = await siteWithSection();
    const word = `kelp${Date.now().toString(36)}`;
    const match = await addChild(server.db, section, {
      title: 'Sea Greens',
      slug: 'sea-greens',
      pageType: 'content_page',
      content: { body: [{ type: 'heading', id: 'k', value: { text: `All about ${word}` } }], confirmation: [] },
    });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const found = await admin.get(`/wagtail/pages/search/?q=${word}`);
    expect(found.status).to.equal(200);
    expect(found.body).to.include(`/wagtail/pages/${match.id}/edit/`).and.include('1 matching page<');
    expect((await admin.get(`/wagtail/pages/search/?q=${word}&status=draft`)).body).to.include('0 matching pages');
    expect((await admin.get(`/wagtail/pages/search/?q=${word}&type=blank_page`)).body).to.include('0 matching pages');
    expect((await admin.get(`/wagtail/pages/search/?q=${word}&type=content_page&status=live`)).body).to.include(`/wagtail/pages/${match.id}/edit/`);
  });

  it('restricts a page and its subtree with a password, and opens it again', async () => {
    const { section, child, hostname } = await siteWithSection();
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const missing = await admin.post(`/wagtail/pages/${section.id}/privacy/`, { restriction: 'password', password: '' });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.include('Enter the password visitors must give.');
    expect((await admin.post(`/wagtail/pages/${section.id}/privacy/`, { restriction: 'password', password: 'chowder' })).status).to.equal(303);
    const guarded = await request(server, '/section/child/', { host: hostname });
    expect(guarded.body).to.include('/_util/authenticate_with_password/');
    expect((await admin.get(`/wagtail/pages/${section.id}/`)).body).to.include('admin-status--restricted');
    expect((await admin.get(`/wagtail/pages/${child.id}/privacy/`)).body).to.include('A parent page is already restricted');
    expect((await admin.post(`/wagtail/pages/${section.id}/privacy/`, { restriction: 'public' })).status).to.equal(303);
    expect((await request(server, '/section/child/', { host: hostname })).body).to.not.include('/_util/authenticate_with_password/');
    const editor = await signedInClient(server, await createAdminUser(server.db));
    expect((await editor.post(`/wagtail/pages/${section.id}/privacy/`, { restriction: 'login' })).status).to.equal(403);
  });

  it('strips scripts and event handlers from rich text when saving', async () => {
    const { home } = await createTestSite(server.db);
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const created = await admin.post(`/wagtail/pages/add/${home.id}/press_section_page/`, {
      title: 'Press',
      'content-latest_count': '3',
      'content-see_all_link': '',
      'content-contact_info': '<p>Call <strong>us</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      'content-media_download_tiles': '[]',
    });
    expect(created.status).to.equal(303);
    const [page] = (await getChildren(server.db, home)).filter((each) => each.slug === 'press');
    const [revision] = await getRevisions(server.db, page!);
    const stored = (revision!.content as { content: { contact_info: string } }).content.contact_info;
    expect(stored).to.include('<strong>us</strong>');
    expect(stored).to.not.match(/script|onerror|javascript:|<img/);
  });
});
