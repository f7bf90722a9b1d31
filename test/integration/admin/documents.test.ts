import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createMediaStorage, mediaRoot } from '../../../server/media-storage';
import { createDocument, documentUrl } from '../../../server/models/documents';
import { addChild } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { createCollection, grantCollection } from '../../support/collections';
import { postMultipart } from '../../support/form-upload';
import { request, startTestServer, type TestServer } from '../../support/server';

const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
// The local file header of a ZIP archive.
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), Buffer.alloc(40, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58, 0), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64, 0), Buffer.from('PE\0\0'), Buffer.alloc(100, 0)]);

describe('admin documents', () => {
  let server: TestServer;
  let storage: ReturnType<typeof createMediaStorage>;
  before(async () => {
    server = await startTestServer();
    storage = createMediaStorage(mediaRoot(server.config));
  });
  after(() => server.close());

  async function editorIn(collectionId: number, permissions: Parameters<typeof grantCollection>[3]) {
    const user = await createAdminUser(server.db);
    await grantCollection(server.db, user, collectionId, permissions);
    return { user, client: await signedInClient(server, user) };
  }

  const countRows = async (filename: string) => (await server.db.selectFrom('documents').select('id').where('filename', '=', filename).execute()).length;

  it('lists only documents of collections the user may add, change or delete in, with search, filter and ordering', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const other = await createCollection(server.db, 'Legal');
    const word = `chowder${uniqueSuffix()}`;
    const a = await createDocument(server.db, storage, { title: `${word} alpha`, filename: 'a.pdf', bytes: PDF(`a${word}`), collectionId: mine });
    const b = await createDocument(server.db, storage, { title: `${word} beta`, filename: 'b.pdf', bytes: PDF(`b${word}`), collectionId: mine });
    const hidden = await createDocument(server.db, storage, { title: `${word} hidden`, filename: 'c.pdf', bytes: PDF(`c${word}`), collectionId: other });
    const { client } = await editorIn(mine, ['change']);

    const list = await client.get(`/wagtail/documents/?q=${word}&ordering=title`);
    expect(list.status).to.equal(200);
    expect(list.body).to.include(`/wagtail/documents/edit/${a.id}/`).and.include(`/wagtail/documents/edit/${b.id}/`).and.not.include(`${word} hidden`);
    expect(list.body.indexOf(`${word} alpha`)).to.be.below(list.body.indexOf(`${word} beta`));
    const reversed = await client.get(`/wagtail/documents/?q=${word}&ordering=-title`);
    expect(reversed.body.indexOf(`${word} beta`)).to.be.below(reversed.body.indexOf(`${word} alpha`));
    expect((await client.get(`/wagtail/documents/?q=${word}&collection_id=${other}`)).body).to.not.include(`${word} hidden`);

    const superuser = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const filtered = await superuser.get(`/wagtail/documents/?q=${word}&collection_id=${other}`);
    expect(filtered.body).to.include(`/wagtail/documents/edit/${hidden.id}/`).and.not.include(`${word} alpha`);

    const nobody = await signedInClient(server, await createAdminUser(server.db));
    expect((await nobody.get('/wagtail/documents/')).status).to.equal(403);
    expect((await nobody.get('/wagtail/documents/add/')).status).to.equal(403);
    const chooserOnly = await editorIn(other, ['choose']);
    expect((await chooserOnly.client.get('/wagtail/documents/')).status).to.equal(403);
  });

  it('adds a document into a collection with add permission, titled after the file when no title is given', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const other = await createCollection(server.db, 'Legal');
    const { client } = await editorIn(mine, ['add']);
    const filename = `Winter menu ${uniqueSuffix()}.pdf`;
    const form = await client.get('/wagtail/documents/add/');
    expect(form.status).to.equal(200);
    expect(form.body).to.include(`value="${mine}"`).and.not.include(`value="${other}"`);

    const refused = await postMultipart(server, client, '/wagtail/documents/add/', { title: '', collection: String(other) }, [{ field: 'file', filename, bytes: PDF('refused') }]);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include('You do not have permission to use this collection.');
    expect(await countRows(filename)).to.equal(0);

    const added = await postMultipart(server, client, '/wagtail/documents/add/', { title: '', collection: String(mine) }, [{ field: 'file', filename, bytes: PDF('winter') }]);
    expect(added.status).to.equal(303);
    const row = await server.db.selectFrom('documents').selectAll().where('filename', '=', filename).executeTakeFirstOrThrow();
    expect(row).to.include({ title: filename.replace('.pdf', ''), collection_id: mine, content_type: 'application/pdf' });
    const download = await request(server, documentUrl(row));
    expect(download.headers['content-type']).to.equal('application/pdf');
    expect(download.headers['content-disposition']).to.equal(`attachment; filename="${filename}"`);
  });

  it('refuses a file whose content contradicts its name, markup and programs, leaving no row and no file', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const { client } = await editorIn(mine, ['add']);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['menu.pdf', ZIP, /named \.pdf but its content is of type ZIP/],
      ['menu.pdf', EXE, /is a program \(exe\)/],
      ['page.html', Buffer.from('<p>hi</p>'), /\.html files cannot be uploaded/],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), /\.svg files cannot be uploaded/],
      ['notes.txt', Buffer.from('<!doctype html><script>alert(1)</script>'), /holds HTML, SVG or XML markup/],
      ['table.csv', Buffer.from('dish,price\nsol\xe9,9\n', 'latin1'), /is not UTF-8 text/],
    ];
    for (const [filename, bytes, reason] of cases) {
      const unique = `${uniqueSuffix()}-${filename}`;
      const response = await postMultipart(server, client, '/wagtail/documents/add/', { title: 'Bad', collection: String(mine) }, [{ field: 'file', filename: unique, bytes }]);
      expect(response.status, filename).to.equal(400);
      expect(response.body, filename).to.match(reason);
      expect(await countRows(unique), filename).to.equal(0);
      const key = `documents/${createHash('sha256').update(bytes).digest('hex')}`;
      expect(await storage.exists(key), filename).to.equal(false);
    }
  });

  it('stores the same file once, and removes it only when its last document is deleted', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const { client } = await editorIn(mine, ['add', 'delete']);
    const bytes = PDF(`same-${uniqueSuffix()}`);
    const first = await createDocument(server.db, storage, { title: 'First', filename: 'first.pdf', bytes, collectionId: mine });
    const second = await createDocument(server.db, storage, { title: 'Second', filename: 'second.pdf', bytes, collectionId: mine });
    expect(first.file)
      .to.equal(second.file)
      .and.equal(`documents/${createHash('sha256').update(bytes).digest('hex')}`);

    expect((await client.post(`/wagtail/documents/delete/${first.id}/`)).status).to.equal(303);
    expect(await storage.exists(second.file)).to.equal(true);
    expect((await request(server, documentUrl(second))).status).to.equal(200);
    expect((await client.post(`/wagtail/documents/delete/${second.id}/`)).status).to.equal(303);
    expect(await storage.exists(second.file)).to.equal(false);
  });

  it('serves text documents with their type and charset', async () => {
    const csv = await createDocument(server.db, storage, { title: 'Prices', filename: 'prices.csv', bytes: Buffer.from('dish,price\nchowder,9\n') });
    const response = await request(server, documentUrl(csv));
    expect(response.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).to.equal('attachment; filename=prices.csv');
    expect(response.headers['x-content-type-options']).to.equal('nosniff');
  });

  it('edits title and collection and replaces the file with change permission, or as the uploader with add', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const second = await createCollection(server.db, 'Specials');
    const owner = await editorIn(mine, ['add']);
    await grantCollection(server.db, owner.user, second, ['add']);
    const stranger = await editorIn(mine, ['add']);
    const upload = await postMultipart(server, owner.client, '/wagtail/documents/add/', { title: 'Lunch', collection: String(mine) }, [
      { field: 'file', filename: 'lunch.pdf', bytes: PDF(`lunch-${uniqueSuffix()}`) },
    ]);
    expect(upload.status).to.equal(303);
    const document = await server.db.selectFrom('documents').selectAll().where('uploaded_by_user_id', '=', owner.user.id).executeTakeFirstOrThrow();

    expect((await stranger.client.get(`/wagtail/documents/edit/${document.id}/`)).status).to.equal(403);
    expect((await stranger.client.post(`/wagtail/documents/edit/${document.id}/`, { title: 'Hacked', collection: String(mine) })).status).to.equal(403);
    expect((await stranger.client.get(`/wagtail/documents/delete/${document.id}/`)).status).to.equal(403);
    expect((await stranger.client.post(`/wagtail/documents/delete/${document.id}/`)).status).to.equal(403);

    expect((await owner.client.get(`/wagtail/documents/edit/${document.id}/`)).body).to.include('lunch.pdf');
    const replacement = PDF(`dinner-${uniqueSuffix()}`);
    const edited = await postMultipart(server, owner.client, `/wagtail/documents/edit/${document.id}/`, { title: 'Dinner', collection: String(second) }, [
      { field: 'file', filename: 'dinner.pdf', bytes: replacement },
    ]);
    expect(edited.status).to.equal(303);
    const saved = await server.db.selectFrom('documents').selectAll().where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(saved).to.include({ title: 'Dinner', collection_id: second, filename: 'dinner.pdf' });
    expect(await storage.exists(document.file)).to.equal(false);
    expect((await request(server, documentUrl(saved))).body).to.equal(replacement.toString());

    const badFile = await postMultipart(server, owner.client, `/wagtail/documents/edit/${document.id}/`, { title: 'Dinner', collection: String(second) }, [
      { field: 'file', filename: 'dinner.pdf', bytes: ZIP },
    ]);
    expect(badFile.status).to.equal(400);
    expect((await server.db.selectFrom('documents').select('file').where('id', '=', document.id).executeTakeFirstOrThrow()).file).to.equal(saved.file);
  });

  it('shows usage on the usage and delete screens, for users who may edit or delete', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const document = await createDocument(server.db, storage, { title: 'Allergens', filename: 'allergens.pdf', bytes: PDF(`allergens-${uniqueSuffix()}`), collectionId: mine });
    const site = await createTestSite(server.db);
    await addChild(server.db, site.home, {
      title: 'Allergen info',
      slug: 'allergens',
      pageType: 'press_section_page',
      content: { media_download_tiles: [{ title: '', image: null, document: document.id }] },
    });
    const { client } = await editorIn(mine, ['change', 'delete']);
    const usage = await client.get(`/wagtail/documents/usage/${document.id}/`);
    expect(usage.status).to.equal(200);
    expect(usage.body).to.include('Allergen info').and.include('live page');
    const confirm = await client.get(`/wagtail/documents/delete/${document.id}/`);
    expect(confirm.body).to.include('Used on 1 page').and.include('Allergen info').and.include('Are you sure you want to delete this document?');
    const adder = await editorIn(mine, ['add']);
    expect((await adder.client.get(`/wagtail/documents/usage/${document.id}/`)).status).to.equal(403);
  });

  it('answers the multiple upload and chooser upload contracts', async () => {
    const mine = await createCollection(server.db, 'Menus');
    const other = await createCollection(server.db, 'Legal');
    const { client } = await editorIn(mine, ['add']);
    expect((await client.get('/wagtail/documents/multiple/add/')).status).to.equal(200);

    const uploaded = await postMultipart(
      server,
      client,
      '/wagtail/documents/multiple/add/',
      { collection: String(mine) },
      [{ field: 'files[]', filename: 'Brunch.pdf', bytes: PDF(`brunch-${uniqueSuffix()}`) }],
      { json: true },
    );
    expect(uploaded.status).to.equal(200);
    const body = uploaded.json<{ success: boolean; id: number; title: string; form: string }>();
    expect(body).to.include({ success: true, title: 'Brunch' });
    expect(body.form)
      .to.include(`action="/wagtail/documents/multiple/${body.id}/"`)
      .and.include(`formaction="/wagtail/documents/multiple/${body.id}/delete/"`)
      .and.include('csrfmiddlewaretoken');

    const renamed = await client.postJson(`/wagtail/documents/multiple/${body.id}/`, {});
    expect(renamed.status).to.equal(400);
    const update = await client.post(`/wagtail/documents/multiple/${body.id}/`, { title: 'Sunday brunch', collection: String(mine) });
    expect(update.json<{ success: boolean; form: string }>()).to.include({ success: true });
    expect(update.json<{ form: string }>().form).to.include('Sunday brunch');
    const blank = await client.post(`/wagtail/documents/multiple/${body.id}/`, { title: '', collection: String(mine) });
    expect(blank.status).to.equal(400);
    expect(blank.json<{ success: boolean; form: string }>().form).to.include('A document needs a title.');

    const wrong = await postMultipart(server, client, '/wagtail/documents/multiple/add/', { collection: String(mine) }, [{ field: 'files[]', filename: 'x.pdf', bytes: ZIP }], {
      json: true,
    });
    expect(wrong.status).to.equal(400);
    expect(wrong.json()).to.deep.include({ success: false });
    expect(wrong.json<{ error_message: string }>().error_message).to.match(/ZIP/);
    const elsewhere = await postMultipart(
      server,
      client,
      '/wagtail/documents/multiple/add/',
      { collection: String(other) },
      [{ field: 'files[]', filename: 'y.pdf', bytes: PDF('y') }],
      { json: true },
    );
    expect(elsewhere.status).to.equal(400);

    const stranger = await editorIn(mine, ['add']);
    expect((await stranger.client.post(`/wagtail/documents/multiple/${body.id}/delete/`)).status).to.equal(403);
    expect((await stranger.client.post(`/wagtail/documents/multiple/${body.id}/`, { title: 'Mine now', collection: String(mine) })).status).to.equal(403);
    const deleter = await editorIn(mine, ['delete']);
    expect((await deleter.client.post(`/wagtail/documents/multiple/${body.id}/delete/`)).json()).to.deep.equal({ success: true });

    const chosen = await postMultipart(
      server,
      client,
      '/wagtail/documents/chooser/upload/',
      { title: 'Kids menu', collection: String(mine) },
      [{ field: 'file', filename: 'kids.pdf', bytes: PDF(`kids-${uniqueSuffix()}`) }],
      { json: true },
    );
    expect(chosen.status).to.equal(201);
    expect(chosen.json<{ result: { id: number; title: string } }>().result.title).to.equal('Kids menu');
    const noFile = await postMultipart(server, client, '/wagtail/documents/chooser/upload/', { title: 'Nothing', collection: String(mine) }, [], { json: true });
    expect(noFile.status).to.equal(400);
    expect(noFile.json<{ errors: Record<string, string[]> }>().errors.file).to.deep.equal(['Choose a file to upload.']);
    const refusedCollection = await postMultipart(
      server,
      client,
      '/wagtail/documents/chooser/upload/',
      { title: 'X', collection: String(other) },
      [{ field: 'file', filename: 'x.pdf', bytes: PDF('x') }],
      { json: true },
    );
    expect(refusedCollection.status).to.equal(400);
    expect(refusedCollection.json<{ errors: Record<string, string[]> }>().errors.collection).to.have.length(1);
    const nobody = await signedInClient(server, await createAdminUser(server.db));
    expect(
      (
        await postMultipart(server, nobody, '/wagtail/documents/chooser/upload/', { title: 'X', collection: String(mine) }, [{ field: 'file', filename: 'x.pdf', bytes: PDF('x') }], {
          json: true,
        })
      ).status,
    ).to.equal(403);
  });
});
