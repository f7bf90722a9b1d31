import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Image } from '../../server/db/schema';
import { createMediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { createAdminUser, signedInClient, type AdminClient } from '../support/admin';
import { createTestSite, uniqueSuffix } from '../support/fixtures';
import { postMultipart } from '../support/form-upload';
import { imageCount, solidImage } from '../support/images';
import { request, startTestServer, type TestServer } from '../support/server';

const FULL_MESSAGE = 'The file could not be stored: the media storage is full.';
const FULL_LOG = 'The media storage is full: uploads and new renditions are refused until space is freed';
const FILLER = 'filler';

/** Every file under the media folder but the filler, temp files included. */
function storedFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !(entry.parentPath === root && entry.name === FILLER))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

// The media folder is a real filesystem of 2 MB, filled up for real: ENOSPC comes from the kernel.
describe('a full media storage', function () {
  let root: string;
  let server: TestServer;
  let admin: AdminClient;
  let logged: string[];
  let mounted = false;

  before(function () {
    root = mkdtempSync(path.join(tmpdir(), 'rh-full-media-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', root], { stdio: 'pipe' });
      mounted = true;
    } catch (error) {
      rmSync(root, { recursive: true, force: true });
      const why = `mounting a 2 MB tmpfs needs root (${(error as Error).message.split('\n')[0]})`;
      // CI runs as root, so there the test must run, never skip.
      if (process.env.CI) throw new Error(`"a full media storage" cannot run: ${why}`, { cause: error });
      console.warn(`Skipped "a full media storage": ${why}`);
      this.skip();
    }
  });
  after(() => {
    if (!mounted) return;
    execFileSync('umount', [root]);
    rmSync(root, { recursive: true, force: true });
  });

  // A server of its own per test, so that each sees the storage turn full for the first time.
  beforeEach(async () => {
    logged = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) logged.push((JSON.parse(line) as { msg: string }).msg);
        done();
      },
    });
    server = await startTestServer({ MEDIA_DIR: root }, { logger: pino({ level: 'info' }, sink) });
    admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
  });
  afterEach(async () => {
    rmSync(path.join(root, FILLER), { force: true });
    await server.close();
  });

  function fillUp(): void {
    try {
      writeFileSync(path.join(root, FILLER), Buffer.alloc(8 * 1024 * 1024));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
    expect(statfsSync(root).bavail, 'free blocks').to.equal(0);
  }

  const upload = async (colour: string) =>
    postMultipart(server, admin, '/wagtail/images/add/', { title: `Harbor ${uniqueSuffix()}` }, [
      { field: 'file', filename: 'harbor.png', bytes: await solidImage(60, 40, colour), type: 'image/png' },
    ]);

  it('refuses uploads with 507 and the form error, leaving no row and no part of a file, and logs it once', async () => {
    fillUp();
    const [filesBefore, rowsBefore] = [storedFiles(root), await imageCount(server.db)];
    const form = await upload('#aa3300');
    expect(form.status).to.equal(507);
    expect(form.body).to.include(FULL_MESSAGE);
    expect(form.body).to.include('id="image-file-error"');
    const multiple = await postMultipart(server, admin, '/wagtail/images/multiple/add/', {}, [{ field: 'files[]', filename: 'dock.png', bytes: await solidImage(61, 40) }], {
      json: true,
    });
    expect(multiple.status).to.equal(507);
    expect(multiple.json()).to.deep.equal({ success: false, error_message: FULL_MESSAGE });
    const chooser = await postMultipart(
      server,
      admin,
      '/wagtail/images/chooser/upload/',
      { title: 'Pier' },
      [{ field: 'file', filename: 'pier.png', bytes: await solidImage(62, 40) }],
      { json: true },
    );
    expect(chooser.status).to.equal(507);
    expect(chooser.json()).to.deep.equal({ errors: { file: [FULL_MESSAGE] } });
    expect(storedFiles(root)).to.deep.equal(filesBefore);
    expect(await imageCount(server.db)).to.equal(rowsBefore);
    expect(logged.filter((msg) => msg === FULL_LOG)).to.have.length(1);
    expect(logged).to.not.include('Request failed');
  });

  it('renders a page without an image whose rendition cannot be stored, answers the rendition itself with 507, and keeps the file a replacement cannot store', async () => {
    const image: Image = await createImage(server.db, createMediaStorage(root), { title: `Quay ${uniqueSuffix()}`, bytes: await solidImage(400, 300) });
    const { hostname } = await createTestSite(server.db, {
      homeBody: [
        { type: 'heading', id: 'h', value: { text: 'Fresh from the quay', level: 'h2', alignment: 'left' } },
        { type: 'image', id: 'pic', value: { image: image.id, title: '', container_width: 'full' } },
      ],
    });
    fillUp();
    const page = await request(server, '/', { host: hostname });
    expect(page.status).to.equal(200);
    expect(page.body).to.include('Fresh from the quay');
    expect(page.body).to.not.include(`/media/images/${image.id}-`);
    for (const spec of ['fill-300x300', 'width-400']) {
      const rendition = await admin.get(`/wagtail/images/${image.id}/preview/${spec}/`);
      expect(rendition.status, spec).to.equal(507);
      expect(rendition.body).to.include(FULL_MESSAGE);
    }
    const replaced = await postMultipart(server, admin, `/wagtail/images/${image.id}/`, { title: image.title, collection: String(image.collection_id) }, [
      { field: 'file', filename: 'quay.png', bytes: await solidImage(300, 200), type: 'image/png' },
    ]);
    expect(replaced.status).to.equal(507);
    expect(replaced.body).to.include(FULL_MESSAGE);
    expect(await server.db.selectFrom('images').select('file_hash').where('id', '=', image.id).executeTakeFirstOrThrow()).to.deep.equal({ file_hash: image.file_hash });
    expect(storedFiles(root)).to.deep.equal([image.file]);
    expect(logged.filter((msg) => msg === FULL_LOG)).to.have.length(1);
    expect(logged).to.not.include('Request failed');
  });

  it('stores uploads again once space is freed, and logs the next time it fills up', async () => {
    fillUp();
    expect((await upload('#336699')).status).to.equal(507);
    rmSync(path.join(root, FILLER));
    const stored = await upload('#336699');
    expect(stored.status).to.equal(303);
    fillUp();
    expect((await upload('#993366')).status).to.equal(507);
    expect((await upload('#996633')).status).to.equal(507);
    expect(logged.filter((msg) => msg === FULL_LOG)).to.have.length(2);
  });
});
