import { expect } from 'chai';
import type { Page, PagePermission } from '../../../server/db/schema';
import { addChild, getChildren, getPage, getPageOrThrow } from '../../../server/models/pages';
import { addViewRestriction, restrictionsForPage } from '../../../server/models/view-restrictions';
import { createAdminUser, signedInClient, type AdminClient } from '../../support/admin';
import { createTestSite, type TestSite } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';

/** The Editors group of the demo site: add, change and lock, but no publish. */
const EDITORS: readonly PagePermission[] = ['add', 'change', 'lock'];
const PUBLISHERS: readonly PagePermission[] = ['add', 'change', 'lock', 'publish'];

describe('admin page permissions: publish rights guard what changes the public site', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** home › section › (live, draft), with the members page under home kept for signed-in visitors. */
  async function tree(): Promise<TestSite & { section: Page; live: Page; draft: Page; members: Page }> {
    const site = await createTestSite(server.db);
    const content = { body: [], confirmation: [] };
    const section = await addChild(server.db, site.home, { title: 'Section', slug: 'section', pageType: 'content_page', content });
    const live = await addChild(server.db, section, { title: 'Live Story', slug: 'live-story', pageType: 'content_page', content });
    const draft = await addChild(server.db, section, { title: 'Draft Story', slug: 'draft-story', pageType: 'content_page', content, live: false });
    const members = await addChild(server.db, site.home, { title: 'Members', slug: 'members', pageType: 'content_page', content });
    await addViewRestriction(server.db, members, { type: 'login' });
    return { ...site, section, live, draft, members };
  }

  async function clientWith(page: Page, permissions: readonly PagePermission[]): Promise<AdminClient> {
    return signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page, permissions }] }));
  }

  it('refuses an editor without publish rights making a restricted page public, and lets a publisher', async () => {
    const { home, members, hostname } = await tree();
    const editor = await clientWith(home, EDITORS);
    expect((await editor.get(`/wagtail/pages/${members.id}/privacy/`)).status).to.equal(403);
    const refused = await editor.post(`/wagtail/pages/${members.id}/privacy/`, { restriction: 'public' });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include('only a user who may publish it can');
    expect(await restrictionsForPage(server.db, members)).to.have.length(1);
    expect((await editor.get(`/wagtail/pages/${home.id}/`)).body).to.not.include(`/wagtail/pages/${members.id}/privacy/`);

    const publisher = await clientWith(home, PUBLISHERS);
    expect((await publisher.get(`/wagtail/pages/${home.id}/`)).body).to.include(`/wagtail/pages/${members.id}/privacy/`);
    expect((await publisher.post(`/wagtail/pages/${members.id}/privacy/`, { restriction: 'public' })).status).to.equal(303);
    expect((await request(server, '/members/', { host: hostname })).status).to.equal(200);
  });

  it('refuses an editor moving a live restricted page to the public root through the API, and lets a publisher', async () => {
    const { home, section, members, hostname } = await tree();
    const editor = await clientWith(home, EDITORS);
    const refused = await editor.postJson(`/wagtail/api/main/pages/${members.id}/action/move/`, { destination_page_id: section.id });
    expect(refused.status).to.equal(403);
    expect(refused.json<{ message: string }>().message).to.include('you do not have permission to publish');
    expect((await getPageOrThrow(server.db, members.id)).url_path).to.equal(`${home.url_path}members/`);
    expect((await request(server, '/section/members/', { host: hostname })).status).to.equal(404);

    const publisher = await clientWith(home, PUBLISHERS);
    expect((await publisher.postJson(`/wagtail/api/main/pages/${members.id}/action/move/`, { destination_page_id: section.id })).status).to.equal(200);
    expect((await getPageOrThrow(server.db, members.id)).url_path).to.equal(`${section.url_path}members/`);
  });

  it('refuses an Editor reordering live pages, through the arrows and their form, and lets a Moderator', async () => {
    const { home, section, live, draft } = await tree();
    const order = async () => (await getChildren(server.db, section)).map((page) => page.slug);
    const editor = await clientWith(home, EDITORS);
    const listing = await editor.get(`/wagtail/pages/${section.id}/`);
    expect(listing.body).to.include(`/wagtail/pages/${live.id}/edit/`).and.not.include('/move/down/').and.not.include('/move/up/');
    const refused = await editor.post(`/wagtail/pages/${live.id}/move/down/`, { next: `/wagtail/pages/${section.id}/` });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include('only a user who may publish them can');
    expect(await order()).to.deep.equal(['live-story', 'draft-story']);

    const moderator = await clientWith(home, PUBLISHERS);
    expect((await moderator.get(`/wagtail/pages/${section.id}/`)).body)
      .to.include(`/wagtail/pages/${live.id}/move/down/`)
      .and.include(`/wagtail/pages/${draft.id}/move/up/`);
    expect((await moderator.post(`/wagtail/pages/${live.id}/move/down/`, { next: `/wagtail/pages/${section.id}/` })).status).to.equal(303);
    expect(await order()).to.deep.equal(['draft-story', 'live-story']);
  });

  it('needs publish rights at the destination to move a live page there', async () => {
    const { home, section, live } = await tree();
    const other = await addChild(server.db, home, { title: 'Other', slug: 'other', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const user = await createAdminUser(server.db, {
      pagePermissions: [
        { page: section, permissions: PUBLISHERS },
        { page: other, permissions: EDITORS },
      ],
    });
    const client = await signedInClient(server, user);
    const form = await client.get(`/wagtail/pages/${live.id}/move/`);
    expect(form.status).to.equal(200);
    expect(form.body).to.not.include(`value="${other.id}"`);
    const refused = await client.post(`/wagtail/pages/${live.id}/move/`, { destination: String(other.id) });
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include('you do not have permission to publish under the destination');
    expect((await getPageOrThrow(server.db, live.id)).url_path).to.equal(`${section.url_path}live-story/`);
  });

  it('lets an editor move and delete a draft, but refuses and says why for a live page', async () => {
    const { home, section, live, draft } = await tree();
    const editor = await clientWith(home, EDITORS);
    const listing = (await editor.get(`/wagtail/pages/${section.id}/`)).body;
    expect(listing).to.include(`/wagtail/pages/${draft.id}/delete/`).and.include(`/wagtail/pages/${draft.id}/move/"`);
    expect(listing).to.not.include(`/wagtail/pages/${live.id}/delete/`);
    expect(listing).to.not.include(`/wagtail/pages/${live.id}/move/"`);

    const confirm = await editor.get(`/wagtail/pages/${live.id}/delete/`);
    expect(confirm.status).to.equal(403);
    expect(confirm.body).to.include('This page or one of its subpages is live, and you do not have permission to publish');
    expect((await editor.post(`/wagtail/pages/${live.id}/delete/`)).status).to.equal(403);
    expect(await getPage(server.db, live.id)).to.not.equal(undefined);
    const moveForm = await editor.get(`/wagtail/pages/${live.id}/move/`);
    expect(moveForm.status).to.equal(403);
    expect(moveForm.body).to.include('only a user who may publish can move live pages');

    expect((await editor.post(`/wagtail/pages/${draft.id}/delete/`)).status).to.equal(303);
    expect(await getPage(server.db, draft.id)).to.equal(undefined);
  });

  it('refuses deleting a section with a live subpage to an editor, through the form and the API', async () => {
    const { home, section } = await tree();
    await server.db.updateTable('pages').set({ live: false }).where('id', '=', section.id).execute();
    const editor = await clientWith(home, [...EDITORS, 'bulk_delete']);
    expect((await editor.get(`/wagtail/pages/${home.id}/`)).body).to.not.include(`/wagtail/pages/${section.id}/delete/`);
    const refused = await editor.postJson(`/wagtail/api/main/pages/${section.id}/action/delete/`);
    expect(refused.status).to.equal(403);
    expect(await getPage(server.db, section.id)).to.not.equal(undefined);

    const publisher = await clientWith(home, [...PUBLISHERS, 'bulk_delete']);
    expect((await publisher.get(`/wagtail/pages/${home.id}/`)).body).to.include(`/wagtail/pages/${section.id}/delete/`);
    expect((await publisher.postJson(`/wagtail/api/main/pages/${section.id}/action/delete/`)).json()).to.deep.equal({ deleted: 3 });
  });

  it('refuses unpublishing to an editor through the form and the API, and lets a publisher', async () => {
    const { home, live } = await tree();
    const editor = await clientWith(home, EDITORS);
    const confirm = await editor.get(`/wagtail/pages/${live.id}/unpublish/`);
    expect(confirm.status).to.equal(403);
    expect(confirm.body).to.include('You do not have permission to publish this page, so you cannot unpublish it either.');
    expect((await editor.postJson(`/wagtail/api/main/pages/${live.id}/action/unpublish/`)).status).to.equal(403);
    expect((await getPageOrThrow(server.db, live.id)).live).to.equal(true);

    const publisher = await clientWith(home, PUBLISHERS);
    expect((await publisher.postJson(`/wagtail/api/main/pages/${live.id}/action/unpublish/`)).status).to.equal(200);
    expect((await getPageOrThrow(server.db, live.id)).live).to.equal(false);
  });

  it('shows the history only to users who may edit the page', async () => {
    const { home, section, live } = await tree();
    const stranger = await clientWith(section, []);
    const outsider = await signedInClient(server, await createAdminUser(server.db));
    const refused = await outsider.get(`/wagtail/pages/${live.id}/history/`);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.not.include('Live Story');
    expect((await stranger.get(`/wagtail/pages/${live.id}/history/`)).status).to.equal(403);
    const editor = await clientWith(home, EDITORS);
    expect((await editor.get(`/wagtail/pages/${live.id}/history/`)).status).to.equal(200);
  });

  it('searches only the drafts of pages the user may edit', async () => {
    const { home, section } = await tree();
    const word = `secretkelp${Date.now().toString(36)}`;
    const hidden = await addChild(server.db, section, {
      title: 'Hidden',
      slug: 'hidden',
      pageType: 'content_page',
      content: { body: [{ type: 'heading', id: 'h', value: { text: `Plans for ${word}` } }], confirmation: [] },
      live: false,
    });
    const other = await addChild(server.db, home, { title: 'Other', slug: 'other', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const outsider = await clientWith(other, EDITORS);
    const none = await outsider.get(`/wagtail/pages/search/?q=${word}`);
    expect(none.body).to.include('0 matching pages').and.not.include(`/wagtail/pages/${hidden.id}/`);

    const editor = await clientWith(section, EDITORS);
    expect((await editor.get(`/wagtail/pages/search/?q=${word}`)).body)
      .to.include('1 matching page<')
      .and.include(`/wagtail/pages/${hidden.id}/edit/`);
  });
});
