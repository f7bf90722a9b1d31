import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import exifReader from 'exif-reader';
import sharp, { type Metadata } from 'sharp';
import type { User } from '../../../server/db/schema';
import { createMediaStorage, type MediaStorage } from '../../../server/media-storage';
import { createImage } from '../../../server/models/images';
import { createAdminUser, signedInClient, type AdminClient } from '../../support/admin';
import { uniqueSuffix } from '../../support/fixtures';
import { postMultipart } from '../../support/form-upload';
import { damagedPng, imageCount, pixelBombPng, solidImage } from '../../support/images';
import { startTestServer, type TestServer } from '../../support/server';

describe('image upload safety', () => {
  let server: TestServer;
  let mediaDir: string;
  let editor: User;
  let client: AdminClient;

  const originals = () => {
    try {
      return readdirSync(path.join(mediaDir, 'original_images')).sort();
    } catch {
      return [];
    }
  };

  before(async () => {
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'image-safety-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir, MAX_IMAGE_UPLOAD_BYTES: '100000', MAX_IMAGE_PIXELS: '1000000' });
    editor = await createAdminUser(server.db, { superuser: true });
    client = await signedInClient(server, editor);
  });
  after(() => server.close());

  /** Uploads through the add form and returns the response, checking nothing was stored. */
  async function refusedUpload(filename: string, bytes: Buffer, type: string): Promise<string> {
    const [filesBefore, rowsBefore] = [originals(), await imageCount(server.db)];
    const response = await postMultipart(server, client, '/wagtail/images/add/', { title: `Upload ${uniqueSuffix()}` }, [{ field: 'file', filename, bytes, type }]);
    expect(response.status).to.equal(400);
    expect(originals()).to.deep.equal(filesBefore);
    expect(await imageCount(server.db)).to.equal(rowsBefore);
    return response.body;
  }

  it('decides the type by content: a .png that is text is refused whatever it claims', async () => {
    const body = await refusedUpload('harbor.png', Buffer.from('this is not an image at all, only text'), 'image/png');
    expect(body).to.include('The file is not an image we can read; upload a JPEG, PNG, WebP, GIF or AVIF file.');
  });

  it('refuses a pixel bomb from its header, before decoding it', async () => {
    const bomb = pixelBombPng(100_000, 100_000);
    expect(bomb.length).to.be.below(2000);
    const body = await refusedUpload('bomb.png', bomb, 'image/png');
    expect(body).to.include('The image is 100000x100000; images may have at most 1 million pixels.');
    // The configured limit, not a constant: a real picture just over it is refused too.
    expect(await refusedUpload('wide.png', await solidImage(1001, 1000), 'image/png')).to.include('images may have at most 1 million pixels');
  });

  it('decodes the whole picture: a PNG with a sound header and garbage pixel data, or a cut-off JPEG, is refused on every upload form', async () => {
    const damaged = damagedPng(200, 150);
    const header = await sharp(damaged).metadata();
    expect([header.format, header.width, header.height]).to.deep.equal(['png', 200, 150]);
    const refusal = 'This image file is damaged or incomplete, so its picture cannot be read; upload a complete JPEG, PNG, WebP, GIF or AVIF file.';
    expect(await refusedUpload('harbor.png', damaged, 'image/png')).to.include(refusal);

    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg()
      .toBuffer();
    const cut = photo.subarray(0, Math.floor(photo.length / 2));
    const [filesBefore, rowsBefore] = [originals(), await imageCount(server.db)];
    const multiple = await postMultipart(server, client, '/wagtail/images/multiple/add/', {}, [{ field: 'files[]', filename: 'cut.jpg', bytes: cut }], { json: true });
    expect(multiple.status).to.equal(400);
    expect(multiple.json<{ error_message: string }>().error_message).to.equal(refusal);
    const chooser = await postMultipart(server, client, '/wagtail/images/chooser/upload/', { title: 'Cut' }, [{ field: 'file', filename: 'cut.jpg', bytes: cut }], { json: true });
    expect(chooser.status).to.equal(400);
    expect(chooser.json()).to.deep.equal({ errors: { file: [refusal] } });
    expect(originals()).to.deep.equal(filesBefore);
    expect(await imageCount(server.db)).to.equal(rowsBefore);

    // Nor can a sound image's file be changed for a damaged one.
    const image = await createImage(server.db, createMediaStorage(mediaDir), { title: `Sound ${uniqueSuffix()}`, bytes: await solidImage(40, 30) });
    const replaced = await postMultipart(server, client, `/wagtail/images/${image.id}/`, { title: image.title, collection: String(image.collection_id) }, [
      { field: 'file', filename: 'harbor.png', bytes: damaged, type: 'image/png' },
    ]);
    expect(replaced.status).to.equal(400);
    expect(replaced.body).to.include(refusal);
    const after = await server.db.selectFrom('images').select(['file', 'file_hash']).where('id', '=', image.id).executeTakeFirstOrThrow();
    expect(after).to.deep.equal({ file: image.file, file_hash: image.file_hash });
  });

  it('refuses SVG, so no script in one can reach a visitor', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
    const body = await refusedUpload('logo.png', svg, 'image/png');
    expect(body).to.include('SVG images are not accepted; upload a PNG, JPEG, WebP, GIF or AVIF.');
    const chooser = await postMultipart(
      server,
      client,
      '/wagtail/images/chooser/upload/',
      { title: 'Logo' },
      [{ field: 'file', filename: 'logo.svg', bytes: svg, type: 'image/svg+xml' }],
      { json: true },
    );
    expect(chooser.status).to.equal(400);
    expect(JSON.parse(chooser.body)).to.deep.equal({ errors: { file: ['SVG images are not accepted; upload a PNG, JPEG, WebP, GIF or AVIF.'] } });
  });

  it('refuses an image over MAX_IMAGE_UPLOAD_BYTES, naming the limit in MB', async () => {
    const noise = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).to.be.above(100_000);
    const body = await refusedUpload('noise.png', noise, 'image/png');
    expect(body).to.match(/This file is too big \([\d.]+ MB\)\. Maximum filesize is 0\.1 MB\./);
    const multiple = await postMultipart(server, client, '/wagtail/images/multiple/add/', {}, [{ field: 'files[]', filename: 'noise.png', bytes: noise }], { json: true });
    expect(multiple.status).to.equal(400);
    expect((JSON.parse(multiple.body) as { error_message: string }).error_message).to.include('Maximum filesize is 0.1 MB.');
  });

  describe('where a photo was taken', () => {
    const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '41/1 29/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '71/1 18/1 4500/100' };

    /** A photo as a phone leaves it: turned a quarter (Orientation 6), in Display P3, with a GPS position. */
    function phonePhoto(exif: Record<string, Record<string, string>>): Promise<Buffer> {
      return sharp({ create: { width: 240, height: 160, channels: 3, background: '#2a6f97', noise: { type: 'gaussian', mean: 110, sigma: 12 } } })
        .withIccProfile('p3')
        .withExif(exif)
        .withMetadata({ orientation: 6 })
        .jpeg({ quality: 90 })
        .toBuffer();
    }

    /** Uploads through the add form and returns the stored original's bytes, as read from the media folder (the file a staff member or a backup gets). */
    async function uploadedOriginal(filename: string, bytes: Buffer): Promise<{ stored: Buffer; row: { file_hash: string; file_size: number; width: number; height: number } }> {
      const title = `Pier ${uniqueSuffix()}`;
      const response = await postMultipart(server, client, '/wagtail/images/add/', { title }, [{ field: 'file', filename, bytes }]);
      expect(response.status, response.body.slice(0, 300)).to.equal(303);
      const row = await server.db.selectFrom('images').select(['file', 'file_hash', 'file_size', 'width', 'height']).where('title', '=', title).executeTakeFirstOrThrow();
      return { stored: readFileSync(path.join(mediaDir, row.file)), row };
    }

    const gpsOf = (metadata: Metadata) => (metadata.exif ? exifReader(metadata.exif).GPSInfo : undefined);

    it('removes the GPS position from an uploaded photo, keeping its orientation and colour profile', async () => {
      const photo = await phonePhoto({ IFD0: { Make: 'Harbor Phone' }, IFD3: GPS });
      const sent = await sharp(photo).metadata();
      expect(gpsOf(sent)).to.deep.include({ GPSLatitudeRef: 'N', GPSLongitudeRef: 'W' });
      expect(sent.orientation).to.equal(6);
      expect(sent.icc, 'an ICC profile').to.be.instanceOf(Buffer);

      const { stored, row } = await uploadedOriginal('pier.jpg', photo);
      const kept = await sharp(stored).metadata();
      expect(gpsOf(kept), 'GPS tags').to.equal(undefined);
      expect(kept.exif && exifReader(kept.exif).Image?.GPSTag, 'GPS directory').to.equal(undefined);
      expect(stored.includes(Buffer.from('Harbor Phone'))).to.equal(false);
      expect(kept.format).to.equal('jpeg');
      expect(kept.orientation).to.equal(6);
      expect(kept.icc!.equals(sent.icc!), 'the same ICC profile').to.equal(true);
      expect([row.width, row.height]).to.deep.equal([160, 240]);
      expect(row).to.include({ file_size: stored.length, file_hash: createHash('sha1').update(stored).digest('hex') });
      // Encoded anew at a quality that keeps the picture: every pixel within a few levels.
      const [before, after] = await Promise.all([photo, stored].map((bytes) => sharp(bytes).raw().toBuffer()));
      const largest = before!.reduce((most, value, index) => Math.max(most, Math.abs(value - after![index]!)), 0);
      expect(largest).to.be.below(24);
    });

    it('removes a position kept in XMP too, and stores a photo without one byte for byte', async () => {
      const xmp =
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="41,29.2057N" exif:GPSLongitude="71,18.75W"/></rdf:RDF></x:xmpmeta>';
      const tagged = await sharp(await solidImage(120, 80, '#c8281e'))
        .withXmp(xmp)
        .png()
        .toBuffer();
      expect((await sharp(tagged).metadata()).xmp?.toString()).to.include('GPSLatitude');
      const { stored } = await uploadedOriginal('flag.png', tagged);
      const kept = await sharp(stored).metadata();
      expect(kept.xmp, 'XMP').to.equal(undefined);
      expect(stored.includes(Buffer.from('GPSLatitude'))).to.equal(false);

      const untagged = await phonePhoto({ IFD0: { Make: 'Harbor Phone' } });
      expect((await uploadedOriginal('dock.jpg', untagged)).stored.equals(untagged), 'stored as uploaded').to.equal(true);
    });
  });

  describe('a failed upload leaves neither file nor row', () => {
    const failing = (writeFirst: boolean): MediaStorage => {
      const real = createMediaStorage(mediaDir);
      return {
        ...real,
        async save(key, bytes) {
          if (writeFirst) await real.save(key, bytes);
          throw new Error('disk full');
        },
      };
    };

    it('when storing the file fails', async () => {
      const [filesBefore, rowsBefore] = [originals(), await imageCount(server.db)];
      let error: unknown;
      await createImage(server.db, failing(false), { title: 'Never stored', bytes: await solidImage(20, 20) }).catch((caught: unknown) => (error = caught));
      expect((error as Error).message).to.equal('disk full');
      expect(await imageCount(server.db)).to.equal(rowsBefore);
      expect(originals()).to.deep.equal(filesBefore);
    });

    it('when the work fails after the file was written (the row is rolled back, the file removed)', async () => {
      const [filesBefore, rowsBefore] = [originals(), await imageCount(server.db)];
      let error: unknown;
      await createImage(server.db, failing(true), { title: 'Half stored', bytes: await solidImage(21, 21) }).catch((caught: unknown) => (error = caught));
      expect((error as Error).message).to.equal('disk full');
      expect(await imageCount(server.db)).to.equal(rowsBefore);
      expect(originals()).to.deep.equal(filesBefore);
    });
  });
});
