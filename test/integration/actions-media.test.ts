import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { CreateDocumentAction, DeleteDocumentAction, EditDocumentAction } from '../../server/actions/manage-documents';
import { CreateImageAction, DeleteImageAction, EditImageAction } from '../../server/actions/manage-images';
import {
  AddVideoSourceAction,
  AddVideoTrackAction,
  CreateVideoAction,
  DeleteVideoAction,
  DeleteVideoSourceAction,
  DeleteVideoTrackAction,
  EditVideoAction,
  EditVideoTrackAction,
} from '../../server/actions/manage-videos';
import type { Db } from '../../server/db/database';
import { withTransaction } from '../../server/db/transaction';
import { ValidationError } from '../../server/errors';
import { createMediaStorage, type MediaStorage } from '../../server/media-storage';
import { getImage } from '../../server/models/images';
import { loadUserPermissions, type UserPermissions } from '../../server/models/permissions';
import { videoSourcesAndTracks } from '../../server/models/videos';
import { actorWith, auditCodes, expectRefused } from '../support/actions';
import { createAdminUser } from '../support/admin';
import { createCollection, grantCollection } from '../support/collections';
import { testDb } from '../support/database';
import { solidImage } from '../support/images';

const CLIP = readFileSync(new URL('../../server/seed/assets/harbor-clip.webm', import.meta.url));
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nFresh catch!\n';

describe('actions: images, documents and videos', function () {
  this.timeout(120_000);
  let db: Db;
  let mediaDir: string;
  let storage: MediaStorage;
  let collectionId: number;
  /** May add, change and delete in the collection. */
  let manager: UserPermissions;
  /** May only add in another collection. */
  let outsider: UserPermissions;
  before(async () => {
    db = await testDb();
    mediaDir = await mkdtemp(path.join(tmpdir(), 'media-actions-'));
    storage = createMediaStorage(mediaDir);
    collectionId = await createCollection(db, 'Media');
    const user = await createAdminUser(db);
    await grantCollection(db, user, collectionId, ['add', 'change', 'delete']);
    manager = await loadUserPermissions(db, user);
    const other = await createAdminUser(db);
    await grantCollection(db, other, await createCollection(db, 'Elsewhere'), ['add']);
    outsider = await loadUserPermissions(db, other);
  });
  after(() => rm(mediaDir, { recursive: true, force: true }));

  it('creates, edits and deletes documents where the collection permissions allow', async () => {
    const fields = { title: 'Menu', filename: 'menu.txt', bytes: Buffer.from('Chowder, 9'), collectionId };
    await expectRefused(new CreateDocumentAction(db, fields, outsider, { storage }).execute());
    const document = await new CreateDocumentAction(db, fields, manager, { storage }).execute();
    expect(document.uploaded_by_user_id).to.equal(manager.user.id);
    await expectRefused(new EditDocumentAction(db, document, outsider, { title: 'Sly', collectionId, storage }).execute());
    expect(await new EditDocumentAction(db, document, manager, { title: 'Winter menu', collectionId, storage }).execute()).to.include({ title: 'Winter menu' });
    await expectRefused(new DeleteDocumentAction(db, document, outsider, { storage }).execute());
    await new DeleteDocumentAction(db, document, manager, { storage }).execute();
    expect(await storage.exists(document.file)).to.equal(false);
    expect(await auditCodes(db, 'document', document.id)).to.deep.equal(['document.create', 'document.edit', 'document.delete']);
  });

  it('creates, edits and deletes images where the collection permissions allow; stale files go after the commit', async () => {
    const fields = { title: 'Harbor', bytes: await solidImage(40, 30), collectionId };
    const limits = { maxBytes: 1_000_000, maxPixels: 1_000_000 };
    await expectRefused(new CreateImageAction(db, fields, outsider, { storage, limits }).execute());
    const image = await new CreateImageAction(db, fields, manager, { storage, limits }).execute();
    const changes = { title: 'Harbor at dusk', description: '', collectionId, tags: [] };
    await expectRefused(new EditImageAction(db, image, outsider, { changes, storage, limits }).execute());
    const replaced = await new EditImageAction(db, image, manager, { changes, file: await solidImage(20, 10), storage, limits }).execute();
    expect(replaced).to.include({ title: 'Harbor at dusk', width: 20, height: 10 });
    expect(await storage.exists(image.file)).to.equal(false);

    // A delete that rolls back keeps the file its row still names.
    await expectRefused(
      withTransaction(db, async (trx) => {
        await new DeleteImageAction(trx, replaced, manager, { storage }).execute();
        throw new ValidationError('changed my mind');
      }),
      ValidationError,
    );
    expect((await getImage(db, image.id)).file).to.equal(replaced.file);
    expect(await storage.exists(replaced.file)).to.equal(true);

    await expectRefused(new DeleteImageAction(db, replaced, outsider, { storage }).execute());
    await new DeleteImageAction(db, replaced, manager, { storage }).execute();
    expect(await storage.exists(replaced.file)).to.equal(false);
    expect(await auditCodes(db, 'image', image.id)).to.deep.equal(['image.create', 'image.edit', 'image.delete']);
  });

  it('creates, edits and deletes videos with their sources and tracks where the collection permissions allow', async () => {
    const fields = { title: 'Harbor clip', collectionId, file: { filename: 'clip.webm', bytes: CLIP } };
    await expectRefused(new CreateVideoAction(db, fields, outsider, { storage }).execute());
    const video = await new CreateVideoAction(db, fields, manager, { storage }).execute();
    await expectRefused(new EditVideoAction(db, video, outsider, { title: 'Sly', collectionId, storage }).execute());
    await new EditVideoAction(db, video, manager, { title: 'Harbor at dawn', collectionId, storage }).execute();

    const link = { url: { url: 'https://example.com/clip.mp4', mimetype: 'video/mp4' } };
    await expectRefused(new AddVideoSourceAction(db, video, outsider, { source: link, storage }).execute());
    await new AddVideoSourceAction(db, video, manager, { source: link, storage }).execute();
    const source = (await videoSourcesAndTracks(db, video.id)).sources.find((each) => each.url === link.url.url)!;
    await expectRefused(new DeleteVideoSourceAction(db, video, outsider, { sourceId: source.id, storage }).execute());
    await new DeleteVideoSourceAction(db, video, manager, { sourceId: source.id, storage }).execute();

    const track = { kind: 'captions' as const, label: 'English', srclang: 'en', content: VTT };
    await expectRefused(new AddVideoTrackAction(db, video, outsider, { ...track, storage }).execute());
    const added = await new AddVideoTrackAction(db, video, manager, { ...track, storage }).execute();
    const trackFields = { kind: 'captions' as const, label: 'English (CC)', srclang: 'en' };
    await expectRefused(new EditVideoTrackAction(db, video, outsider, { trackId: added.id, fields: trackFields, content: Buffer.from(VTT), storage }).execute());
    const edited = await new EditVideoTrackAction(db, video, manager, { trackId: added.id, fields: trackFields, content: Buffer.from(VTT), storage }).execute();
    expect(await storage.exists(added.file!)).to.equal(false);
    await expectRefused(new DeleteVideoTrackAction(db, video, outsider, { trackId: added.id, storage }).execute());
    await new DeleteVideoTrackAction(db, video, manager, { trackId: added.id, storage }).execute();
    expect(await storage.exists(edited.file!)).to.equal(false);

    const { sources } = await videoSourcesAndTracks(db, video.id);
    await expectRefused(new DeleteVideoAction(db, video, outsider, { storage }).execute());
    await new DeleteVideoAction(db, video, manager, { storage }).execute();
    expect(await storage.exists(sources[0]!.file!)).to.equal(false);
    expect(await auditCodes(db, 'video', video.id)).to.deep.equal([
      'video.create',
      'video.edit',
      'video.source.create',
      'video.source.delete',
      'video.track.create',
      'video.track.edit',
      'video.track.delete',
      'video.delete',
    ]);
  });

  it('refuses a move to a collection the actor may not use', async () => {
    const document = await new CreateDocumentAction(db, { title: 'Card', filename: 'card.txt', bytes: Buffer.from('Hours'), collectionId }, manager, { storage }).execute();
    const elsewhere = await createCollection(db, 'Closed');
    await expectRefused(new EditDocumentAction(db, document, manager, { title: 'Card', collectionId: elsewhere, storage }).execute());
    const superuser = await actorWith(db, { superuser: true });
    expect(await new EditDocumentAction(db, document, superuser, { title: 'Card', collectionId: elsewhere, storage }).execute()).to.include({ collection_id: elsewhere });
  });
});
