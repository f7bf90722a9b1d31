import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Document, Image, User } from '../../../server/db/schema';
import { createMediaStorage } from '../../../server/media-storage';
import { createDocument } from '../../../server/models/documents';
import { createImage } from '../../../server/models/images';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { uniqueSuffix } from '../../support/fixtures';
import { createCollection, grantCollection } from '../../support/collections';
import { solidImage } from '../../support/images';
import { startTestServer, type TestServer } from '../../support/server';

interface Listing<T> {
  meta: { total_count: number };
  items: T[];
}
interface ApiImage {
  id: number;
  title: string;
  width: number;
  height: number;
  description: string;
  meta: { type: string; detail_url: string; tags: string[] };
  collection: { id: number };
}
interface ApiDocument {
  id: number;
  title: string;
  file_size: number;
  meta: { type: string; detail_url: string; download_url: string };
  collection: { id: number };
}

describe('admin API for images and documents', () => {
  let server: TestServer;
  let word: string;
  let parent: number;
  let child: number;
  let other: number;
  let childImage: Image;
  let otherImage: Image;
  let childDocument: Document;
  let otherDocument: Document;
  let chooser: User;
  let stranger: User;

  before(async () => {
    const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'api-media-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    const storage = createMediaStorage(mediaDir);
    word = `crab${uniqueSuffix()}`;
    parent = await createCollection(server.db, 'Menus');
    child = await createCollection(server.db, 'Winter', parent);
    other = await createCollection(server.db, 'Private');
    childImage = await createImage(server.db, storage, {
      title: `${word} claws`,
      bytes: await solidImage(64, 32),
      collectionId: child,
      description: 'Crab claws on ice',
      tags: ['shellfish'],
    });
    otherImage = await createImage(server.db, storage, { title: `${word} secret`, bytes: await solidImage(20, 20), collectionId: other });
    childDocument = await createDocument(server.db, storage, { title: `${word} menu`, filename: 'winter menu.pdf', bytes: Buffer.from('%PDF-1.4 menu'), collectionId: child });
    otherDocument = await createDocument(server.db, storage, { title: `${word} contract`, filename: 'contract.pdf', bytes: Buffer.from('%PDF-1.4 contract'), collectionId: other });
    // 'choose' on the parent is inherited by its child collection.
    chooser = await createAdminUser(server.db);
    await grantCollection(server.db, chooser, parent, ['choose']);
    stranger = await createAdminUser(server.db);
  });
  after(() => server.close());

  it('answers anonymous callers with JSON 403', async () => {
    for (const kind of ['images', 'documents']) {
      const anonymous = await new AdminClient(server).get(`/wagtail/api/main/${kind}/`);
      expect(anonymous.status).to.equal(403);
      expect(anonymous.json<{ message: string }>().message).to.include('Sign in');
    }
  });

  it('lists images with search and collection filter in the API v2 shape, only from permitted collections', async () => {
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const all = (await admin.get(`/wagtail/api/main/images/?search=${word}`)).json<Listing<ApiImage>>();
    expect(all.meta.total_count).to.equal(2);
    const inChild = (await admin.get(`/wagtail/api/main/images/?search=${word}&collection_id=${child}`)).json<Listing<ApiImage>>();
    expect(inChild.items).to.have.length(1);
    expect(inChild.items[0]).to.deep.include({ id: childImage.id, title: `${word} claws`, width: 64, height: 32, description: 'Crab claws on ice', collection: { id: child } });
    expect(inChild.items[0]!.meta).to.deep.equal({ type: 'wagtailimages.Image', detail_url: `/wagtail/api/main/images/${childImage.id}/`, tags: ['shellfish'] });
    const paged = (await admin.get(`/wagtail/api/main/images/?search=${word}&limit=1&offset=1`)).json<Listing<ApiImage>>();
    expect(paged.meta.total_count).to.equal(2);
    expect(paged.items).to.have.length(1);
    expect((await admin.get('/wagtail/api/main/images/?limit=0')).status).to.equal(400);

    const client = await signedInClient(server, chooser);
    const visible = (await client.get(`/wagtail/api/main/images/?search=${word}`)).json<Listing<ApiImage>>();
    expect(visible.items.map((item) => item.id)).to.deep.equal([childImage.id]);
    expect((await client.get(`/wagtail/api/main/images/${childImage.id}/`)).json<ApiImage>().title).to.equal(`${word} claws`);
    expect((await client.get(`/wagtail/api/main/images/${otherImage.id}/`)).status).to.equal(404);
    const none = (await (await signedInClient(server, stranger)).get(`/wagtail/api/main/images/?search=${word}`)).json<Listing<ApiImage>>();
    expect(none).to.deep.equal({ meta: { total_count: 0 }, items: [] });
  });

  it('lists documents the same way, with their download address and size', async () => {
    const client = await signedInClient(server, chooser);
    const listing = (await client.get(`/wagtail/api/main/documents/?search=${word}`)).json<Listing<ApiDocument>>();
    expect(listing.meta.total_count).to.equal(1);
    expect(listing.items[0]).to.deep.include({ id: childDocument.id, title: `${word} menu`, file_size: childDocument.file_size, collection: { id: child } });
    expect(listing.items[0]!.meta).to.deep.equal({
      type: 'wagtaildocs.Document',
      detail_url: `/wagtail/api/main/documents/${childDocument.id}/`,
      download_url: `/documents/${childDocument.id}/winter%20menu.pdf`,
    });
    expect((await client.get(`/wagtail/api/main/documents/${childDocument.id}/`)).json<ApiDocument>().id).to.equal(childDocument.id);
    expect((await client.get(`/wagtail/api/main/documents/${otherDocument.id}/`)).status).to.equal(404);
    expect((await client.get(`/wagtail/api/main/documents/?collection_id=${other}&search=${word}`)).json<Listing<ApiDocument>>().items).to.deep.equal([]);
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    expect((await admin.get(`/wagtail/api/main/documents/?search=${word}`)).json<Listing<ApiDocument>>().meta.total_count).to.equal(2);
    expect((await admin.get('/wagtail/api/main/documents/abc/')).status).to.equal(404);
  });
});
