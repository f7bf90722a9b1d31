import { expect } from 'chai';
import type { Page } from '../../../server/db/schema';
import { addChild, getPage, getPageOrThrow, setPageLock } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

const CONTENT = { body: [], confirmation: [] };

describe('admin bulk actions on pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** Two sections under a new site's home, each with drafts; `open` is where the editor may publish. */
  async function tree() {
    const { home } = await createTestSite(server.db);
    const open = await addChild(server.db, home, { title: 'Open Section', slug: 'open', pageType: 'content_page', content: CONTENT });
    const closed = await addChild(server.db, home, { title: 'Closed Section', slug: 'closed', pageType: 'content_page', content: CONTENT });
    const draft = (parent: Page, title: string) =>
      addChild(server.db, parent, { title, slug: title.toLowerCase().replace(/\W+/g, '-'), pageType: 'content_page', content: CONTENT, live: false });
    const drafts = [await draft(open, 'Chowder Night'), await draft(open, 'Lobster Week')];
    const elsewhere = await draft(closed, 'Oyster Hour');
    return { home, open, closed, drafts, elsewhere };
  }

  const bulkUrl = (action: string, pages: readonly Page[], next = '/wagtail/pages/') =>
    `/wagtail/bulk/wagtailcore/page/${action}/?${new URLSearchParams([...pages.map((page) => ['id', String(page.id)]), ['next', next]])}`;

  it('publishes the pages the user may publish and lists the others as refused, with the reason', async () => {
    const { open, closed, drafts, elsewhere } = await tree();
    const editor = await signedInClient(
      server,
      await createAdminUser(server.db, {
        pagePermissions: [
          { page: open, permissions: ['add', 'change', 'publish'] },
          { page: closed, permissions: ['add', 'change'] },
        ],
      }),
    );
    const selection = [...drafts, elsewhere];
    const url = bulkUrl('publish', selection, `/wagtail/pages/${open.id}/`);

    const screen = await editor.get(url);
    expect(screen.status).to.equal(200);
    expect(screen.body).to.include('Are you sure you want to publish these pages?').and.include('Chowder Night').and.include('Lobster Week');
    const refusedPart = screen.body.slice(screen.body.indexOf('admin-bulk-confirm__refused'));
    expect(refusedPart).to.include('You don&#x27;t have permission to publish this page').and.include('Oyster Hour').and.include('You do not have permission to publish this page');
    expect(screen.body.slice(0, screen.body.indexOf('admin-bulk-confirm__refused'))).to.not.include('Oyster Hour');

    const done = await editor.post(url);
    expect(done.status).to.equal(303);
    expect(done.headers.location).to.equal(`/wagtail/pages/${open.id}/`);
    for (const page of drafts) expect((await getPageOrThrow(server.db, page.id)).live).to.equal(true);
    expect((await getPageOrThrow(server.db, elsewhere.id)).live).to.equal(false);
    const report = await editor.get(`/wagtail/pages/${open.id}/`);
    expect(report.body).to.include('2 pages have been published').and.include('&quot;Oyster Hour&quot; could not be published');
  });

  it('refuses a user with no publish permission anywhere: nothing is offered and a POST changes nothing', async () => {
    const { open, drafts } = await tree();
    const reader = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: open, permissions: ['change'] }] }));
    const screen = await reader.get(bulkUrl('publish', drafts));
    expect(screen.status).to.equal(200);
    expect(screen.body)
      .to.include('None of the selected pages can be changed this way.')
      .and.include('You don&#x27;t have permission to publish these pages')
      .and.not.include('Yes, publish');
    expect((await reader.post(bulkUrl('publish', drafts))).status).to.equal(303);
    for (const page of drafts) expect((await getPageOrThrow(server.db, page.id)).live).to.equal(false);

    const anonymous = new AdminClient(server);
    expect((await anonymous.get(bulkUrl('publish', drafts))).status).to.equal(302);
    expect((await anonymous.post(bulkUrl('publish', drafts))).status).to.equal(403);
    for (const page of drafts) expect((await getPageOrThrow(server.db, page.id)).live).to.equal(false);
  });

  it('publishes draft subpages too when asked, and judges each page again when the form is sent', async () => {
    const { open, drafts } = await tree();
    const subpage = await addChild(server.db, drafts[0]!, { title: 'Chowder Menu', slug: 'chowder-menu', pageType: 'content_page', content: CONTENT, live: false });
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: open, permissions: ['add', 'change', 'publish'] }] }));
    const screen = await editor.get(bulkUrl('publish', drafts));
    expect(screen.body).to.include('This page has one unpublished subpage').and.include('name="include_descendants"');

    // Somebody else locks a page after the screen was shown: it is refused, the other still goes.
    const other = await createAdminUser(server.db, { superuser: true });
    await setPageLock(server.db, await getPageOrThrow(server.db, drafts[1]!.id), other.id);
    await editor.post(bulkUrl('publish', drafts), { include_descendants: 'on' });
    expect((await getPageOrThrow(server.db, drafts[0]!.id)).live).to.equal(true);
    expect((await getPageOrThrow(server.db, subpage.id)).live).to.equal(true);
    expect((await getPageOrThrow(server.db, drafts[1]!.id)).live).to.equal(false);
    const report = (await editor.get('/wagtail/pages/')).body;
    expect(report).to.include('1 page and 1 child page have been published').and.include('&quot;Lobster Week&quot; could not be published');
  });

  it('unpublishes with or without the live subpages, as chosen', async () => {
    const { home } = await createTestSite(server.db);
    const parent = await addChild(server.db, home, { title: 'Specials', slug: 'specials', pageType: 'content_page', content: CONTENT });
    const child = await addChild(server.db, parent, { title: 'Clam Bake', slug: 'clam-bake', pageType: 'content_page', content: CONTENT });
    const other = await addChild(server.db, home, { title: 'Catering', slug: 'catering', pageType: 'content_page', content: CONTENT });
    const publisher = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change', 'publish'] }] }));

    const screen = await publisher.get(bulkUrl('unpublish', [parent, other]));
    expect(screen.body).to.include('This page has one subpage').and.include('name="include_descendants"');
    await publisher.post(bulkUrl('unpublish', [parent, other]), { include_descendants: 'on' });
    expect((await getPageOrThrow(server.db, parent.id)).live).to.equal(false);
    expect((await getPageOrThrow(server.db, child.id)).live).to.equal(false);
    expect((await getPageOrThrow(server.db, other.id)).live).to.equal(false);
    expect((await publisher.get('/wagtail/pages/')).body).to.include('2 pages and 1 child page have been unpublished');

    const viewer = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['change'] }] }));
    const refused = await viewer.get(bulkUrl('unpublish', [home]));
    expect(refused.body).to.include('You don&#x27;t have permission to unpublish this page');
  });

  it('deletes the selection with its subpages, once each, and refuses pages the user may not delete', async () => {
    const { home } = await createTestSite(server.db);
    const parent = await addChild(server.db, home, { title: 'Old Menus', slug: 'old-menus', pageType: 'content_page', content: CONTENT, live: false });
    const child = await addChild(server.db, parent, { title: 'Winter Menu', slug: 'winter-menu', pageType: 'content_page', content: CONTENT, live: false });
    const kept = await addChild(server.db, home, { title: 'Live Menu', slug: 'live-menu', pageType: 'content_page', content: CONTENT });
    const deleter = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change', 'bulk_delete'] }] }));

    const screen = await deleter.get(bulkUrl('delete', [parent, child, kept]));
    expect(screen.body).to.include('This will also delete one more subpage.').and.include('Yes, delete');
    expect(screen.body).to.include('You don&#x27;t have permission to delete this page').and.include('only a user who may publish can delete live pages');
    await deleter.post(bulkUrl('delete', [parent, child, kept]));
    expect(await getPage(server.db, parent.id)).to.equal(undefined);
    expect(await getPage(server.db, child.id)).to.equal(undefined);
    expect(await getPage(server.db, kept.id)).to.not.equal(undefined);
    expect((await deleter.get('/wagtail/pages/')).body).to.include('1 page and 1 child page have been deleted');
  });

  it('asks for the site name before deleting ten pages or more, as Wagtail does', async () => {
    const { home } = await createTestSite(server.db);
    const parent = await addChild(server.db, home, { title: 'Archive', slug: 'archive', pageType: 'content_page', content: CONTENT, live: false });
    for (let n = 1; n <= 9; n++) await addChild(server.db, parent, { title: `Old ${n}`, slug: `old-${n}`, pageType: 'content_page', content: CONTENT, live: false });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const url = bulkUrl('delete', [parent]);
    const screen = await admin.get(url);
    expect(screen.body).to.include('This action will delete total 10 pages.').and.include('name="confirm_site_name"');
    // The brand the back office shows, as the label asks for it.
    const siteName = /Please type &quot;(.+?)&quot; to confirm\./.exec(screen.body)?.[1];
    expect(siteName).to.be.a('string');
    const wrong = await admin.post(url, { confirm_site_name: `${siteName} and more` });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include('id="id_confirm_site_name-error" role="alert"');
    expect(await getPage(server.db, parent.id)).to.not.equal(undefined);
    await admin.post(url, { confirm_site_name: siteName! });
    expect(await getPage(server.db, parent.id)).to.equal(undefined);
    expect((await admin.get('/wagtail/pages/')).body).to.include('1 page and 9 child pages have been deleted');
  });

  it('moves the pages under a destination chosen for them all, and asks again without one', async () => {
    const { home } = await createTestSite(server.db);
    const from = await addChild(server.db, home, { title: 'Drafts', slug: 'drafts', pageType: 'content_page', content: CONTENT });
    const to = await addChild(server.db, home, { title: 'Archive', slug: 'archive', pageType: 'content_page', content: CONTENT });
    const pages = [
      await addChild(server.db, from, { title: 'Crab Fest', slug: 'crab-fest', pageType: 'content_page', content: CONTENT, live: false }),
      await addChild(server.db, from, { title: 'Shrimp Boil', slug: 'shrimp-boil', pageType: 'content_page', content: CONTENT, live: false }),
    ];
    const mover = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const screen = await mover.get(bulkUrl('move', pages));
    expect(screen.body).to.include('Select a new parent page').and.include(`value="${to.id}"`).and.include(`${pages[0]!.id}%2C${pages[1]!.id}`);
    expect(screen.body).to.not.include(`id="dest-${pages[0]!.id}"`);

    const missing = await mover.post(bulkUrl('move', pages));
    expect(missing.status).to.equal(400);
    expect(missing.body).to.include('id="id_destination-error" role="alert"').and.include('Choose where to move the pages.');

    const moved = await mover.post(bulkUrl('move', pages), { destination: String(to.id) });
    expect(moved.status).to.equal(303);
    for (const page of pages) expect((await getPageOrThrow(server.db, page.id)).path.startsWith(to.path)).to.equal(true);
    expect((await mover.get('/wagtail/pages/')).body).to.include('2 pages have been moved');

    const chooser = await mover.get(`/wagtail/choose-page/${home.id}/?user_perms=move_to&target_pages=${pages[0]!.id},${pages[1]!.id}`);
    expect(chooser.status).to.equal(200);
  });

  it("acts on every child of a page with Wagtail's id=all&childOf, offered when the listing runs past one screen", async () => {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Recipes', slug: 'recipes', pageType: 'content_page', content: CONTENT });
    for (let n = 1; n <= 51; n++) await addChild(server.db, section, { title: `Recipe ${n}`, slug: `recipe-${n}`, pageType: 'content_page', content: CONTENT, live: false });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const explorer = await admin.get(`/wagtail/pages/${section.id}/`);
    expect(explorer.body).to.include('Select all 51 pages in listing').and.include(`name="childOf" value="${section.id}"`);
    const screen = await admin.get(`/wagtail/bulk/wagtailcore/page/publish/?id=all&childOf=${section.id}`);
    expect(screen.body).to.include('<title>Publish 51 pages').and.include('Recipe 51');
    await admin.post(`/wagtail/bulk/wagtailcore/page/publish/?id=all&childOf=${section.id}`);
    expect((await admin.get('/wagtail/pages/')).body).to.include('51 pages have been published');
    expect((await admin.get(`/wagtail/pages/${home.id}/`)).body).to.not.include('in listing');
  });

  it('answers 404 for an unknown action or pages that do not exist, and 400 without a selection', async () => {
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    expect((await admin.get('/wagtail/bulk/wagtailcore/page/archive/?id=1')).status).to.equal(404);
    expect((await admin.get('/wagtail/bulk/wagtailcore/page/publish/?id=2147483000')).status).to.equal(404);
    expect((await admin.get('/wagtail/bulk/wagtailcore/page/publish/')).status).to.equal(400);
    expect((await admin.get('/wagtail/bulk/wagtailcore/page/publish/?id=abc')).status).to.equal(400);
  });

  it('offers the selection checkboxes and the footer actions on the explorer and the search results', async () => {
    const { open, drafts } = await tree();
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const explorer = await admin.get(`/wagtail/pages/${open.id}/`);
    expect(explorer.body)
      .to.include(`name="id" value="${drafts[0]!.id}"`)
      .and.include('formaction="/wagtail/bulk/wagtailcore/page/publish/"')
      .and.include('aria-label="Publish selected pages"');
    const search = await admin.get('/wagtail/pages/search/?q=Chowder');
    expect(search.body).to.include(`name="id" value="${drafts[0]!.id}"`).and.include('formaction="/wagtail/bulk/wagtailcore/page/delete/"');
  });
});
