import { expect } from 'chai';
import type { Page } from '../../../server/db/schema';
import { addChild, getChildren, getPageOrThrow, getRevisions } from '../../../server/models/pages';
import { addViewRestriction } from '../../../server/models/view-restrictions';
import { auditCodes } from '../../support/actions';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, type TestSite } from '../../support/fixtures';
import { pageRowLocks, pageRowReads, recordQueries, writes } from '../../support/query-log';
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
    // Reordering needs 'publish' on the parent (Wagtail's can_reorder_children).
    expect(editable.body).to.include(`/wagtail/pages/${child.id}/edit/`).and.not.include(`/wagtail/pages/${child.id}/move/up/`);
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

  it('publishes from the editor in one action: the page locked and checked once, one audit entry per step, nothing written when refused', async () => {
    const log = recordQueries(server.db);
    const recorded = await startTestServer({}, { db: log.db });
    try {
      const { section, child } = await siteWithSection();
      const form = pageForm({ title: 'Renamed', slug: 'child', action: 'publish', revision_id: String(child.latest_revision_id) });
      const editor = await signedInClient(recorded, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change'] }] }));
      log.clear();
      const refused = await editor.post(`/wagtail/pages/${child.id}/edit/`, form);
      expect(refused.status).to.equal(403);
      // Refused on the one check, before the draft was written (the session's own expiry aside).
      expect(writes(log).filter((query) => !/^update "sessions"/.test(query.sql))).to.deep.equal([]);

      const publisher = await signedInClient(recorded, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change', 'publish'] }] }));
      log.clear();
      const published = await publisher.post(`/wagtail/pages/${child.id}/edit/`, form);
      expect(published.status).to.equal(303);
      // The editor reads the page to answer; the action locks it once and saves and publishes on that row.
      expect(pageRowLocks(log, child.id)).to.have.length(1);
      expect(pageRowReads(log, child.id)).to.have.length(2);
      expect(await getPageOrThrow(server.db, child.id)).to.include({ title: 'Renamed', live: true, has_unpublished_changes: false });
      expect(await auditCodes(server.db, 'page', child.id)).to.deep.equal(['page.edit', 'page.publish']);
    } finally {
      await recorded.close();
    }
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

  describe('copies and moves keep private pages private', () => {
    const SECRET = 'Secret chowder recipe';
    const secretBody = { body: [{ type: 'heading', id: 's1', value: { text: SECRET } }], confirmation: [] };

    /** home › section › (vault, with a restriction of its own › inner), and a public page "elsewhere". */
    async function privateTree(restriction: { type: 'password'; password: string } | { type: 'login' }) {
      const site = await siteWithSection();
      const vault = await addChild(server.db, site.section, { title: 'Vault', slug: 'vault', pageType: 'content_page', content: secretBody });
      const inner = await addChild(server.db, vault, { title: 'Inner', slug: 'inner', pageType: 'content_page', content: secretBody });
      await addViewRestriction(server.db, vault, restriction);
      const elsewhere = await addChild(server.db, site.home, { title: 'Elsewhere', slug: 'elsewhere', pageType: 'content_page', content: { body: [], confirmation: [] } });
      // A Moderator of the demo site: may publish under home, is no superuser.
      const moderator = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: site.home, permissions: ['add', 'change', 'publish'] }] }));
      return { ...site, vault, inner, elsewhere, moderator };
    }

    const anonymous = (hostname: string, path: string) => request(server, path, { host: hostname });

    function expectPasswordForm(response: { status: number; body: string }, path: string) {
      expect(response.status, path).to.equal(200);
      expect(response.body, path).to.include('Password required').and.include('/_util/authenticate_with_password/');
      expect(response.body, path).to.not.include(SECRET);
    }

    it('keeps the password of a page copied alone through the copy form, live', async () => {
      const { vault, elsewhere, hostname, moderator } = await privateTree({ type: 'password', password: 'lobster-bisque' });
      const copied = await moderator.post(`/wagtail/pages/${vault.id}/copy/`, {
        destination: String(elsewhere.id),
        new_title: 'Vault copy',
        new_slug: 'vault-copy',
        publish_copies: 'on',
      });
      expect(copied.status).to.equal(303);
      expectPasswordForm(await anonymous(hostname, '/elsewhere/vault-copy/'), '/elsewhere/vault-copy/');
    });

    it('keeps each restriction of a subtree copied through the admin API with keep_live, on the copies that had it', async () => {
      const { section, elsewhere, hostname, moderator } = await privateTree({ type: 'password', password: 'lobster-bisque' });
      const copied = await moderator.postJson(`/wagtail/api/main/pages/${section.id}/action/copy/`, { destination_page_id: elsewhere.id, recursive: true, keep_live: true });
      expect(copied.status).to.equal(201);
      // The copied section had no restriction of its own and stays public; its private subpage and what is below it do not.
      const top = await anonymous(hostname, '/elsewhere/section/');
      expect(top.status).to.equal(200);
      expect(top.body).to.not.include('Password required');
      for (const path of ['/elsewhere/section/vault/', '/elsewhere/section/vault/inner/']) expectPasswordForm(await anonymous(hostname, path), path);
      expect((await anonymous(hostname, '/section/vault/')).body).to.include('Password required');
    });

    it("keeps a sign-in restriction on a copy and records it in the copy's history", async () => {
      const { vault, section, hostname, moderator } = await privateTree({ type: 'login' });
      const copied = await moderator.postJson(`/wagtail/api/main/pages/${vault.id}/action/copy/`, { destination_page_id: section.id, keep_live: true, slug: 'vault-2' });
      expect(copied.status).to.equal(201);
      const visit = await anonymous(hostname, '/section/vault-2/');
      expect(visit.status).to.equal(302);
      expect(visit.headers.location).to.equal(`/_util/login/?next=${encodeURIComponent('/section/vault-2/')}`);
      const history = await server.db.selectFrom('admin_log_entries').select('action').where('page_id', '=', copied.json<{ id: number }>().id).orderBy('id').execute();
      expect(history.map((entry) => entry.action)).to.deep.equal(['page.copy', 'page.view_restriction.create']);
    });

    it('protects a page moved under a restricted section, even when its public view was kept', async () => {
      const { vault, elsewhere, hostname, moderator } = await privateTree({ type: 'password', password: 'lobster-bisque' });
      const roaming = await addChild(server.db, elsewhere, { title: 'Roaming', slug: 'roaming', pageType: 'content_page', content: secretBody });
      await anonymous(hostname, '/elsewhere/roaming/');
      expect((await anonymous(hostname, '/elsewhere/roaming/')).headers['x-render-cache']).to.equal('hit');
      expect((await moderator.post(`/wagtail/pages/${roaming.id}/move/`, { destination: String(vault.id) })).status).to.equal(303);
      expectPasswordForm(await anonymous(hostname, '/section/vault/roaming/'), '/section/vault/roaming/');
      const old = await anonymous(hostname, '/elsewhere/roaming/');
      expect(old.body).to.not.include(SECRET);
      expect(old.status).to.be.oneOf([301, 302]);
      expect(old.headers.location).to.match(/\/section\/vault\/roaming\/$/);
    });

    it('keeps a page restricted through a revert and its publish', async () => {
      const { vault, hostname, moderator } = await privateTree({ type: 'password', password: 'lobster-bisque' });
      expect(
        (await moderator.post(`/wagtail/pages/${vault.id}/edit/`, pageForm({ title: 'Vault v2', slug: 'vault', 'content-body': JSON.stringify(secretBody.body) }))).status,
      ).to.equal(303);
      const first = (await getRevisions(server.db, vault)).at(-1)!;
      expect((await moderator.post(`/wagtail/pages/${vault.id}/revisions/${first.id}/revert/`)).status).to.equal(303);
      expect(
        (await moderator.post(`/wagtail/pages/${vault.id}/edit/`, pageForm({ title: 'Vault', slug: 'vault', 'content-body': JSON.stringify(secretBody.body), action: 'publish' })))
          .status,
      ).to.equal(303);
      expectPasswordForm(await anonymous(hostname, '/section/vault/'), '/section/vault/');
    });
  });
});
