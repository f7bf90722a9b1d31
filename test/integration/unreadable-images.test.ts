import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Image } from '../../server/db/schema';
import { createMediaStorage, mediaKey, type MediaStorage } from '../../server/media-storage';
import { resolveCollectionId } from '../../server/models/images';
import { MISSING_ORIGINAL_REASON } from '../../server/models/renditions/get-rendition';
import { createAdminUser, signedInClient, type AdminClient } from '../support/admin';
import { createTestSite, uniqueSuffix } from '../support/fixtures';
import { postMultipart } from '../support/form-upload';
import { damagedPng, solidImage } from '../support/images';
import { request, startTestServer, type TestServer } from '../support/server';

const UNREADABLE_LOG = 'An image file cannot be read: it is left out of pages until its file is replaced';

/** An image block of the image, beside a heading that shows the page rendered. */
function bodyShowing(image: Image, heading: string): unknown[] {
  return [
    { type: 'heading', id: 'h', value: { text: heading, level: 'h2', alignment: 'left' } },
    { type: 'image', id: 'pic', value: { image: image.id, title: '', container_width: 'full' } },
  ];
}

describe('images whose stored file cannot be read', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;
  let admin: AdminClient;
  const logLines: Array<{ msg: string; imageId?: number; reason?: string }> = [];

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-unreadable-'));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as (typeof logLines)[number]);
        done();
      },
    });
    server = await startTestServer({ MEDIA_DIR: mediaDir }, { logger: pino({ level: 'info' }, sink) });
    storage = createMediaStorage(mediaDir);
    admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** An image row and stored file of a damaged PNG, as an upload from before uploads were decoded left them. */
  async function storedDamagedImage(): Promise<Image> {
    const bytes = damagedPng(400, 300);
    const hash = createHash('sha1').update(bytes).digest('hex');
    const file = mediaKey('original_images', `damaged-${uniqueSuffix()}.png`);
    await storage.save(file, bytes);
    return server.db
      .insertInto('images')
      .values({
        title: `Damaged ${uniqueSuffix()}`,
        file,
        width: 400,
        height: 300,
        file_size: bytes.length,
        file_hash: hash,
        focal_point_x: null,
        focal_point_y: null,
        focal_point_width: null,
        focal_point_height: null,
        collection_id: await resolveCollectionId(server.db),
        uploaded_by_user_id: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const loggedFor = (image: Image) => logLines.filter((line) => line.msg === UNREADABLE_LOG && line.imageId === image.id);

  it('leaves the image out of a page, which answers 200 to every visitor, and logs the failure once', async () => {
    const image = await storedDamagedImage();
    const { hostname } = await createTestSite(server.db, { homeBody: bodyShowing(image, 'Catch of the day') });
    for (let visit = 0; visit < 3; visit++) {
      const page = await request(server, '/', { host: hostname });
      expect(page.status, `visit ${visit}`).to.equal(200);
      expect(page.body).to.include('Catch of the day');
      expect(page.body).to.not.include(`/media/images/${image.id}-`);
      expect(page.headers['cache-control'], 'a page a shared cache may keep').to.match(/^public, /);
    }
    expect(loggedFor(image)).to.have.length(1);
    expect(loggedFor(image)[0]!.reason).to.be.a('string').with.length.above(0);
  });

  it('treats an image whose original file is gone as unreadable: the page answers 200 without it, the admin shows it broken', async () => {
    const image = await storedDamagedImage();
    await storage.remove(image.file);
    const { hostname } = await createTestSite(server.db, { homeBody: bodyShowing(image, 'Lost at sea') });
    for (let visit = 0; visit < 2; visit++) {
      const page = await request(server, '/', { host: hostname });
      expect(page.status, `visit ${visit}`).to.equal(200);
      expect(page.body).to.include('Lost at sea');
      expect(page.body).to.not.include(`/media/images/${image.id}-`);
    }
    expect(loggedFor(image).map((line) => line.reason)).to.deep.equal([MISSING_ORIGINAL_REASON]);
    expect((await admin.get(`/wagtail/images/${image.id}/preview/fill-300x300/`)).status).to.equal(410);
    expect((await admin.get(`/wagtail/images/${image.id}/`)).body).to.include('This image file cannot be read; upload a new file.');
  });

  it('remembers the failure in the database: another process, and another page, do not decode the file again', async () => {
    const image = await storedDamagedImage();
    const first = await createTestSite(server.db, { homeBody: bodyShowing(image, 'First harbor') });
    expect((await request(server, '/', { host: first.hostname })).status).to.equal(200);
    expect((await server.db.selectFrom('images').select('file_error').where('id', '=', image.id).executeTakeFirstOrThrow()).file_error)
      .to.be.a('string')
      .with.length.above(0);

    // Sound bytes under the recorded file would render if anything decoded it again.
    await storage.save(image.file, await solidImage(400, 300));
    const second = await startTestServer({ MEDIA_DIR: mediaDir }, { db: server.db });
    try {
      const { hostname } = await createTestSite(server.db, { homeBody: bodyShowing(image, 'Second harbor') });
      const page = await request(second, '/', { host: hostname });
      expect(page.status).to.equal(200);
      expect(page.body).to.include('Second harbor');
      expect(page.body).to.not.include(`/media/images/${image.id}-`);
    } finally {
      await second.close();
    }
    expect(loggedFor(image)).to.have.length(1);
  });

  it('answers a rendition of it with 410 and the reason, not 500, and the public address with 404', async () => {
    const image = await storedDamagedImage();
    for (let ask = 0; ask < 2; ask++) {
      const preview = await admin.get(`/wagtail/images/${image.id}/preview/fill-300x300/`);
      expect(preview.status).to.equal(410);
      expect(preview.body).to.include('This image file cannot be read; upload a new file.');
    }
    expect((await request(server, `/media/images/${image.id}-0123456789abcdef.png`)).status).to.equal(404);
    expect(loggedFor(image)).to.have.length(1);
  });

  it('shows it as broken in the listing and on its edit page, until a new file mends it', async () => {
    const image = await storedDamagedImage();
    const tile = async () => {
      const listing = await admin.get(`/wagtail/images/?q=${encodeURIComponent(image.title)}`);
      expect(listing.status).to.equal(200);
      return listing.body.slice(
        listing.body.indexOf(`href="/wagtail/images/${image.id}/"`),
        listing.body.indexOf(image.title, listing.body.indexOf(`href="/wagtail/images/${image.id}/"`)),
      );
    };
    expect(await tile()).to.include('admin-status--broken');
    const edit = await admin.get(`/wagtail/images/${image.id}/`);
    expect(edit.status).to.equal(200);
    expect(edit.body).to.match(/role="alert"><span class="admin-status admin-status--broken">Broken<\/span> This image file cannot be read; upload a new file\./);
    expect(edit.body).to.not.include(`/wagtail/images/${image.id}/preview/`);

    const mended = await postMultipart(server, admin, `/wagtail/images/${image.id}/`, { title: image.title, collection: String(image.collection_id) }, [
      { field: 'file', filename: 'mended.png', bytes: await solidImage(400, 300), type: 'image/png' },
    ]);
    expect(mended.status).to.equal(303);
    expect(await tile()).to.not.include('admin-status--broken');
    expect(await tile()).to.match(/<img src="\/media\/images\/\d+-[0-9a-f]{16}\.png"/);
    const editAfter = await admin.get(`/wagtail/images/${image.id}/`);
    expect(editAfter.body).to.not.include('This image file cannot be read');
    expect(editAfter.body).to.include(`/wagtail/images/${image.id}/preview/`);
  });
});
