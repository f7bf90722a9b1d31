import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMediaStorage, type MediaStorage } from '../../../server/media-storage';
import { createImage } from '../../../server/models/images';
import { solidImage } from '../../support/images';
import { expect } from 'chai';
import { chooserResponseSchema } from '../../../admin-client/streamfield/schemas';
import { getSnippet } from '../../../server/models/snippets/store';
import { addChild } from '../../../server/models/pages';
import { createAdminUser, signedInClient, AdminClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';
import type { ObjectPermission } from '../../../server/db/schema';
import type { PermissionModel } from '../../../server/models/object-permissions';

describe('admin snippets', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-snippets-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const clientWith = async (model: PermissionModel, permissions: readonly ObjectPermission[]) =>
    signedInClient(server, await createAdminUser(server.db, { objectPermissions: [{ model, permissions }] }));
  const superuser = async () => signedInClient(server, await createAdminUser(server.db, { superuser: true }));
  const navigationUrl = '/wagtail/snippets/snippets/tierednavigation/';
  const countryUrl = '/wagtail/snippets/snippets/country/';
  const toolboxUrl = '/wagtail/snippets/snippets/toolboxsnippet/';

  async function addNavigation(client: AdminClient, name: string, fields: Record<string, string> = {}): Promise<number> {
    const response = await client.post(`${navigationUrl}add/`, { name, heading: '', root_page_id: '', ...fields });
    expect(response.status, response.body).to.equal(303);
    const row = await server.db.selectFrom('tiered_navigations').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  }

  it('lists the snippet models with their counts, only those the user holds a permission on', async () => {
    const admin = await superuser();
    const index = await admin.get('/wagtail/snippets/');
    expect(index.status).to.equal(200);
    expect(index.body).to.include('Toolbox snippets').and.include('Countries').and.include('Tiered navigations');
    expect(index.body).to.include(`href="${navigationUrl}"`);

    const countriesOnly = await clientWith('country', ['change']);
    const limited = await countriesOnly.get('/wagtail/snippets/');
    expect(limited.status).to.equal(200);
    expect(limited.body).to.include('Countries').and.not.include('Tiered navigations');

    const nobody = await signedInClient(server, await createAdminUser(server.db));
    expect((await nobody.get('/wagtail/snippets/')).status).to.equal(403);
    expect((await nobody.get(navigationUrl)).status).to.equal(403);
    expect((await new AdminClient(server).get('/wagtail/snippets/')).status).to.equal(302);
    expect((await admin.get('/wagtail/snippets/snippets/nothing/')).status).to.equal(404);
  });

  it('goes back to the search a snippet was edited from, when the form carries it as next', async () => {
    const admin = await superuser();
    const name = `Back ${uniqueSuffix()}`;
    const id = await addNavigation(admin, name);
    const back = `${navigationUrl}?q=${encodeURIComponent(name)}`;
    const saved = await admin.post(`${navigationUrl}edit/${id}/`, { name: `${name} renamed`, heading: '', root_page_id: '', next: back });
    expect(saved.status).to.equal(303);
    expect(saved.headers.location).to.equal(back);
    const deleted = await admin.post(`${navigationUrl}delete/${id}/?next=${encodeURIComponent('https://evil.example/')}`);
    expect(deleted.headers.location).to.equal(navigationUrl);
  });

  it('lists a model with search and pages', async () => {
    const admin = await superuser();
    const tag = uniqueSuffix();
    for (let index = 0; index < 22; index += 1) await addNavigation(admin, `Paged ${tag} ${String(index).padStart(2, '0')}`);
    const flashed = await admin.get(navigationUrl);
    expect(flashed.body).to.include(`Tiered navigation &#x27;Paged ${tag} 21&#x27; created.`);
    const first = await admin.get(`${navigationUrl}?q=${encodeURIComponent(`paged ${tag}`)}`);
    expect(first.status).to.equal(200);
    expect(first.body).to.include('There are 22 matches').and.include('Page 1 of 2').and.include(`Paged ${tag} 00`).and.not.include(`Paged ${tag} 21`);
    const second = await admin.get(`${navigationUrl}?q=${encodeURIComponent(`paged ${tag}`)}&p=2`);
    expect(second.body).to.include(`Paged ${tag} 21`).and.include('Page 2 of 2');
    const none = await admin.get(`${navigationUrl}?q=nothing-${tag}`);
    expect(none.body).to.include('Sorry, no snippets match your query.');
  });

  it('adds a snippet for users with add permission, refusing bad input beside the field and keeping what was typed', async () => {
    const adder = await clientWith('country', ['add']);
    expect((await adder.get(`${countryUrl}add/`)).status).to.equal(200);
    const bad = await adder.post(`${countryUrl}add/`, { code: 'USA1', printable_name: 'Typed name', root_url: '' });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include('Enter the two-letter country code, e.g. US.').and.include('value="Typed name"');
    const code = String.fromCharCode(65 + Math.floor(Math.random() * 26), 65 + Math.floor(Math.random() * 26));
    await server.db.deleteFrom('countries').where('code', '=', code).execute();
    const good = await adder.post(`${countryUrl}add/`, { code: code.toLowerCase(), printable_name: `Land ${code}`, root_url: 'https://example.com/' });
    expect(good.status).to.equal(303);
    const stored = await server.db.selectFrom('countries').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(stored.printable_name).to.equal(`Land ${code}`);
    const duplicate = await adder.post(`${countryUrl}add/`, { code, printable_name: 'Again', root_url: '' });
    expect(duplicate.status).to.equal(400);
    expect(duplicate.body).to.include('A country with this code already exists.');
    // May add, may not change or delete.
    expect((await adder.get(`${countryUrl}edit/${stored.id}/`)).status).to.equal(403);
    expect((await adder.post(`${countryUrl}delete/${stored.id}/`)).status).to.equal(403);
    await server.db.deleteFrom('countries').where('id', '=', stored.id).execute();

    const changer = await clientWith('country', ['change']);
    expect((await changer.get(`${countryUrl}add/`)).status).to.equal(403);
    expect((await changer.post(`${countryUrl}add/`, { code: 'ZZ', printable_name: 'No' })).status).to.equal(403);
  });

  it('edits with a revision and an audit entry each time, and lists them in the history', async () => {
    const admin = await superuser();
    const name = `Edited ${uniqueSuffix()}`;
    const id = await addNavigation(admin, name);
    const changer = await clientWith('tiered_navigation', ['change']);
    expect((await changer.get(`${navigationUrl}edit/${id}/`)).status).to.equal(200);
    const { home } = await createTestSite(server.db);
    const saved = await changer.post(`${navigationUrl}edit/${id}/`, { name: `${name} v2`, heading: 'Sections', root_page_id: String(home.id) });
    expect(saved.status).to.equal(303);
    expect((await getSnippet(server.db, 'tiered_navigation', id))?.fields).to.deep.equal({ name: `${name} v2`, heading: 'Sections', root_page_id: home.id });

    const revisions = await server.db.selectFrom('snippet_revisions').selectAll().where('model', '=', 'tiered_navigation').where('object_id', '=', id).orderBy('id').execute();
    expect(revisions.map((revision) => revision.content.name)).to.deep.equal([name, `${name} v2`]);
    const log = await server.db.selectFrom('admin_log_entries').select('action').where('object_type', '=', 'tiered_navigation').where('object_id', '=', id).orderBy('id').execute();
    expect(log.map((entry) => entry.action)).to.deep.equal(['snippet.create', 'snippet.edit']);

    const history = await changer.get(`${navigationUrl}history/${id}/`);
    expect(history.status).to.equal(200);
    expect(history.body).to.include('Created').and.include('Edited').and.include(`Name: ${name} v2`).and.include(`Name: ${name}`).and.include('Root page: Test Home');
    expect(history.body.match(/data-revision-id=/g)).to.have.length(2);

    const adderOnly = await clientWith('tiered_navigation', ['add']);
    expect((await adderOnly.post(`${navigationUrl}edit/${id}/`, { name: 'No', heading: '', root_page_id: '' })).status).to.equal(403);
    const countryUser = await clientWith('country', ['change']);
    expect((await countryUser.get(`${navigationUrl}history/${id}/`)).status).to.equal(403);
    expect((await admin.get(`${navigationUrl}edit/999999/`)).status).to.equal(404);
  });

  it('copies: the add form filled with the original, saved as a new object', async () => {
    const admin = await superuser();
    const name = `Original ${uniqueSuffix()}`;
    const id = await addNavigation(admin, name, { heading: 'Copied heading' });
    const copier = await clientWith('tiered_navigation', ['add']);
    const form = await copier.get(`${navigationUrl}copy/${id}/`);
    expect(form.status).to.equal(200);
    expect(form.body).to.include(`value="${name}"`).and.include('value="Copied heading"').and.include(`action="${navigationUrl}add/"`);
    const saved = await copier.post(`${navigationUrl}add/`, { name: `${name} copy`, heading: 'Copied heading', root_page_id: '' });
    expect(saved.status).to.equal(303);
    const rows = await server.db.selectFrom('tiered_navigations').selectAll().where('name', 'like', `${name}%`).orderBy('id').execute();
    expect(rows.map((row) => row.name)).to.deep.equal([name, `${name} copy`]);
    expect((await (await clientWith('tiered_navigation', ['change'])).get(`${navigationUrl}copy/${id}/`)).status).to.equal(403);
  });

  it('shows where a snippet is used, on the usage screen and before deleting it', async () => {
    const admin = await superuser();
    const id = await addNavigation(admin, `Used ${uniqueSuffix()}`);
    const { home } = await createTestSite(server.db, { homeBody: [{ id: 'nav', type: 'tiered_nav', value: { heading: '', navigation: id, root_page: null } }] });
    await server.db.updateTable('pages').set({ live: true }).where('id', '=', home.id).execute();
    const usage = await admin.get(`${navigationUrl}usage/${id}/`);
    expect(usage.status).to.equal(200);
    expect(usage.body).to.include('Test Home').and.include(`/wagtail/pages/${home.id}/edit/`).and.include('Home page');

    const deleter = await clientWith('tiered_navigation', ['delete']);
    const confirm = await deleter.get(`${navigationUrl}delete/${id}/`);
    expect(confirm.status).to.equal(200);
    expect(confirm.body).to.include('This tiered navigation is referenced 1 time.').and.include('Test Home').and.include('Are you sure you want to delete this tiered navigation?');
    expect((await (await clientWith('tiered_navigation', ['change'])).post(`${navigationUrl}delete/${id}/`)).status).to.equal(403);
    const deleted = await deleter.post(`${navigationUrl}delete/${id}/`);
    expect(deleted.status).to.equal(303);
    expect(await getSnippet(server.db, 'tiered_navigation', id)).to.equal(undefined);
    expect(await server.db.selectFrom('snippet_revisions').select('id').where('model', '=', 'tiered_navigation').where('object_id', '=', id).execute()).to.deep.equal([]);
    const log = await server.db
      .selectFrom('admin_log_entries')
      .select('action')
      .where('object_type', '=', 'tiered_navigation')
      .where('object_id', '=', id)
      .where('action', '=', 'snippet.delete')
      .execute();
    expect(log).to.have.length(1);
  });

  it('lists an image used in a toolbox snippet body among its usage', async () => {
    const admin = await superuser();
    const image = await createImage(server.db, storage, { title: `Pic ${uniqueSuffix()}`, bytes: await solidImage(8, 8) });
    const title = `Toolbox ${uniqueSuffix()}`;
    const body = JSON.stringify([{ id: 'b1', type: 'image', value: { image: image.id, title: '', container_width: 'full' } }]);
    const saved = await admin.post(`${toolboxUrl}add/`, { title, body });
    expect(saved.status, saved.body).to.equal(303);
    const usage = await admin.get(`/wagtail/images/usage/${image.id}/`);
    expect(usage.body).to.include(title);
  });

  it('answers the chooser with the matching snippets for signed-in editors', async () => {
    const admin = await superuser();
    const tag = uniqueSuffix();
    const id = await addNavigation(admin, `Chooser ${tag}`);
    const editor = await signedInClient(server, await createAdminUser(server.db));
    const answer = await request(server, `/wagtail/snippets/choose/snippets/tierednavigation/?q=${encodeURIComponent(`chooser ${tag}`)}`, {
      headers: { cookie: editor.jar.header(), accept: 'application/json' },
    });
    expect(answer.status).to.equal(200);
    const body = chooserResponseSchema.parse(JSON.parse(answer.body));
    expect(body.results).to.deep.equal([{ id, title: `Chooser ${tag}` }]);
    expect(body.can_upload).to.equal(false);
    const anonymous = await request(server, '/wagtail/snippets/choose/snippets/tierednavigation/', { headers: { accept: 'application/json' } });
    expect(anonymous.status).to.equal(403);
    // Access withdrawn after sign-in: the session stays, the chooser no longer answers.
    const withdrawn = await createAdminUser(server.db);
    const noAdmin = await signedInClient(server, withdrawn);
    await server.db
      .updateTable('groups')
      .set({ can_access_admin: false })
      .where('id', 'in', server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', withdrawn.id))
      .execute();
    expect((await request(server, '/wagtail/snippets/choose/snippets/tierednavigation/', { headers: { cookie: noAdmin.jar.header(), accept: 'application/json' } })).status).to.equal(
      403,
    );
  });

  it('shows the navigation a tiered-nav block refers to on the site, and a change at once', async () => {
    const admin = await superuser();
    const { home, hostname } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Menus', slug: 'menus', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const other = await addChild(server.db, home, { title: 'Catering', slug: 'catering', pageType: 'content_page', content: { body: [], confirmation: [] } });
    await addChild(server.db, section, { title: 'Lunch', slug: 'lunch', pageType: 'content_page', content: { body: [], confirmation: [] } });
    await addChild(server.db, other, { title: 'Weddings', slug: 'weddings', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const id = await addNavigation(admin, `Site nav ${uniqueSuffix()}`, { heading: 'Explore the menus', root_page_id: String(section.id) });
    const page = await addChild(server.db, home, {
      title: 'Map',
      slug: 'map',
      pageType: 'content_page',
      content: { body: [{ id: 'nav', type: 'tiered_nav', value: { heading: '', navigation: id, root_page: null } }], confirmation: [] },
    });
    expect(page.live).to.equal(true);
    const before = await request(server, '/map/', { host: hostname });
    expect(before.body).to.include('Explore the menus').and.include('Lunch').and.not.include('Weddings');
    await admin.post(`${navigationUrl}edit/${id}/`, { name: 'Site nav', heading: 'Explore everything', root_page_id: '' });
    const after = await request(server, '/map/', { host: hostname });
    expect(after.body).to.include('Explore everything').and.include('Weddings');
  });

  it('shows a toolbox snippet where a block places it, follows its edits, and never shows it within itself', async () => {
    const admin = await superuser();
    const title = `Notice ${uniqueSuffix()}`;
    const body = (text: string, extra: unknown[] = []) => JSON.stringify([{ id: 'text', type: 'rich_text', value: { alignment: 'left', html: `<p>${text}</p>` } }, ...extra]);
    expect((await admin.post(`${toolboxUrl}add/`, { title, body: body('Shellfish is cooked here.') })).status).to.equal(303);
    const { id } = await server.db.selectFrom('toolbox_snippets').select('id').where('title', '=', title).executeTakeFirstOrThrow();
    const { home, hostname } = await createTestSite(server.db);
    await addChild(server.db, home, {
      title: 'Allergens',
      slug: 'allergens',
      pageType: 'content_page',
      content: { body: [{ id: 'notice', type: 'toolbox_snippet', value: { snippet: id } }], confirmation: [] },
    });
    expect((await request(server, '/allergens/', { host: hostname })).body).to.include('Shellfish is cooked here.');

    const selfReference = [{ id: 'self', type: 'toolbox_snippet', value: { snippet: id } }];
    expect((await admin.post(`${toolboxUrl}edit/${id}/`, { title, body: body('Ask your server about allergens.', selfReference) })).status).to.equal(303);
    const page = await request(server, '/allergens/', { host: hostname });
    expect(page.status).to.equal(200);
    // Once in the markup (the props JSON beside it escapes its angle brackets).
    expect(page.body.match(/<p>Ask your server about allergens\.<\/p>/g)).to.have.length(1);

    const usage = await admin.get(`${toolboxUrl}usage/${id}/`);
    expect(usage.body).to.include('Allergens');
  });

  it('names countries on the directory by their country snippets', async () => {
    const admin = await superuser();
    const { home, hostname } = await createTestSite(server.db);
    // A code no other test uses: the countries table is shared by the files running beside this one.
    const taken = new Set((await server.db.selectFrom('countries').select('code').execute()).map((row) => row.code));
    const code = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => `Q${letter}`).find((candidate) => !taken.has(candidate))!;
    const country = await server.db.insertInto('countries').values({ code, printable_name: 'Old name' }).returning('id').executeTakeFirstOrThrow();
    try {
      await addChild(server.db, home, { title: 'Directory', slug: 'directory', pageType: 'locations_state_list_page', content: { country: code } });
      expect((await request(server, '/directory/', { host: hostname })).body).to.include('All Old name Locations');
      expect((await admin.post(`${countryUrl}edit/${country.id}/`, { code, printable_name: 'New name', root_url: '' })).status).to.equal(303);
      expect((await request(server, '/directory/', { host: hostname })).body).to.include('All New name Locations');
    } finally {
      await server.db.deleteFrom('countries').where('id', '=', country.id).execute();
    }
  });
});
