import { expect } from 'chai';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InvalidMediaKeyError, createMediaStorage, isMediaKey, mediaKey, mediaRoot, type MediaStorage } from '../../server/media-storage';

describe('media storage', () => {
  let root: string;
  let storage: MediaStorage;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'rh-media-'));
    storage = createMediaStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps media under MEDIA_DIR, else DATA_DIR/media', () => {
    expect(mediaRoot({ DATA_DIR: 'data', MEDIA_DIR: '/srv/media' })).to.equal('/srv/media');
    expect(mediaRoot({ DATA_DIR: '/var/lib/rh', MEDIA_DIR: undefined })).to.equal('/var/lib/rh/media');
    expect(mediaRoot({ DATA_DIR: '/var/lib/rh', MEDIA_DIR: ' ' })).to.equal('/var/lib/rh/media');
  });

  it('saves, reads and removes files by key, leaving no temp files behind', async () => {
    const key = mediaKey('documents', 'menu-1a2b.pdf');
    await storage.save(key, Buffer.from('%PDF-1.4 first'));
    await storage.save(key, Buffer.from('%PDF-1.4 second'));
    expect((await storage.read(key)).toString()).to.equal('%PDF-1.4 second');
    expect(readdirSync(path.join(root, 'documents'))).to.deep.equal(['menu-1a2b.pdf']);
    expect(readFileSync(path.join(root, 'documents', 'menu-1a2b.pdf'), 'utf8')).to.equal('%PDF-1.4 second');

    await storage.remove(key);
    await storage.remove(key);
    expect(readdirSync(path.join(root, 'documents'))).to.deep.equal([]);
  });

  it('refuses keys that could leave the media folder or name hidden files', async () => {
    for (const key of ['../secret', 'images/../../etc/passwd', '/etc/passwd', 'images/a/b.png', 'images/.hidden.tmp', 'images/a..png', 'other/x.png', 'images/', 'images\\x.png']) {
      expect(isMediaKey(key), key).to.equal(false);
      let refusedRead: unknown;
      await storage.read(key).catch((error: unknown) => (refusedRead = error));
      expect(refusedRead, key).to.be.instanceOf(InvalidMediaKeyError);
    }
    let refused: unknown;
    try {
      await storage.save('images/../escape.png', Buffer.from('x'));
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(InvalidMediaKeyError);
    expect(readdirSync(root)).to.deep.equal([]);
    expect(() => mediaKey('images', '../x.png')).to.throw(InvalidMediaKeyError);
    expect(isMediaKey('original_images/lobster-plate-1a2b3c4d.jpg')).to.equal(true);
  });
});
