import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createImageLoader, resolveImage } from '../../server/blocks/references';
import type { BlockContext } from '../../server/blocks/types';
import { createMediaStorage, type MediaStorage } from '../../server/media-storage';
import { createImage } from '../../server/models/images';
import { testBlockContext } from '../support/block-context';
import { testDb } from '../support/database';
import { createTestSite } from '../support/fixtures';

describe('block references', () => {
  let mediaDir: string;
  let storage: MediaStorage;
  let context: BlockContext;
  let imageIds: number[];

  before(async () => {
    const db = await testDb();
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-references-'));
    storage = createMediaStorage(mediaDir);
    const { home } = await createTestSite(db);
    context = testBlockContext({ db, storage, siteRoot: home });
    imageIds = [];
    for (const colour of ['#c8281e', '#0f2a3d']) {
      const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
        .png()
        .toBuffer();
      imageIds.push((await createImage(db, storage, { title: `Swatch ${colour}`, bytes })).id);
    }
  });
  after(() => rmSync(mediaDir, { recursive: true, force: true }));

  it('loads the images of one render together and resolves each to its own rendition', async () => {
    const imageLoader = createImageLoader(context.db);
    const [first, second, missing] = await Promise.all([
      resolveImage({ ...context, imageLoader }, imageIds[0], { spec: 'width-32' }),
      resolveImage({ ...context, imageLoader }, imageIds[1], { spec: 'width-32' }),
      resolveImage({ ...context, imageLoader }, 987654321, { spec: 'width-32' }),
    ]);
    expect(first?.alt).to.equal('Swatch #c8281e');
    expect(second?.alt).to.equal('Swatch #0f2a3d');
    expect([first?.width, first?.height]).to.deep.equal([32, 24]);
    expect(first?.src).to.not.equal(second?.src);
    expect(missing).to.equal(null);
  });

  it('resolves the same way without a loader', async () => {
    const image = await resolveImage(context, imageIds[0], { spec: 'width-32' });
    expect(image?.alt).to.equal('Swatch #c8281e');
    expect(await resolveImage(context, 987654321, { spec: 'width-32' })).to.equal(null);
  });
});
