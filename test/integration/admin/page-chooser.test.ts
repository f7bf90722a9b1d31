import { expect } from 'chai';
import { pageChooserAnswerSchema, type PageChooserAnswer, type PageChooserEntry } from '../../../admin-client/page-chooser/schema';
import { CHOOSER_PAGE_SIZE } from '../../../server/admin/chooser-data';
import { PAGE_CHOOSER_URL } from '../../../server/admin/page-chooser';
import { STREAMFIELD_CHOOSER_URLS } from '../../../server/admin/streamfield-config';
import { addChild } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

const content = { body: [], confirmation: [] };

describe('admin page chooser (StreamField page fields, move and copy destinations)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function answer(client: AdminClient, url: string): Promise<PageChooserAnswer> {
    const response = await client.get(url);
    expect(response.status, response.body).to.equal(200);
    expect(response.headers['content-type']).to.match(/^application\/json/);
    return pageChooserAnswerSchema.parse(JSON.parse(response.body));
  }
  // The attribute as the browser reads it (Handlebars escapes `=` and `&`).
  const chooserAttribute = (html: string, name: string) =>
    html
      .match(new RegExp(`data-page-chooser-${name}-value="([^"]*)"`))?.[1]
      ?.replace(/&#x3D;/g, '=')
      .replace(/&amp;/g, '&');
  const entryOf = (list: PageChooserEntry[], id: number) => list.find((entry) => entry.id === id);

  it("serves the StreamField editor's page chooser: browse with breadcrumbs, search titles, page through, narrow by type", async () => {
    expect(STREAMFIELD_CHOOSER_URLS.page).to.equal(PAGE_CHOOSER_URL);
    const { home } = await createTestSite(server.db);
    const word = `galley${uniqueSuffix()}`;
    const section = await addChild(server.db, home, { title: `Galley ${word}`, slug: 'galley', pageType: 'content_page', content });
    const blank = await addChild(server.db, section, { title: `Blank ${word}`, slug: 'blank', pageType: 'blank_page', content: {} });
    const client = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [] }));

    // Any admin user may link to any page but the root.
    const top = await answer(client, PAGE_CHOOSER_URL);
    expect(top.parent).to.include({ title: 'Root', selectable: false });
    expect(top.breadcrumbs.map((crumb) => crumb.title)).to.deep.equal(['Root']);
    const inside = await answer(client, `${PAGE_CHOOSER_URL}${section.id}/`);
    expect(inside.breadcrumbs.map((crumb) => crumb.id)).to.deep.equal([top.parent!.id, home.id, section.id]);
    expect(inside.parent).to.include({ id: section.id, selectable: true, browsable: true, type: 'Content page' });
    expect(inside.results).to.deep.equal([{ id: blank.id, title: `Blank ${word}`, type: 'Blank page', selectable: true, browsable: false }]);

    const found = await answer(client, `${PAGE_CHOOSER_URL}search/?q=${word}`);
    expect(found.parent).to.equal(null);
    expect(found.breadcrumbs).to.deep.equal([]);
    expect(found.results.map((entry) => [entry.id, entry.parent_title])).to.deep.equal([
      [section.id, 'Test Home'],
      [blank.id, `Galley ${word}`],
    ]);
    // The editor's first URL took `?q=` on the chooser's own address; it still searches.
    expect((await answer(client, `${PAGE_CHOOSER_URL}?q=${word}`)).results).to.deep.equal(found.results);

    const narrowed = await answer(client, `${PAGE_CHOOSER_URL}search/?q=${word}&page_type=blank_page`);
    expect(narrowed.results.map((entry) => [entry.id, entry.selectable])).to.deep.equal([
      [section.id, false],
      [blank.id, true],
    ]);
    expect((await client.get(`${PAGE_CHOOSER_URL}?page_type=no_such_type`)).status).to.equal(400);
    expect((await client.get(`${PAGE_CHOOSER_URL}999999999/`)).status).to.equal(404);

    for (let index = 0; index < CHOOSER_PAGE_SIZE + 1; index += 1) {
      await addChild(server.db, blank, { title: `Shelf ${word} ${index}`, slug: `shelf-${index}`, pageType: 'content_page', content });
    }
    const first = await answer(client, `${PAGE_CHOOSER_URL}${blank.id}/`);
    expect(first).to.include({ page: 1, has_next: true });
    expect(first.results).to.have.length(CHOOSER_PAGE_SIZE);
    const second = await answer(client, `${PAGE_CHOOSER_URL}${blank.id}/?p=2`);
    expect(second).to.include({ page: 2, has_next: false });
    expect(second.results.map((entry) => entry.title)).to.deep.equal([`Shelf ${word} ${CHOOSER_PAGE_SIZE}`]);
    expect((await answer(client, `${PAGE_CHOOSER_URL}search/?q=shelf+${word}&p=2`)).results).to.have.length(1);
  });

  it('offers as move destinations only pages allowed for the type and the user, outside the moved subtree', async () => {
    const { home } = await createTestSite(server.db);
    const word = `dock${uniqueSuffix()}`;
    const section = await addChild(server.db, home, { title: `Section ${word}`, slug: 'section', pageType: 'content_page', content });
    const other = await addChild(server.db, home, { title: 'Other', slug: 'other', pageType: 'content_page', content });
    const moving = await addChild(server.db, section, { title: 'Moving', slug: 'moving', pageType: 'content_page', content });
    // Matches the search too, but lies inside the page being moved.
    const under = await addChild(server.db, moving, { title: `Under ${word}`, slug: 'under', pageType: 'content_page', content });
    // A footer page takes no content pages under it.
    const footer = await addChild(server.db, home, { title: `Footer ${word}`, slug: 'footer', pageType: 'footer_page', content: {} });
    const url = `${PAGE_CHOOSER_URL}?user_perms=move_to&target_pages=${moving.id}`;
    const at = (parent: number, query = '') => `${PAGE_CHOOSER_URL}${parent}/?user_perms=move_to&target_pages=${moving.id}${query}`;

    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const screen = (await admin.get(`/wagtail/pages/${moving.id}/move/`)).body;
    expect(chooserAttribute(screen, 'url')).to.equal(url);
    expect(chooserAttribute(screen, 'parent')).to.equal(String(section.id));
    // The root takes home pages only.
    expect((await answer(admin, url)).parent).to.include({ title: 'Root', selectable: false });

    const children = await answer(admin, at(home.id));
    expect(children.parent).to.include({ id: home.id, selectable: true });
    expect(entryOf(children.results, other.id)).to.include({ selectable: true, browsable: false });
    expect(entryOf(children.results, footer.id)).to.include({ selectable: false });
    // Its only child is the page being moved, so there is nothing to browse into.
    expect(entryOf(children.results, section.id)).to.include({ selectable: true, browsable: false });
    expect((await answer(admin, at(section.id))).results.map((entry) => entry.id)).to.not.include(moving.id);
    expect((await admin.get(at(moving.id))).status).to.equal(404);
    expect((await answer(admin, `${PAGE_CHOOSER_URL}search/?q=${word}&user_perms=move_to&target_pages=${moving.id}`)).results.map((entry) => entry.id)).to.deep.equal([
      section.id,
      footer.id,
    ]);

    // The page is live, so moving it needs publish permission as well (Wagtail's can_move_to).
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['add', 'change', 'publish'] }] }));
    const limited = await answer(editor, at(home.id));
    expect(entryOf(limited.results, section.id)).to.include({ selectable: true });
    expect(entryOf(limited.results, other.id)).to.include({ selectable: false });
    // The no-script list on the move screen follows the same rule.
    const editorScreen = (await editor.get(`/wagtail/pages/${moving.id}/move/`)).body;
    expect(editorScreen).to.include(`id="dest-${section.id}"`).and.not.include(`id="dest-${other.id}"`).and.not.include(`id="dest-${under.id}"`);

    // Choosing needs the right to move the page: a user who may only view gets 403.
    const viewer = await signedInClient(server, await createAdminUser(server.db));
    expect((await viewer.get(url)).status).to.equal(403);
    expect((await admin.get(`${PAGE_CHOOSER_URL}?user_perms=move_to`)).status).to.equal(400);
  });

  it('offers copy destinations by the same rule, its own subtree included, on a copy screen that opens the chooser', async () => {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Section', slug: 'section', pageType: 'content_page', content });
    const copied = await addChild(server.db, section, { title: 'Copied', slug: 'copied', pageType: 'content_page', content });
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['add', 'change'] }] }));
    const url = `${PAGE_CHOOSER_URL}?user_perms=copy_to&target_pages=${copied.id}`;

    const screen = (await editor.get(`/wagtail/pages/${copied.id}/copy/`)).body;
    expect(chooserAttribute(screen, 'url')).to.equal(url);
    expect(screen).to.include('data-page-chooser-target="opener"').and.include('data-page-chooser-target="chosen" aria-live="polite">Section</strong>');
    expect(screen)
      .to.match(new RegExp(`id="dest-${section.id}" checked`))
      .and.include(`id="dest-${copied.id}"`)
      .and.not.include(`id="dest-${home.id}"`);
    const inSection = await answer(editor, `${PAGE_CHOOSER_URL}${section.id}/?user_perms=copy_to&target_pages=${copied.id}`);
    expect(inSection.parent).to.include({ id: section.id, selectable: true });
    expect(entryOf(inSection.results, copied.id)).to.include({ selectable: true });
    expect(entryOf((await answer(editor, `${PAGE_CHOOSER_URL}${home.id}/?user_perms=copy_to&target_pages=${copied.id}`)).results, section.id)).to.include({ selectable: true });
    expect((await answer(editor, `${PAGE_CHOOSER_URL}?user_perms=copy_to&target_pages=${copied.id}`)).parent).to.include({ selectable: false });

    const copy = await editor.post(`/wagtail/pages/${copied.id}/copy/`, { destination: String(copied.id), new_title: 'Copied again', new_slug: 'copied-again' });
    expect(copy.status, copy.body).to.equal(303);
  });

  it('refuses anonymous visitors at every chooser address, the old move chooser address gone', async () => {
    const { home } = await createTestSite(server.db);
    const anonymous = new AdminClient(server);
    for (const url of [PAGE_CHOOSER_URL, `${PAGE_CHOOSER_URL}${home.id}/`, `${PAGE_CHOOSER_URL}search/?q=home`]) {
      expect((await anonymous.get(url)).status, url).to.equal(403);
    }
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const page = await addChild(server.db, home, { title: 'Page', slug: 'page', pageType: 'content_page', content });
    expect((await admin.get(`/wagtail/pages/${page.id}/move/choose/`)).status).to.equal(404);
  });
});
