import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Collection, Document } from '../../../server/db/schema';
import { createMediaStorage, type MediaStorage } from '../../../server/media-storage';
import { rootCollection } from '../../../server/models/collections';
import { createDocument } from '../../../server/models/documents';
import { restrictionsForCollection } from '../../../server/models/view-restrictions';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestCollection, grantCollection } from '../../support/collections';
import { uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('collection privacy', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-collection-privacy-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const addDocument = (collection: Collection) =>
    createDocument(server.db, storage, { title: `Price list ${uniqueSuffix()}`, filename: 'prices.pdf', bytes: Buffer.from(`%PDF-1.4 ${uniqueSuffix()}`), collectionId: collection.id });
  const documentUrl = (document: Document) => `/documents/${document.id}/${document.filename}`;
  const superuserClient = async () => signedInClient(server, await createAdminUser(server.db, { superuser: true }));

  it('returns to the collection it was set from when the form carries a next address', async () => {
    const collection = await createTestCollection(server.db, 'Back office');
    const admin = await superuserClient();
    const back = `/wagtail/collections/${collection.id}/`;
    const saved = await admin.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'login', next: back });
    expect(saved.status).to.equal(303);
    expect(saved.headers.location).to.equal(back);
    expect((await restrictionsForCollection(server.db, collection.id)).map((restriction) => restriction.restriction_type)).to.deep.equal(['login']);
  });

  it('lets users who may change a collection set its privacy, and refuses the others and the root', async () => {
    const collection = await createTestCollection(server.db, 'Staff');
    const changer = await createAdminUser(server.db);
    await grantCollection(server.db, changer, collection, ['change_collection']);
    const client = await signedInClient(server, changer);
    const form = await client.get(`/wagtail/collections/${collection.id}/privacy/`);
    expect(form.status).to.equal(200);
    expect(form.body).to.include('Private, accessible to logged-in users').and.include('Private, accessible to users in specific groups');
    expect((await client.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'password', password: '' })).status).to.equal(400);
    expect((await client.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'groups' })).status).to.equal(400);
    expect((await client.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'login' })).status).to.equal(303);
    expect((await restrictionsForCollection(server.db, collection.id)).map((restriction) => restriction.restriction_type)).to.deep.equal(['login']);
    const logged = await server.db
      .selectFrom('admin_log_entries')
      .selectAll()
      .where('action', '=', 'collection.view_restriction.create')
      .where('object_id', '=', collection.id)
      .execute();
    expect(logged).to.have.length(1);

    // The demo's Moderators hold every media permission, and no permission to manage collections.
    const moderator = await createAdminUser(server.db);
    await grantCollection(server.db, moderator, collection, ['add', 'change', 'choose', 'delete']);
    const refused = await signedInClient(server, moderator);
    expect((await refused.get(`/wagtail/collections/${collection.id}/privacy/`)).status).to.equal(403);
    expect((await refused.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'public' })).status).to.equal(403);
    expect(await restrictionsForCollection(server.db, collection.id)).to.have.length(1);
    const root = await rootCollection(server.db);
    expect((await (await superuserClient()).get(`/wagtail/collections/${root.id}/privacy/`)).status).to.equal(403);
  });

  it('sends anonymous visitors of a login-restricted collection to sign in, also for documents of its child collections', async () => {
    const parent = await createTestCollection(server.db, 'Internal');
    const child = await createTestCollection(server.db, 'Memos', parent);
    const document = await addDocument(child);
    const admin = await superuserClient();
    const open = await new AdminClient(server).get(documentUrl(document));
    expect(open.status).to.equal(200);
    expect(String(open.headers['cache-control'])).to.not.include('private');

    expect((await admin.post(`/wagtail/collections/${parent.id}/privacy/`, { restriction: 'login' })).status).to.equal(303);
    const anonymous = await new AdminClient(server).get(documentUrl(document));
    expect(anonymous.status).to.equal(302);
    expect(anonymous.headers.location).to.equal(`/_util/login/?next=${encodeURIComponent(documentUrl(document))}`);
    expect(String(anonymous.headers['cache-control'])).to.include('private');
    const signedIn = await admin.get(documentUrl(document));
    expect(signedIn.status).to.equal(200);
    expect(String(signedIn.headers['cache-control'])).to.include('private').and.not.include('public');
    expect((await admin.get(`/wagtail/collections/${child.id}/privacy/`)).body).to.include('A parent collection is already restricted');
  });

  it('asks for the password of a password-restricted collection and remembers it in the session', async () => {
    const collection = await createTestCollection(server.db, 'Press kit');
    const document = await addDocument(collection);
    const admin = await superuserClient();
    expect((await admin.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'password', password: 'lobster-2026' })).status).to.equal(303);
    const [restriction] = await restrictionsForCollection(server.db, collection.id);

    const visitor = new AdminClient(server);
    const refused = await visitor.get(documentUrl(document));
    expect(refused.status).to.equal(302);
    const formUrl = `/documents/authenticate_with_password/${restriction!.id}/?return_url=${encodeURIComponent(documentUrl(document))}`;
    expect(refused.headers.location).to.equal(formUrl);
    const form = await visitor.get(formUrl);
    expect(form.status).to.equal(200);
    expect(form.body).to.include(`/documents/authenticate_with_password/${restriction!.id}/`);
    const action = `/documents/authenticate_with_password/${restriction!.id}/`;
    const wrong = await visitor.post(action, { password: 'crab', return_url: documentUrl(document) });
    expect(wrong.status).to.equal(400);
    expect(wrong.body).to.include('The password you have entered is not correct.');
    expect((await visitor.post(action, { password: 'lobster-2026', return_url: documentUrl(document) }, { csrf: false })).status).to.equal(403);
    const right = await visitor.post(action, { password: 'lobster-2026', return_url: documentUrl(document) });
    expect(right.status).to.equal(303);
    expect(right.headers.location).to.equal(documentUrl(document));
    const download = await visitor.get(documentUrl(document));
    expect(download.status).to.equal(200);
    expect(String(download.headers['cache-control'])).to.include('private').and.not.include('public');
    expect((await new AdminClient(server).get(documentUrl(document))).status).to.equal(302);
    expect((await visitor.get('/documents/authenticate_with_password/2147483647/')).status).to.equal(404);
  });

  it('lets only members of the chosen groups download from a group-restricted collection', async () => {
    const collection = await createTestCollection(server.db, 'Managers');
    const document = await addDocument(collection);
    const member = await createAdminUser(server.db);
    const outsider = await createAdminUser(server.db);
    const { group_id } = await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', member.id).executeTakeFirstOrThrow();
    const admin = await superuserClient();
    expect((await admin.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'groups', groups: [String(group_id)] })).status).to.equal(303);

    expect((await new AdminClient(server).get(documentUrl(document))).status).to.equal(302);
    expect((await (await signedInClient(server, outsider)).get(documentUrl(document))).status).to.equal(403);
    expect((await (await signedInClient(server, member)).get(documentUrl(document))).status).to.equal(200);
    expect((await admin.get(documentUrl(document))).status).to.equal(200);

    expect((await admin.post(`/wagtail/collections/${collection.id}/privacy/`, { restriction: 'public' })).status).to.equal(303);
    expect((await new AdminClient(server).get(documentUrl(document))).status).to.equal(200);
  });
});
