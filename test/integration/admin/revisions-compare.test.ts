import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createMediaStorage } from '../../../server/media-storage';
import { createImage } from '../../../server/models/images';
import { addChild, getLatestRevision, getRevisions } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin revision compare', () => {
  let server: TestServer;
  let mediaDir: string;
  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-compare-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  function heading(id: string, text: string) {
    return { type: 'heading', id, value: { text } };
  }

  it('shows the changed fields and blocks between a revision and the current draft, to editors only', async () => {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Section', slug: 'section', pageType: 'content_page', content: { body: [] } });
    const page = await addChild(server.db, section, {
      title: 'Chowder',
      slug: 'chowder',
      pageType: 'content_page',
      content: { body: [heading('kept', 'Same every day'), heading('edited', 'Fresh off the boat'), heading('dropped', 'Closed on Mondays')] },
    });
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change'] }] }));
    const body = JSON.stringify([heading('kept', 'Same every day'), heading('edited', 'Straight from the dock'), heading('new-one', 'Now open Mondays')]);
    const saved = await editor.post(`/wagtail/pages/${page.id}/edit/`, {
      title: 'Chowder Days',
      slug: 'chowder',
      seo_title: '',
      search_description: '',
      go_live_at: '',
      expire_at: '',
      'content-body': body,
      action: 'save',
    });
    expect(saved.status).to.equal(303);
    const [, first] = await getRevisions(server.db, page);

    const list = await editor.get(`/wagtail/pages/${page.id}/revisions/`);
    const url = `/wagtail/pages/${page.id}/revisions/compare/${first!.id}...latest/`;
    expect(list.body).to.include(url);

    const compare = await editor.get(url);
    expect(compare.status).to.equal(200);
    const rows = compare.body.split('<tr').slice(1);
    const row = (marker: string) => rows.find((each) => each.includes(marker)) ?? '';
    expect(row('>Title<')).to.include('Chowder').and.include('Chowder Days');
    expect(compare.body).to.not.include('>Slug<');
    expect(row('data-block-id="edited"')).to.include('Heading (block 2)').and.include('changed').and.include('Fresh off the boat').and.include('Straight from the dock');
    expect(row('data-block-id="dropped"')).to.include('removed').and.include('Closed on Mondays');
    expect(row('data-block-id="new-one"')).to.include('added').and.include('Now open Mondays');
    expect(compare.body).to.not.include('data-block-id="kept"');

    const same = await editor.get(`/wagtail/pages/${page.id}/revisions/compare/latest...latest/`);
    expect(same.body).to.include('There are no differences between these versions.');
    expect((await editor.get(`/wagtail/pages/${page.id}/revisions/compare/${first!.id}..latest/`)).status).to.equal(404);

    const viewer = await signedInClient(server, await createAdminUser(server.db));
    expect((await viewer.get(url)).status).to.equal(403);
  });

  it('names blocks and fields by their labels, images by title, and shows only real changes', async () => {
    const { home } = await createTestSite(server.db);
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1b7f93' } })
      .png()
      .toBuffer();
    const [dawn, dusk] = [
      await createImage(server.db, createMediaStorage(mediaDir), { title: 'Harbor at dawn', bytes }),
      await createImage(server.db, createMediaStorage(mediaDir), { title: 'Harbor at dusk', bytes }),
    ];
    // As seeded: keys in another order, defaults left out and markup the sanitizer rewrites.
    const seeded = [
      { type: 'rich_text', id: '6f1c2a9e-body', value: { html: '<p class="intro">Fresh <strong>chowder</strong>\n  daily</p>' } },
      { type: 'image', id: '0d3b7c55-photo', value: { container_width: 'full', image: dawn.id } },
    ];
    const page = await addChild(server.db, home, { title: 'Chowder', slug: 'chowder', pageType: 'content_page', content: { body: seeded } });
    const editor = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const edited = [
      { type: 'rich_text', id: '6f1c2a9e-body', value: { alignment: 'left', html: '<p>Fresh <strong>chowder</strong> daily</p>' } },
      { type: 'image', id: '0d3b7c55-photo', value: { image: dusk.id, title: '', container_width: 'half' } },
    ];
    const saved = await editor.post(`/wagtail/pages/${page.id}/edit/`, {
      title: 'Chowder',
      slug: 'chowder',
      seo_title: '',
      search_description: '',
      go_live_at: '',
      expire_at: '',
      'content-body': JSON.stringify(edited),
      action: 'save',
    });
    expect(saved.status).to.equal(303);
    const compare = await editor.get(`/wagtail/pages/${page.id}/revisions/compare/live...latest/`);
    expect(compare.status).to.equal(200);
    expect(compare.body).to.not.include('data-block-id="6f1c2a9e-body"');
    expect(compare.body).to.not.match(/>[^<]*6f1c2a9e|>[^<]*0d3b7c55/);
    const photo = compare.body
      .split('<tr')
      .filter((row) => row.includes('data-block-id="0d3b7c55-photo"'))
      .join('');
    expect(photo).to.include('Image (block 2)').and.include('>Image<').and.include('Harbor at dawn').and.include('Harbor at dusk');
    expect(photo).to.include('>Container width<').and.include('>Full<').and.include('>Half<');
    expect(photo).to.not.include('container_width').and.not.include(`>${dawn.id}<`);
  });

  it('asks before reverting to an earlier revision', async () => {
    const { home } = await createTestSite(server.db);
    const page = await addChild(server.db, home, { title: 'Oysters', slug: 'oysters', pageType: 'content_page', content: { body: [] } });
    const editor = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    await editor.post(`/wagtail/pages/${page.id}/edit/`, {
      title: 'Oysters on ice',
      slug: 'oysters',
      seo_title: '',
      search_description: '',
      go_live_at: '',
      expire_at: '',
      'content-body': '[]',
      action: 'save',
    });
    const first = (await getRevisions(server.db, page)).at(-1);
    const url = `/wagtail/pages/${page.id}/revisions/${first!.id}/revert/`;
    const list = await editor.get(`/wagtail/pages/${page.id}/revisions/`);
    expect(list.body).to.include(`href="${url}"`);
    expect(list.body).to.not.match(/<form[^>]*revert/);
    const question = await editor.get(url);
    expect(question.status).to.equal(200);
    expect(question.body).to.include('Revert to the revision of').and.include('Yes, revert');
    expect((await getLatestRevision(server.db, page))!.id).to.not.equal(first!.id);
    expect((await getRevisions(server.db, page)).length).to.equal(2);
    expect((await editor.post(url)).status).to.equal(303);
    expect((await getRevisions(server.db, page)).length).to.equal(3);
    expect((await editor.get(`/wagtail/pages/${page.id}/revisions/999999999/revert/`)).status).to.equal(404);
  });
});
