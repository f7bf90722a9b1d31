import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { chooserResponseSchema } from '../../../admin-client/streamfield/schemas';
import { CHOOSER_PAGE_SIZE } from '../../../server/admin/chooser-data';
import { createMediaStorage, type MediaStorage } from '../../../server/media-storage';
import { getCollection, rootCollection } from '../../../server/models/collections';
import { createDocument } from '../../../server/models/documents';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestCollection, grantCollection } from '../../support/collections';
import { uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin collections', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-collections-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const superuserClient = async () => signedInClient(server, await createAdminUser(server.db, { superuser: true }));
  const addDocument = (collectionId: number, title = 'Menu') =>
    createDocument(server.db, storage, { title: `${title} ${uniqueSuffix()}`, filename: 'menu.pdf', bytes: Buffer.from(`%PDF-1.4 ${uniqueSuffix()}`), collectionId });
  const logEntries = (action: string, collectionId: number) =>
    server.db.selectFrom('admin_log_entries').selectAll().where('action', '=', action).where('object_type', '=', 'collection').where('object_id', '=', collectionId).execute();

  it('lists the tree indented with what each collection holds, for collection managers only', async () => {
    const parent = await createTestCollection(server.db, 'Menus');
    const child = await createTestCollection(server.db, 'Lunch', parent);
    await addDocument(child.id);
    await addDocument(child.id);
    const admin = await superuserClient();
    const list = await admin.get('/wagtail/collections/');
    expect(list.status).to.equal(200);
    expect(list.body).to.include('admin-collections__name--1').and.include('admin-collections__name--2');
    const childRow = list.body.slice(list.body.indexOf(`data-collection-id="${child.id}"`));
    expect(childRow.slice(0, childRow.indexOf('</tr>'))).to.include('2 documents');
    expect(list.body).to.include('(root, not editable)');

    const chooserOnly = await createAdminUser(server.db);
    await grantCollection(server.db, chooserOnly, parent, ['choose']);
    expect((await (await signedInClient(server, chooserOnly)).get('/wagtail/collections/')).status).to.equal(403);
    expect((await new AdminClient(server).get('/wagtail/collections/')).status).to.equal(302);
  });

  it('adds a collection under a parent where the user may add collections, refusing duplicates among siblings', async () => {
    const parent = await createTestCollection(server.db, 'Press');
    const adder = await createAdminUser(server.db);
    await grantCollection(server.db, adder, parent, ['add_collection']);
    const client = await signedInClient(server, adder);
    expect((await client.get('/wagtail/collections/add/')).status).to.equal(200);
    const name = `Kits ${uniqueSuffix()}`;
    expect((await client.post('/wagtail/collections/add/', { name, parent: String(parent.id) })).status).to.equal(303);
    const created = await server.db.selectFrom('collections').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
    expect(created.parent_id).to.equal(parent.id);
    expect(await logEntries('collection.create', created.id)).to.have.length(1);

    const duplicate = await client.post('/wagtail/collections/add/', { name: name.toUpperCase(), parent: String(parent.id) });
    expect(duplicate.status).to.equal(400);
    expect(duplicate.body).to.include('A collection with this name already exists in the parent collection.');

    const root = await rootCollection(server.db);
    const elsewhere = await client.post('/wagtail/collections/add/', { name: `Stray ${uniqueSuffix()}`, parent: String(root.id) });
    expect(elsewhere.status).to.equal(400);
    expect(elsewhere.body).to.include('You do not have permission to add a collection there.');

    const uploader = await createAdminUser(server.db);
    await grantCollection(server.db, uploader, parent, ['add', 'choose']);
    const refused = await signedInClient(server, uploader);
    expect((await refused.get('/wagtail/collections/add/')).status).to.equal(403);
    expect((await refused.post('/wagtail/collections/add/', { name: `Nope ${uniqueSuffix()}`, parent: String(parent.id) })).status).to.equal(403);
  });

  it('renames and moves a collection for users who may change it, never under itself or its descendants', async () => {
    const parent = await createTestCollection(server.db, 'Seasonal');
    const moving = await createTestCollection(server.db, 'Summer', parent);
    const below = await createTestCollection(server.db, 'July', moving);
    const target = await createTestCollection(server.db, 'Archive', parent);
    const changer = await createAdminUser(server.db);
    await grantCollection(server.db, changer, parent, ['add_collection', 'change_collection']);
    const client = await signedInClient(server, changer);

    const form = await client.get(`/wagtail/collections/${moving.id}/`);
    expect(form.status).to.equal(200);
    expect(form.body).to.match(new RegExp(`<option value="${below.id}"[^>]*disabled`));
    const underChild = await client.post(`/wagtail/collections/${moving.id}/`, { name: moving.name, parent: String(below.id) });
    expect(underChild.status).to.equal(400);
    expect(underChild.body).to.include('A collection cannot be moved under itself or one of its descendants.');
    expect((await client.post(`/wagtail/collections/${moving.id}/`, { name: moving.name, parent: String(moving.id) })).status).to.equal(400);
    expect((await getCollection(server.db, moving.id))?.parent_id).to.equal(parent.id);

    const renamed = `Summer menus ${uniqueSuffix()}`;
    expect((await client.post(`/wagtail/collections/${moving.id}/`, { name: renamed, parent: String(target.id) })).status).to.equal(303);
    expect(await getCollection(server.db, moving.id)).to.include({ name: renamed, parent_id: target.id });
    expect(await logEntries('collection.edit', moving.id)).to.have.length(1);
    expect(await logEntries('collection.move', moving.id)).to.have.length(1);

    for (const permissions of [['add_collection'], ['add', 'change', 'delete']] as const) {
      const other = await createAdminUser(server.db);
      await grantCollection(server.db, other, parent, permissions);
      const refused = await signedInClient(server, other);
      expect((await refused.get(`/wagtail/collections/${target.id}/`)).status, permissions.join()).to.equal(403);
      expect((await refused.post(`/wagtail/collections/${target.id}/`, { name: 'Taken over', parent: String(parent.id) })).status, permissions.join()).to.equal(403);
    }
    expect((await getCollection(server.db, target.id))?.name).to.equal(target.name);
  });

  it('never edits or deletes the root collection', async () => {
    const admin = await superuserClient();
    const root = await rootCollection(server.db);
    expect((await admin.get(`/wagtail/collections/${root.id}/`)).status).to.equal(403);
    expect((await admin.post(`/wagtail/collections/${root.id}/`, { name: 'Renamed root', parent: String(root.id) })).status).to.equal(403);
    expect((await admin.get(`/wagtail/collections/${root.id}/delete/`)).status).to.equal(403);
    expect((await admin.post(`/wagtail/collections/${root.id}/delete/`)).status).to.equal(403);
    expect((await getCollection(server.db, root.id))?.name).to.equal(root.name);
  });

  it('refuses to delete a collection holding media or child collections, saying what it holds', async () => {
    const parent = await createTestCollection(server.db, 'Events');
    const withDocument = await createTestCollection(server.db, 'Gala', parent);
    await addDocument(withDocument.id);
    const withChild = await createTestCollection(server.db, 'Festivals', parent);
    await createTestCollection(server.db, 'Lobster fest', withChild);
    const deleter = await createAdminUser(server.db);
    await grantCollection(server.db, deleter, parent, ['delete_collection']);
    const client = await signedInClient(server, deleter);

    const page = await client.get(`/wagtail/collections/${withDocument.id}/delete/`);
    expect(page.status).to.equal(200);
    expect(page.body).to.include('This collection cannot be deleted, because it is not empty. It contains:').and.include('1 document');
    expect((await client.post(`/wagtail/collections/${withDocument.id}/delete/`)).status).to.equal(403);
    expect(await getCollection(server.db, withDocument.id)).to.not.equal(undefined);
    const nested = await client.post(`/wagtail/collections/${withChild.id}/delete/`);
    expect(nested.status).to.equal(403);
    expect(nested.body).to.include('1 child collection');
    expect(await getCollection(server.db, withChild.id)).to.not.equal(undefined);

    const empty = await createTestCollection(server.db, 'Empty', parent);
    for (const permissions of [['add_collection', 'change_collection'], ['delete']] as const) {
      const other = await createAdminUser(server.db);
      await grantCollection(server.db, other, parent, permissions);
      const refused = await signedInClient(server, other);
      expect((await refused.get(`/wagtail/collections/${empty.id}/delete/`)).status, permissions.join()).to.equal(403);
      expect((await refused.post(`/wagtail/collections/${empty.id}/delete/`)).status, permissions.join()).to.equal(403);
    }

    expect((await client.get(`/wagtail/collections/${empty.id}/delete/`)).body).to.include('Are you sure you want to delete this collection?');
    expect((await client.post(`/wagtail/collections/${empty.id}/delete/`)).status).to.equal(303);
    expect(await getCollection(server.db, empty.id)).to.equal(undefined);
    expect(await logEntries('collection.delete', empty.id)).to.have.length(1);
  });

  it('lets a grant on a parent collection choose media in its child collections, with a collection filter and pages', async () => {
    const parent = await createTestCollection(server.db, 'Brand');
    const child = await createTestCollection(server.db, 'Logos', parent);
    const other = await createTestCollection(server.db, 'Private');
    const word = `Chooserdoc${uniqueSuffix().replace(/\W/g, '')}`;
    for (let index = 0; index < CHOOSER_PAGE_SIZE + 1; index += 1) await addDocument(child.id, `${word} ${index}`);
    const hidden = await addDocument(other.id, word);
    const chooser = await createAdminUser(server.db);
    await grantCollection(server.db, chooser, parent, ['choose']);
    const client = await signedInClient(server, chooser);
    const answer = async (query: string) => {
      const response = await client.get(`/wagtail/documents/chooser/?${query}`);
      expect(response.status).to.equal(200);
      return chooserResponseSchema.parse(JSON.parse(response.body));
    };
    const first = await answer(`q=${word}`);
    expect(first.results).to.have.length(CHOOSER_PAGE_SIZE);
    expect(first).to.include({ page: 1, num_pages: 2, can_choose: true, can_upload: false });
    expect(first.collections.map((collection) => collection.id)).to.deep.equal([parent.id, child.id]);
    const second = await answer(`q=${word}&p=2`);
    expect(second.results).to.have.length(1);
    expect(second.results.map((result) => result.id)).to.not.include(hidden.id);
    expect((await answer(`q=${word}&collection_id=${parent.id}`)).results).to.have.length(0);
    expect((await answer(`q=${word}&collection_id=${child.id}`)).num_pages).to.equal(2);
    expect((await answer(`q=${word}&collection_id=${other.id}`)).results).to.have.length(0);

    const uploader = await createAdminUser(server.db);
    await grantCollection(server.db, uploader, child, ['add']);
    const upload = chooserResponseSchema.parse(JSON.parse((await (await signedInClient(server, uploader)).get('/wagtail/images/chooser/')).body));
    expect(upload).to.include({ can_upload: true, can_choose: true });
    expect(upload.upload_collections.map((collection) => collection.id)).to.deep.equal([child.id]);

    const nobody = await createAdminUser(server.db);
    const none = chooserResponseSchema.parse(JSON.parse((await (await signedInClient(server, nobody)).get(`/wagtail/documents/chooser/?q=${word}`)).body));
    expect(none).to.include({ can_choose: false, can_upload: false });
    expect(none.results).to.have.length(0);
  });

  it('shows media and collections in the menu only to users who may use them, and links the dashboard counts', async () => {
    const admin = await superuserClient();
    const dashboard = await admin.get('/wagtail/');
    for (const link of ['/wagtail/images/', '/wagtail/documents/', '/wagtail/videos/', '/wagtail/collections/', '/wagtail/users/'])
      expect(dashboard.body, link).to.include(`href="${link}"`);
    expect(dashboard.body).to.match(/<a href="\/wagtail\/images\/"><strong>\d+<\/strong> Images<\/a>/);
    expect(dashboard.body).to.match(/<a href="\/wagtail\/documents\/"><strong>\d+<\/strong> Documents<\/a>/);
    expect(dashboard.body).to.include('<summary>Settings</summary>');

    const plain = await signedInClient(server, await createAdminUser(server.db));
    const plainBody = (await plain.get('/wagtail/')).body;
    for (const link of ['/wagtail/images/', '/wagtail/collections/', '/wagtail/users/']) expect(plainBody, link).to.not.include(`href="${link}"`);

    const chooserUser = await createAdminUser(server.db);
    await grantCollection(server.db, chooserUser, await rootCollection(server.db), ['choose']);
    const chooserBody = (await (await signedInClient(server, chooserUser)).get('/wagtail/')).body;
    expect(chooserBody).to.include('<li><a href="/wagtail/images/"');
    expect(chooserBody).to.not.include('href="/wagtail/collections/"');
  });

  it('refuses collections to an Editor, whose media grants are add and choose: no listing, no menu link, no adding', async () => {
    const root = await rootCollection(server.db);
    const editor = await createAdminUser(server.db);
    await grantCollection(server.db, editor, root, ['add', 'choose']);
    const client = await signedInClient(server, editor);
    const name = `Editors' own ${uniqueSuffix()}`;
    expect((await client.get('/wagtail/collections/')).status).to.equal(403);
    expect((await client.get('/wagtail/collections/add/')).status).to.equal(403);
    expect((await client.post('/wagtail/collections/add/', { name, parent: String(root.id) })).status).to.equal(403);
    expect(await server.db.selectFrom('collections').select('id').where('name', '=', name).executeTakeFirst()).to.equal(undefined);
    const dashboard = (await client.get('/wagtail/')).body;
    expect(dashboard).to.include('href="/wagtail/images/"').and.not.include('href="/wagtail/collections/"');
  });

  it('offers "Add a collection" only to users who may add collections somewhere', async () => {
    const collection = await createTestCollection(server.db, 'Offers');
    const changer = await createAdminUser(server.db);
    await grantCollection(server.db, changer, collection, ['change_collection']);
    const changing = await (await signedInClient(server, changer)).get('/wagtail/collections/');
    expect(changing.status).to.equal(200);
    expect(changing.body).to.include(`/wagtail/collections/${collection.id}/`).and.not.include('Add a collection');
    const adder = await createAdminUser(server.db);
    await grantCollection(server.db, adder, collection, ['add_collection']);
    expect((await (await signedInClient(server, adder)).get('/wagtail/collections/')).body).to.include('Add a collection');
  });

  it('lets a grant to manage one collection manage it and its descendants only, as Wagtail', async () => {
    const root = await rootCollection(server.db);
    const marketing = await createTestCollection(server.db, 'Marketing');
    const digital = await createTestCollection(server.db, 'Digital', marketing);
    const mail = await createTestCollection(server.db, 'Direct mail', marketing);
    const finance = await createTestCollection(server.db, 'Finance');
    const manager = await createAdminUser(server.db);
    await grantCollection(server.db, manager, marketing, ['add_collection', 'change_collection', 'delete_collection']);
    const client = await signedInClient(server, manager);

    const listing = (await client.get('/wagtail/collections/')).body;
    for (const shown of [marketing, digital, mail]) expect(listing).to.include(`data-collection-id="${shown.id}"`);
    expect(listing).to.not.include(`data-collection-id="${finance.id}"`);

    const addUnder = (parent: { id: number }) => client.post('/wagtail/collections/add/', { name: `Affiliates ${uniqueSuffix()}`, parent: String(parent.id) });
    expect((await addUnder(marketing)).status).to.equal(303);
    expect((await addUnder(digital)).status).to.equal(303);
    for (const outside of [root, finance]) expect((await addUnder(outside)).body).to.include('You do not have permission to add a collection there.');

    for (const mine of [marketing, digital]) expect((await client.get(`/wagtail/collections/${mine.id}/privacy/`)).status).to.equal(200);
    expect((await client.post(`/wagtail/collections/${digital.id}/privacy/`, { restriction: 'login' })).status).to.equal(303);
    for (const path of [`/wagtail/collections/${finance.id}/`, `/wagtail/collections/${finance.id}/privacy/`, `/wagtail/collections/${finance.id}/delete/`])
      expect((await client.get(path)).status, path).to.equal(403);

    // The collection the grant was given on may be renamed but stays where it is, and is not deleted.
    const form = (await client.get(`/wagtail/collections/${marketing.id}/`)).body;
    expect(form).to.include('This collection stays under its parent').and.include(`<option value="${root.id}"`).and.not.include(`<option value="${digital.id}"`);
    const renamed = `Marketing ${uniqueSuffix()}`;
    expect((await client.post(`/wagtail/collections/${marketing.id}/`, { name: renamed, parent: String(root.id) })).status).to.equal(303);
    const stays = await client.post(`/wagtail/collections/${marketing.id}/`, { name: renamed, parent: String(digital.id) });
    expect(stays.status).to.equal(400);
    expect(stays.body).to.include('This collection cannot be moved: your permissions to manage collections were given on it.');
    expect(await getCollection(server.db, marketing.id)).to.include({ name: renamed, parent_id: root.id });
    expect((await client.post(`/wagtail/collections/${marketing.id}/delete/`)).status).to.equal(403);

    expect((await client.post(`/wagtail/collections/${digital.id}/`, { name: digital.name, parent: String(mail.id) })).status).to.equal(303);
    expect((await getCollection(server.db, digital.id))?.parent_id).to.equal(mail.id);
    expect((await client.post(`/wagtail/collections/${finance.id}/`, { name: 'Taken over', parent: String(root.id) })).status).to.equal(403);
    expect((await client.post(`/wagtail/collections/${mail.id}/delete/`)).status).to.equal(403);
    const empty = await createTestCollection(server.db, 'Spare', mail);
    expect((await client.post(`/wagtail/collections/${empty.id}/delete/`)).status).to.equal(303);
    expect(await getCollection(server.db, empty.id)).to.equal(undefined);
  });

  it('shows the collection tree with Wagtail labels on the group form', async () => {
    const parent = await createTestCollection(server.db, 'Group form');
    await createTestCollection(server.db, 'Nested', parent);
    const body = (await (await superuserClient()).get('/wagtail/groups/add/')).body;
    expect(body).to.include('Collection permissions (images, documents, videos)');
    for (const label of ['Add', 'Change', 'Choose', 'Delete']) expect(body).to.include(`<th scope="col">${label}</th>`);
    expect(body).to.include('\u00a0\u00a0\u00a0\u00a0\u21b3 Nested');
  });
});
