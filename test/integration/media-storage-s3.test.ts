import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MediaFileMissingError, createMediaStorage, createMediaStorageFromConfig, mediaKey, type MediaStorage } from '../../server/media-storage';
import { createDocument, documentUrl } from '../../server/models/documents';
import { createImage } from '../../server/models/images';
import { getRendition, renditionUrl } from '../../server/models/renditions';
import { uniqueSuffix } from '../support/fixtures';
import { startTestS3, type TestS3 } from '../support/s3';
import { startTestServer, testConfig, type TestServer } from '../support/server';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

function send(server: TestServer, urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port: server.port, path: urlPath, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const photo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#1d6fa5' } })
    .png()
    .toBuffer();

describe('media storage backends', () => {
  let s3: TestS3;
  let localRoot: string;
  before(async () => {
    s3 = await startTestS3();
    localRoot = mkdtempSync(path.join(tmpdir(), 'rh-media-'));
  });
  after(async () => {
    await s3.close();
    rmSync(localRoot, { recursive: true, force: true });
  });

  const backends: Array<[string, () => MediaStorage]> = [
    ['local folder', () => createMediaStorage(localRoot)],
    ['S3 bucket', () => createMediaStorageFromConfig(testConfig(s3.env))],
    ['S3 bucket under a prefix', () => createMediaStorageFromConfig(testConfig({ ...s3.env, MEDIA_S3_PREFIX: 'sites/red-harbor' }))],
  ];
  for (const [name, make] of backends) {
    it(`saves, reads, stats, streams ranges of and removes files: ${name}`, async () => {
      const storage = make();
      const key = mediaKey('documents', `menu-${uniqueSuffix()}.txt`);
      const bytes = Buffer.from('0123456789abcdefghij');
      expect(await storage.exists(key)).to.equal(false);
      expect(await storage.stat(key)).to.equal(undefined);
      expect(await rejection(storage.read(key))).to.be.instanceOf(MediaFileMissingError);
      expect(await rejection(storage.stream(key))).to.be.instanceOf(MediaFileMissingError);

      await storage.save(key, Buffer.from('first version'));
      await storage.save(key, bytes);
      expect((await storage.read(key)).toString()).to.equal(bytes.toString());
      expect(await storage.exists(key)).to.equal(true);
      const info = await storage.stat(key);
      expect(info?.size).to.equal(20);
      expect(info?.lastModified).to.be.instanceOf(Date);
      expect((await drain(await storage.stream(key))).toString()).to.equal(bytes.toString());
      expect((await drain(await storage.stream(key, { start: 10, end: 14 }))).toString()).to.equal('abcde');

      await storage.remove(key);
      await storage.remove(key);
      expect(await storage.exists(key)).to.equal(false);
    });
  }

  it('keeps prefixed objects apart from unprefixed ones in the same bucket', async () => {
    const plain = createMediaStorageFromConfig(testConfig(s3.env));
    const prefixed = createMediaStorageFromConfig(testConfig({ ...s3.env, MEDIA_S3_PREFIX: 'sites/red-harbor/' }));
    const key = mediaKey('images', `card-${uniqueSuffix()}.png`);
    await prefixed.save(key, Buffer.from('prefixed'));
    expect(await plain.exists(key)).to.equal(false);
    expect(prefixed.location).to.equal('s3://red-harbor-media/sites/red-harbor/');
  });

  describe('the app on S3', () => {
    let first: TestServer;
    let second: TestServer;
    let storage: MediaStorage;
    before(async () => {
      // Two app servers on one database and one bucket, as behind a load balancer; neither has
      // the media on its disk.
      first = await startTestServer({ ...s3.env, MEDIA_DIR: path.join(localRoot, 'first') });
      second = await startTestServer({ ...s3.env, MEDIA_DIR: path.join(localRoot, 'second') });
      storage = createMediaStorageFromConfig(first.config);
    });
    after(async () => {
      await first?.close();
      await second?.close();
    });

    it('serves a rendition made by one server from the other, without making it again', async () => {
      const image = await createImage(first.db, storage, { title: `Blue plate ${uniqueSuffix()}`, bytes: await photo() });
      const rendition = await getRendition(first.db, storage, image, 'fill-120x80');
      const stored = await storage.stat(rendition.file);

      const fromSecond = await send(second, renditionUrl(rendition));
      expect(fromSecond.status).to.equal(200);
      expect(fromSecond.headers['content-type']).to.equal('image/png');
      expect(fromSecond.bytes.equals(await storage.read(rendition.file))).to.equal(true);
      expect((await sharp(fromSecond.bytes).metadata()).width).to.equal(120);

      const secondStorage = createMediaStorageFromConfig(second.config);
      const again = await getRendition(second.db, secondStorage, image, 'fill-120x80');
      expect(again.id).to.equal(rendition.id);
      expect(await secondStorage.stat(rendition.file)).to.deep.equal(stored);
      const rows = await second.db.selectFrom('image_renditions').select('id').where('image_id', '=', image.id).execute();
      expect(rows).to.have.length(1);
    });

    it('records one rendition when two servers make it at the same moment, and its file exists', async () => {
      const image = await createImage(first.db, storage, { title: `Race plate ${uniqueSuffix()}`, bytes: await photo() });
      const other = createMediaStorageFromConfig(second.config);
      const [a, b] = await Promise.all([getRendition(first.db, storage, image, 'max-90x90'), getRendition(second.db, other, image, 'max-90x90')]);
      expect(a.id).to.equal(b.id);
      expect(await other.exists(a.file)).to.equal(true);
      expect((await send(first, renditionUrl(a))).status).to.equal(200);
    });

    it('answers byte ranges, HEAD and conditional requests for a document in the bucket', async () => {
      const bytes = Buffer.from('Red Harbor wine list, page one. '.repeat(40));
      const document = await createDocument(first.db, storage, { title: 'Wine list', filename: `wine-${uniqueSuffix()}.txt`, bytes });
      const url = documentUrl(document);

      const whole = await send(second, url);
      expect(whole.status).to.equal(200);
      expect(whole.headers['accept-ranges']).to.equal('bytes');
      expect(whole.headers['content-disposition']).to.match(/^attachment; filename="?wine-/);
      expect(whole.headers['x-content-type-options']).to.equal('nosniff');
      expect(whole.bytes.equals(bytes)).to.equal(true);

      const part = await send(second, url, { range: 'bytes=4-10' });
      expect(part.status).to.equal(206);
      expect(part.headers['content-range']).to.equal(`bytes 4-10/${bytes.length}`);
      expect(part.bytes.toString()).to.equal('Harbor ');

      const gzipAccepted = await send(second, url, { range: 'bytes=4-10', 'accept-encoding': 'gzip' });
      expect(gzipAccepted.headers['content-encoding']).to.equal(undefined);
      expect(gzipAccepted.bytes.toString()).to.equal('Harbor ');

      const tail = await send(first, url, { range: 'bytes=-5' });
      expect(tail.status).to.equal(206);
      expect(tail.bytes.equals(bytes.subarray(bytes.length - 5))).to.equal(true);

      const beyond = await send(first, url, { range: `bytes=${bytes.length + 10}-` });
      expect(beyond.status).to.equal(416);
      expect(beyond.headers['content-range']).to.equal(`bytes */${bytes.length}`);

      const head = await send(second, url, {}, 'HEAD');
      expect(head.status).to.equal(200);
      expect(head.headers['content-length']).to.equal(String(bytes.length));
      expect(head.bytes.length).to.equal(0);

      const etag = String(whole.headers.etag);
      expect((await send(second, url, { 'if-none-match': etag })).status).to.equal(304);
      expect((await send(second, url, { 'if-modified-since': String(whole.headers['last-modified']) })).status).to.equal(304);
      const staleRange = await send(second, url, { range: 'bytes=0-3', 'if-range': 'W/"0-0"' });
      expect(staleRange.status).to.equal(200);
      expect(staleRange.bytes.length).to.equal(bytes.length);
    });

    it('answers 404 for a rendition or document whose file is not in the bucket', async () => {
      const image = await createImage(first.db, storage, { title: `Gone plate ${uniqueSuffix()}`, bytes: await photo() });
      const rendition = await getRendition(first.db, storage, image, 'width-40');
      await storage.remove(rendition.file);
      const answer = await send(second, renditionUrl(rendition));
      expect(answer.status).to.equal(404);
    });
  });
});
