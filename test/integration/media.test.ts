import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import type { Image } from '../../server/db/schema';
import { NotFoundError, ValidationError } from '../../server/errors';
import { createMediaStorage, type MediaStorage } from '../../server/media-storage';
import { createDocument, documentUrl } from '../../server/models/documents';
import { createImage, deleteImage, getImage, setFocalPoint } from '../../server/models/images';
import { getRendition, imageProps, renditionUrl } from '../../server/models/renditions';
import { addVideoSource, addVideoTrack, createVideo, getVideoWithSourcesAndTracks } from '../../server/models/videos';
import { uniqueSuffix } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

type Colour = 'red' | 'blue' | 'green' | 'other';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

/** 400x200: left half red, right half blue, and a 20x20 green square centred on (350, 100). */
function splitCard(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#ff0000' } })
    .composite([
      { input: { create: { width: 200, height: 200, channels: 3, background: '#0000ff' } }, left: 200, top: 0 },
      { input: { create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }, left: 340, top: 90 },
    ])
    .png()
    .toBuffer();
}

/** Noise, so that encoder quality settings visibly change the output size. */
function noise(format: 'jpeg' | 'png' | 'gif'): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG that declares a size but holds almost no pixel data: enough for a header check. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framing = Buffer.alloc(8);
    framing.writeUInt32BE(data.length, 0);
    framing.writeUInt32BE(crc32(body), 4);
    return Buffer.concat([framing.subarray(0, 4), body, framing.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(100))), chunk('IEND', Buffer.alloc(0))]);
}

async function colourAt(bytes: Buffer, x: number, y: number): Promise<Colour> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  const [r = 0, g = 0, b = 0] = data.subarray(offset, offset + 3);
  if (r > 200 && g < 60 && b < 60) return 'red';
  if (b > 200 && r < 60 && g < 60) return 'blue';
  if (g > 200 && r < 60 && b < 60) return 'green';
  return 'other';
}

describe('images, renditions, documents and videos', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-media-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  function get(urlPath: string): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.port, path: urlPath }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  }

  const newImage = async (bytes?: Buffer, title = `Split card ${uniqueSuffix()}`): Promise<Image> => createImage(server.db, storage, { title, bytes: bytes ?? (await splitCard()) });

  async function served(image: Image, spec: string): Promise<{ response: RawResponse; metadata: Metadata; url: string }> {
    const url = renditionUrl(await getRendition(server.db, storage, image, spec));
    const response = await get(url);
    expect(response.status, `${spec} at ${url}`).to.equal(200);
    return { response, metadata: await sharp(response.bytes).metadata(), url };
  }

  describe('images', () => {
    it('stores an upload with its size, hash and a name made from the title', async () => {
      const bytes = await splitCard();
      const title = `Harbor Test Card ${uniqueSuffix()}`;
      const image = await createImage(server.db, storage, { title, bytes });
      const root = await server.db.selectFrom('collections').select('id').where('name', '=', 'Root').where('parent_id', 'is', null).executeTakeFirstOrThrow();

      expect(image).to.include({ title, width: 400, height: 200, file_size: bytes.length, collection_id: root.id });
      expect(image.file_hash).to.equal(createHash('sha1').update(bytes).digest('hex'));
      expect(image.file).to.equal(`original_images/${title.toLowerCase().replaceAll(' ', '-')}-${image.file_hash.slice(0, 8)}.png`);
      expect((await storage.read(image.file)).equals(bytes)).to.equal(true);

      const again = await createImage(server.db, storage, { title, bytes });
      expect(again.id).to.not.equal(image.id);
      expect(again.file).to.not.equal(image.file);
      expect(await storage.exists(again.file)).to.equal(true);
    });

    it('refuses files that are not JPEG, PNG, WebP, GIF or AVIF, judged by content', async () => {
      const countImages = async () =>
        (
          await server.db
            .selectFrom('images')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const before = await countImages();
      const text = await rejection(createImage(server.db, storage, { title: 'Not a picture.png', bytes: Buffer.from('just some text, named like an image') }));
      expect(text).to.be.instanceOf(ValidationError);
      expect(text.message).to.match(/not an image we can read; upload a JPEG, PNG, WebP, GIF or AVIF file/);

      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
      const vector = await rejection(createImage(server.db, storage, { title: 'Vector', bytes: svg }));
      expect(vector).to.be.instanceOf(ValidationError);
      expect(vector.message).to.equal('SVG images are not accepted; upload a PNG, JPEG, WebP, GIF or AVIF.');

      const huge = await rejection(createImage(server.db, storage, { title: 'Huge', bytes: pngHeaderOnly(20000, 20000) }));
      expect(huge).to.be.instanceOf(ValidationError);
      expect(huge.message).to.match(/20000x20000; images may have at most 128 million pixels/);

      const bytes = await splitCard();
      expect((await rejection(createImage(server.db, storage, { title: '  ', bytes }))).message).to.match(/needs a title/);
      const outside = await rejection(createImage(server.db, storage, { title: 'Off', bytes, focalPoint: { x: 500, y: 10, width: 10, height: 10 } }));
      expect(outside.message).to.match(/within the image \(400x200\)/);
      const collection = await rejection(createImage(server.db, storage, { title: 'Lost', bytes, collectionId: 987654 }));
      expect(collection).to.be.instanceOf(ValidationError);
      expect(collection.message).to.match(/no collection with id 987654/);
      expect(await countImages()).to.equal(before);
    });

    it('deletes an image with its renditions and their files', async () => {
      const image = await newImage();
      const renditions = await Promise.all(['width-50', 'fill-20x20'].map((spec) => getRendition(server.db, storage, image, spec)));
      const files = [image.file, ...renditions.map((rendition) => rendition.file)];
      for (const file of files) expect(await storage.exists(file), file).to.equal(true);

      await deleteImage(server.db, storage, image);
      for (const file of files) expect(await storage.exists(file), file).to.equal(false);
      expect(await server.db.selectFrom('image_renditions').select('id').where('image_id', '=', image.id).execute()).to.deep.equal([]);
      expect(await rejection(getImage(server.db, image.id))).to.be.instanceOf(NotFoundError);
      expect((await get(renditionUrl(renditions[0]!))).status).to.equal(404);
    });
  });

  describe('renditions', () => {
    it('sizes each resize spec without upscaling', async () => {
      const image = await newImage();
      const cases: Array<[string, number, number]> = [
        ['width-100', 100, 50],
        ['width-800', 400, 200],
        ['max-100x100', 100, 50],
        ['max-1000x50', 100, 50],
        ['max-1000x1000', 400, 200],
        ['fill-100x100', 100, 100],
        ['fill-300x100', 300, 100],
        ['fill-800x800', 200, 200],
        ['original', 400, 200],
      ];
      for (const [spec, width, height] of cases) {
        const rendition = await getRendition(server.db, storage, image, spec);
        expect([rendition.width, rendition.height], spec).to.deep.equal([width, height]);
        const { response, metadata } = await served(image, spec);
        expect([metadata.format, metadata.width, metadata.height], spec).to.deep.equal(['png', width, height]);
        expect(response.headers['content-type'], spec).to.equal('image/png');
      }
    });

    it('encodes the format a spec names, else keeps the source format (GIF becomes PNG)', async () => {
      const png = await newImage();
      const formats: Array<[string, string, string, string?]> = [
        ['format-webp', 'image/webp', 'webp'],
        ['width-100|format-avif', 'image/avif', 'heif', 'av1'],
        ['format-jpeg', 'image/jpeg', 'jpeg'],
      ];
      for (const [spec, contentType, format, compression] of formats) {
        const { response, metadata, url } = await served(png, spec);
        expect(response.headers['content-type'], spec).to.equal(contentType);
        expect(metadata.format, spec).to.equal(format);
        if (compression) expect(metadata.compression, spec).to.equal(compression);
        expect(url, spec).to.match(/^\/media\/images\/\d+-[0-9a-f]{16}\.(webp|avif|jpg)$/);
      }

      const jpeg = await newImage(await noise('jpeg'));
      expect((await served(jpeg, 'width-100')).metadata.format).to.equal('jpeg');
      expect((await served(jpeg, 'width-100|format-png')).metadata.format).to.equal('png');
      const gif = await newImage(await noise('gif'));
      expect(gif.file).to.match(/\.gif$/);
      expect((await served(gif, 'width-100')).metadata.format).to.equal('png');
    });

    it('applies the quality settings of a spec', async () => {
      const image = await newImage(await noise('png'));
      const size = async (spec: string) => (await storage.stat((await getRendition(server.db, storage, image, spec)).file))!.size;
      expect(await size('format-jpeg|jpegquality-20')).to.be.below((await size('format-jpeg|jpegquality-95')) * 0.6);
      expect(await size('format-webp|webpquality-20')).to.be.below((await size('format-webp|webpquality-95')) * 0.6);
    });

    it('crops fill renditions around the focal point, and a new focal point makes new renditions', async () => {
      const image = await newImage();
      const centred = await getRendition(server.db, storage, image, 'fill-100x100');
      const centredBytes = await storage.read(centred.file);
      expect([await colourAt(centredBytes, 10, 50), await colourAt(centredBytes, 90, 50)]).to.deep.equal(['red', 'blue']);
      const unaffected = await getRendition(server.db, storage, image, 'width-100');

      const right = await setFocalPoint(server.db, storage, image, { x: 350, y: 100, width: 20, height: 20 });
      const cropped = await getRendition(server.db, storage, right, 'fill-100x100');
      expect(cropped.id).to.not.equal(centred.id);
      expect(cropped.file).to.not.equal(centred.file);
      const croppedBytes = (await get(renditionUrl(cropped))).bytes;
      expect([await colourAt(croppedBytes, 10, 50), await colourAt(croppedBytes, 90, 50)]).to.deep.equal(['blue', 'blue']);
      expect(await colourAt(croppedBytes, 75, 50)).to.equal('green');
      expect(await storage.exists(centred.file), 'stale rendition file').to.equal(false);
      expect((await getRendition(server.db, storage, right, 'width-100')).id).to.equal(unaffected.id);

      const left = await setFocalPoint(server.db, storage, right, { x: 40, y: 100, width: 20, height: 20 });
      const leftBytes = await storage.read((await getRendition(server.db, storage, left, 'fill-100x100')).file);
      expect([await colourAt(leftBytes, 10, 50), await colourAt(leftBytes, 90, 50)]).to.deep.equal(['red', 'red']);
    });

    it('zooms in on the focal point with crop closeness', async () => {
      const image = await setFocalPoint(server.db, storage, await newImage(), { x: 350, y: 100, width: 40, height: 40 });
      const close = await getRendition(server.db, storage, image, 'fill-100x100-c100');
      expect([close.width, close.height]).to.deep.equal([100, 100]);
      const closeBytes = await storage.read(close.file);
      expect([await colourAt(closeBytes, 50, 50), await colourAt(closeBytes, 10, 10)]).to.deep.equal(['green', 'blue']);

      const wide = await storage.read((await getRendition(server.db, storage, image, 'fill-100x100')).file);
      expect([await colourAt(wide, 50, 50), await colourAt(wide, 75, 50)]).to.deep.equal(['blue', 'green']);
    });

    it('reuses a stored rendition instead of making it again, also under concurrent requests', async () => {
      const image = await newImage();
      const first = await getRendition(server.db, storage, image, 'width-120|format-webp');
      // Any regeneration would replace this marker with a real WebP.
      await storage.save(first.file, Buffer.from('marker'));
      const again = await getRendition(server.db, storage, image, 'format-webp|width-120');
      expect(again).to.deep.equal(first);
      expect((await storage.read(first.file)).toString('utf8')).to.equal('marker');

      const concurrent = await Promise.all([1, 2, 3, 4].map(() => getRendition(server.db, storage, image, 'width-130')));
      expect(new Set(concurrent.map((rendition) => rendition.id)).size).to.equal(1);
      const rows = await server.db.selectFrom('image_renditions').select('id').where('image_id', '=', image.id).execute();
      expect(rows).to.have.length(2);
    });

    it('serves rendition files with long-lived cache headers, and 404 for anything else', async () => {
      const image = await newImage();
      const rendition = await getRendition(server.db, storage, image, 'width-60|format-webp');
      const response = await get(renditionUrl(rendition));
      expect(response.status).to.equal(200);
      expect(response.headers['cache-control']).to.equal('public, max-age=31536000, immutable, no-transform');
      expect(response.headers['content-type']).to.equal('image/webp');
      expect(response.bytes.equals(await storage.read(rendition.file))).to.equal(true);

      for (const urlPath of [
        '/media/images/999999-0123456789abcdef.png',
        '/media/images/..%2F..%2Fsecret.png',
        '/media/images/notes.txt',
        `/media/images/${path.basename(image.file)}`,
      ]) {
        expect((await get(urlPath)).status, urlPath).to.equal(404);
      }
    });

    it('refuses an invalid filter spec with a message naming it', async () => {
      const image = await newImage();
      const error = await rejection(getRendition(server.db, storage, image, 'fill-100'));
      expect(error).to.be.instanceOf(ValidationError);
      expect(error.message).to.include('Invalid image filter spec "fill-100"');
      expect(await server.db.selectFrom('image_renditions').select('id').where('image_id', '=', image.id).execute()).to.deep.equal([]);
    });

    it('builds img props with a WebP srcset of the widths the source can supply', async () => {
      const image = await newImage();
      const props = await imageProps(server.db, storage, image, { spec: 'width-200', srcsetWidths: [800, 100, 200, 100], sizes: '50vw' });
      const main = await getRendition(server.db, storage, image, 'width-200');
      const w100 = await getRendition(server.db, storage, image, 'width-100|format-webp');
      const w200 = await getRendition(server.db, storage, image, 'width-200|format-webp');
      expect(props).to.deep.equal({
        src: renditionUrl(main),
        width: 200,
        height: 100,
        alt: image.title,
        srcSet: `${renditionUrl(w100)} 100w, ${renditionUrl(w200)} 200w`,
        sizes: '50vw',
      });
      expect((await get(renditionUrl(w100))).headers['content-type']).to.equal('image/webp');

      const filled = await imageProps(server.db, storage, image, { spec: 'fill-100x100', srcsetWidths: [50, 150, 250], alt: '' });
      expect(filled).to.include({ width: 100, height: 100, alt: '' });
      const entries = filled.srcSet!.split(', ').map((entry) => entry.split(' '));
      expect(entries.map(([, width]) => width)).to.deep.equal(['50w', '150w']);
      for (const [url, width] of entries) {
        const metadata = await sharp((await get(url!)).bytes).metadata();
        expect([metadata.format, `${metadata.width}w`, metadata.height]).to.deep.equal(['webp', width, metadata.width]);
      }

      expect(await imageProps(server.db, storage, image, { spec: 'width-50' })).to.have.all.keys('src', 'width', 'height', 'alt');
    });
  });

  describe('documents', () => {
    it('serves a document as a download with its name, type, size and bytes', async () => {
      const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from([0, 255, 128, 10]), Buffer.alloc(2000, 'x')]);
      const document = await createDocument(server.db, storage, { title: 'Spring Menu', filename: 'Spring Menu 2024.PDF', bytes });
      expect(document).to.include({ title: 'Spring Menu', filename: 'Spring Menu 2024.PDF', file_extension: 'pdf', file_size: bytes.length });
      expect(document.file_hash).to.equal(createHash('sha1').update(bytes).digest('hex'));
      expect(documentUrl(document)).to.equal(`/documents/${document.id}/Spring%20Menu%202024.PDF`);

      const response = await get(documentUrl(document));
      expect(response.status).to.equal(200);
      expect(response.headers['content-disposition']).to.equal('attachment; filename="Spring Menu 2024.PDF"');
      expect(response.headers['content-type']).to.equal('application/pdf');
      expect(response.headers['content-length']).to.equal(String(bytes.length));
      expect(response.headers['x-content-type-options']).to.equal('nosniff');
      expect(response.headers['cache-control']).to.equal('public, max-age=3600, no-transform');
      expect(response.bytes.equals(bytes)).to.equal(true);
    });

    it('encodes a non-ASCII filename per RFC 5987, with an ASCII fallback', async () => {
      const document = await createDocument(server.db, storage, { title: 'Kids', filename: 'Kids – Menü.csv', bytes: Buffer.from('dish,price\n') });
      const response = await get(documentUrl(document));
      expect(response.status).to.equal(200);
      expect(response.headers['content-disposition']).to.equal(`attachment; filename="Kids ? Men?.csv"; filename*=UTF-8''Kids%20%E2%80%93%20Men%C3%BC.csv`);
      expect(response.headers['content-type']).to.match(/^text\/csv/);
    });

    it('answers 404 for a wrong filename, an unknown id or a non-numeric id', async () => {
      const document = await createDocument(server.db, storage, { title: 'Allergens', filename: 'allergens.pdf', bytes: Buffer.from('%PDF-1.4') });
      expect((await get(documentUrl(document))).status).to.equal(200);
      for (const urlPath of [
        `/documents/${document.id}/other.pdf`,
        `/documents/${document.id}/ALLERGENS.pdf`,
        '/documents/abc/allergens.pdf',
        '/documents/99999999/allergens.pdf',
        '/documents/99999999999/allergens.pdf',
        `/documents/0${document.id}.5/allergens.pdf`,
      ]) {
        expect((await get(urlPath)).status, urlPath).to.equal(404);
      }
    });

    it('refuses empty files and filenames without an extension, and keeps only the last path segment', async () => {
      const create = (filename: string, bytes = Buffer.from('data')) => createDocument(server.db, storage, { title: 'Doc', filename, bytes });
      expect((await rejection(create('menu.pdf', Buffer.alloc(0)))).message).to.match(/file is empty/);
      for (const filename of ['README', '.pdf', 'menu.', '']) {
        const error = await rejection(create(filename));
        expect(error, filename).to.be.instanceOf(ValidationError);
        expect(error.message, filename).to.match(/needs a name and an extension/);
      }
      const fromWindows = await create('C:\\Users\\chef\\menu "final".PDF', Buffer.from('%PDF-1.4'));
      expect(fromWindows).to.include({ filename: 'menu final.PDF', file_extension: 'pdf' });
    });
  });

  describe('videos', () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\n¿Qué hay de nuevo? Fresh catch!\n';

    it('gathers a video with its poster, sources and tracks in sort order', async () => {
      const poster = await newImage();
      const video = await createVideo(server.db, { title: 'Dock to dish', posterImageId: poster.id });
      await addVideoSource(server.db, video.id, { url: 'https://cdn.example.com/dock.webm', mimetype: 'video/webm', sortOrder: 2 });
      await addVideoSource(server.db, video.id, { url: '/media/videos/dock.mp4', mimetype: 'Video/MP4', sortOrder: 1 });
      const english = await addVideoTrack(server.db, storage, video.id, { kind: 'captions', label: 'English', srclang: 'en-US', content: vtt, sortOrder: 2 });
      const spanish = await addVideoTrack(server.db, storage, video.id, { kind: 'subtitles', label: 'Español', srclang: 'es', content: vtt, sortOrder: 1 });

      const loaded = await getVideoWithSourcesAndTracks(server.db, video.id);
      expect(loaded.poster?.id).to.equal(poster.id);
      expect(loaded).to.deep.include({
        id: video.id,
        title: 'Dock to dish',
        sources: [
          { url: '/media/videos/dock.mp4', mimetype: 'video/mp4' },
          { url: 'https://cdn.example.com/dock.webm', mimetype: 'video/webm' },
        ],
        tracks: [
          { kind: 'subtitles', src: `/video-track/${spanish.id}/`, label: 'Español', srclang: 'es', sort_order: 1 },
          { kind: 'captions', src: `/video-track/${english.id}/`, label: 'English', srclang: 'en-US', sort_order: 2 },
        ],
      });
      expect(await rejection(getVideoWithSourcesAndTracks(server.db, 987654))).to.be.instanceOf(NotFoundError);
    });

    it('serves a track as WebVTT at /video-track/{pk}/, with or without the slash', async () => {
      const video = await createVideo(server.db, { title: 'Shucking oysters' });
      const track = await addVideoTrack(server.db, storage, video.id, { kind: 'captions', label: 'English', srclang: 'en', content: vtt });
      for (const urlPath of [`/video-track/${track.id}/`, `/video-track/${track.id}`]) {
        const response = await get(urlPath);
        expect(response.status, urlPath).to.equal(200);
        expect(response.headers['content-type']).to.equal('text/vtt; charset=utf-8');
        expect(response.bytes.toString('utf8')).to.equal(vtt);
      }
      for (const urlPath of ['/video-track/abc/', '/video-track/99999999/', '/video-track/99999999999/', '/video-track/1.5/', '/video-track/-1/', '/video-track/0/']) {
        expect((await get(urlPath)).status, urlPath).to.equal(404);
      }
    });

    it('refuses tracks that are not WebVTT and sources that are neither media paths nor https', async () => {
      const video = await createVideo(server.db, { title: 'Refusals' });
      const track = { kind: 'captions' as const, label: 'English', srclang: 'en', content: vtt };
      const trackCases: Array<[Record<string, string>, RegExp]> = [
        [{ content: '1\n00:00:00,000 --> 00:00:02,000\nSRT, not WebVTT' }, /must be WebVTT/],
        [{ content: 'WEBVTTX\n' }, /must be WebVTT/],
        [{ kind: 'karaoke' }, /kind is one of subtitles, captions, descriptions, chapters, metadata/],
        [{ srclang: 'english' }, /language is a code such as en or en-US/],
        [{ label: ' ' }, /needs a label/],
      ];
      for (const [change, reason] of trackCases) {
        const error = await rejection(addVideoTrack(server.db, storage, video.id, { ...track, ...change }));
        expect(error, JSON.stringify(change)).to.be.instanceOf(ValidationError);
        expect(error.message).to.match(reason);
      }
      const sourceCases: Array<[string, string]> = [
        ['http://cdn.example.com/dock.mp4', 'video/mp4'],
        ['/media/../secret.mp4', 'video/mp4'],
        ['javascript:alert(1)', 'video/mp4'],
        ['/media/videos/dock.mp4', 'text/html'],
      ];
      for (const [url, mimetype] of sourceCases) {
        expect(await rejection(addVideoSource(server.db, video.id, { url, mimetype })), url).to.be.instanceOf(ValidationError);
      }
      expect(await rejection(addVideoTrack(server.db, storage, 987654, track))).to.be.instanceOf(NotFoundError);
      expect((await rejection(createVideo(server.db, { title: 'No poster', posterImageId: 987654 }))).message).to.match(/no image with id 987654/);
    });
  });
});
