import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chooserResponseSchema, streamFieldConfigSchema } from '../../../admin-client/streamfield/schemas';
import { CHOOSER_PAGE_SIZE } from '../../../server/admin/chooser-data';
import { STREAMFIELD_CHOOSER_URLS } from '../../../server/admin/streamfield-config';
import { createMediaStorage, type MediaStorage } from '../../../server/media-storage';
import { createDocument } from '../../../server/models/documents';
import { createImage, resolveCollectionId } from '../../../server/models/images';
import { addChild, getLatestRevision, getPageOrThrow, revisionSnapshot } from '../../../server/models/pages';
import { createVideo } from '../../../server/models/videos';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';

function swatch(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#1b7f93' } })
    .png()
    .toBuffer();
}

describe('the StreamField editor in the admin: page form and choosers', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-choosers-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  async function choose(client: AdminClient, url: string) {
    const response = await client.get(url);
    expect(response.status, response.body).to.equal(200);
    expect(response.headers['content-type']).to.match(/^application\/json/);
    return chooserResponseSchema.parse(JSON.parse(response.body)).results;
  }

  it('refuses anonymous visitors and users without admin access, changing nothing', async () => {
    const anonymous = new AdminClient(server);
    // Access withdrawn after sign-in: the session stays, the admin no longer answers.
    const withdrawn = await createAdminUser(server.db);
    const noAccess = await signedInClient(server, withdrawn);
    const [group] = await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', withdrawn.id).execute();
    await server.db.updateTable('groups').set({ can_access_admin: false }).where('id', '=', group!.group_id).execute();
    for (const url of Object.values(STREAMFIELD_CHOOSER_URLS)) {
      expect((await anonymous.get(`${url}?q=harbor`)).status, url).to.equal(403);
      expect((await noAccess.get(`${url}?q=harbor`)).status, url).to.equal(403);
    }
  });

  it('finds images by title with a thumbnail rendition, only in collections the user may choose from', async () => {
    const word = `Lobster${uniqueSuffix().replace(/\W/g, '')}`;
    const image = await createImage(server.db, storage, { title: `${word} on the dock`, bytes: await swatch() });
    await createImage(server.db, storage, { title: 'Unrelated oysters', bytes: await swatch() });
    const superuser = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const results = await choose(superuser, `${STREAMFIELD_CHOOSER_URLS.image}?q=${word.toLowerCase()}`);
    expect(results.map((choice) => choice.id)).to.deep.equal([image.id]);
    expect(results[0]!.title).to.equal(`${word} on the dock`);
    const thumbnail = await request(server, results[0]!.thumbnail_url!);
    expect(thumbnail.status).to.equal(200);
    expect(thumbnail.headers['content-type']).to.match(/^image\//);

    // Admin access alone grants no collection: Wagtail's choose, add or change are needed.
    const editor = await createAdminUser(server.db);
    const client = await signedInClient(server, editor);
    expect(await choose(client, `${STREAMFIELD_CHOOSER_URLS.image}?q=${word}`)).to.deep.equal([]);
    const [group] = await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', editor.id).execute();
    await server.db
      .insertInto('group_collection_permissions')
      .values({ group_id: group!.group_id, collection_id: await resolveCollectionId(server.db), permission: 'choose' })
      .execute();
    expect((await choose(client, `${STREAMFIELD_CHOOSER_URLS.image}?q=${word}`)).map((choice) => choice.id)).to.deep.equal([image.id]);
  });

  it('finds documents, videos and pages by title, at most one chooser page at a time', async () => {
    const word = `Chowder${uniqueSuffix().replace(/\W/g, '')}`;
    const document = await createDocument(server.db, storage, { title: `${word} menu`, filename: 'menu.pdf', bytes: Buffer.from('%PDF-1.4 menu') });
    const video = await createVideo(server.db, { title: `${word} at the pier` });
    const site = await createTestSite(server.db);
    const pages = [];
    for (let index = 0; index < CHOOSER_PAGE_SIZE + 2; index += 1) {
      pages.push(await addChild(server.db, site.home, { title: `${word} night ${index}`, slug: `night-${index}`, pageType: 'content_page', content: { body: [], confirmation: [] } }));
    }
    const client = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    expect(await choose(client, `${STREAMFIELD_CHOOSER_URLS.document}?q=${word}`)).to.deep.equal([{ id: document.id, title: `${word} menu` }]);
    expect(await choose(client, `${STREAMFIELD_CHOOSER_URLS.video}?q=${word}`)).to.deep.equal([{ id: video.id, title: `${word} at the pier` }]);
    const first = await choose(client, `${STREAMFIELD_CHOOSER_URLS.page}?q=${word}+night`);
    expect(first).to.have.length(CHOOSER_PAGE_SIZE);
    const second = await choose(client, `${STREAMFIELD_CHOOSER_URLS.page}?q=${word}+night&p=2`);
    expect([...first, ...second].map((choice) => choice.id).sort()).to.deep.equal(pages.map((page) => page.id).sort());
  });

  function editorConfigs(html: string) {
    return [...html.matchAll(/<div data-streamfield><script type="application\/json">(.*?)<\/script>/gs)].map((match) => streamFieldConfigSchema.parse(JSON.parse(match[1]!)));
  }

  it('mounts an editor per stream field with the titles of chosen images and pages, and keeps a refused value with its problems', async () => {
    const site = await createTestSite(server.db);
    const image = await createImage(server.db, storage, { title: 'Harbor at dawn', bytes: await swatch() });
    const body = [{ type: 'hero', id: 'hero-1', value: { image: image.id, title: 'Fresh from the harbor', link: { page: site.home.id, url: '' }, link_text: 'Home' } }];
    const page = await addChild(server.db, site.home, { title: 'Specials', slug: 'specials', pageType: 'content_page', content: { body, confirmation: [] } });
    const client = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));

    const form = await client.get(`/wagtail/pages/${page.id}/edit/`);
    expect(form.status).to.equal(200);
    const [bodyEditor, confirmationEditor] = editorConfigs(form.body);
    expect(bodyEditor).to.include({ name: 'content-body' });
    expect(confirmationEditor).to.include({ name: 'content-confirmation' });
    expect(bodyEditor!.value.map((block) => block.id)).to.deep.equal(['hero-1']);
    expect(bodyEditor!.reference_titles[`image:${image.id}`]).to.equal('Harbor at dawn');
    expect(bodyEditor!.reference_titles[`image:${image.id}:thumbnail`]).to.match(/^\/media\/images\//);
    expect(bodyEditor!.reference_titles[`page:${site.home.id}`]).to.equal(site.home.draft_title);
    expect(bodyEditor!.choosers).to.deep.equal(STREAMFIELD_CHOOSER_URLS);

    const refused = [{ type: 'hero', id: 'hero-1', value: { title: '', subtitle: 'Kept subtitle' } }];
    const response = await client.post(`/wagtail/pages/${page.id}/edit/`, {
      title: 'Specials',
      slug: 'specials',
      'content-body': JSON.stringify(refused),
      'content-confirmation': '[]',
      action: 'publish',
    });
    expect(response.status).to.equal(400);
    expect(response.body).to.include('id_content-body-error');
    const [again] = editorConfigs(response.body);
    expect(again!.value).to.deep.equal(refused);
    expect(again!.errors['hero-1']!.map((error) => error.path)).to.deep.include(['title']);
    expect((await getPageOrThrow(server.db, page.id)).live).to.equal(true);
  });

  it('autosaves a draft without checking the blocks, for editors of the page only', async () => {
    const site = await createTestSite(server.db);
    const page = await addChild(server.db, site.home, { title: 'Oyster Bar', slug: 'oyster-bar', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const unfinished = [{ type: 'hero', id: 'hero-1', value: { title: '', subtitle: 'Half typed' } }];
    const fields = {
      title: 'Oyster Bar tonight',
      slug: 'oyster-bar',
      'content-body': JSON.stringify(unfinished),
      'content-confirmation': '[]',
      revision_id: String(page.latest_revision_id),
    };

    const before = await getLatestRevision(server.db, page);
    const outsider = await signedInClient(server, await createAdminUser(server.db));
    expect((await outsider.postJson(`/wagtail/pages/${page.id}/edit/autosave/`, fields)).status).to.equal(403);
    expect((await new AdminClient(server).post(`/wagtail/pages/${page.id}/edit/autosave/`, fields)).status).to.equal(403);
    expect((await getLatestRevision(server.db, page))?.id).to.equal(before?.id);

    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: site.home, permissions: ['change'] }] }));
    expect((await editor.post(`/wagtail/pages/${page.id}/edit/autosave/`, fields, { csrf: false })).status).to.equal(403);
    const saved = await editor.post(`/wagtail/pages/${page.id}/edit/autosave/`, fields);
    expect(saved.status, saved.body).to.equal(200);
    const reply = JSON.parse(saved.body) as { revision_id: number; saved_at: string };
    const latest = await getLatestRevision(server.db, page);
    expect(reply.revision_id).to.equal(latest!.id);
    expect(new Date(reply.saved_at).getTime()).to.equal(latest!.created_at.getTime());
    expect(revisionSnapshot(latest!)).to.deep.include({ title: 'Oyster Bar tonight' });
    expect(revisionSnapshot(latest!).content.body).to.deep.equal(unfinished);
    expect(await getPageOrThrow(server.db, page.id)).to.include({ title: 'Oyster Bar', has_unpublished_changes: true });

    // What a revision cannot hold is still refused, as JSON.
    const refused = await editor.post(`/wagtail/pages/${page.id}/edit/autosave/`, { ...fields, slug: 'Not a slug!', revision_id: String(reply.revision_id) });
    expect(refused.status).to.equal(400);
    expect(JSON.parse(refused.body)).to.have.property('error').that.is.a('string').with.length.above(0);
  });
});
