import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import { createMediaStorage, mediaRoot } from '../../../server/media-storage';
import { createImage } from '../../../server/models/images';
import { addChild } from '../../../server/models/pages';
import { addVideoTrack, createVideo, createVideoWithFile, getVideoWithSourcesAndTracks } from '../../../server/models/videos';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { createCollection, grantCollection } from '../../support/collections';
import { postMultipart } from '../../support/form-upload';
import { request, startTestServer, type TestServer } from '../../support/server';

const CLIP = readFileSync(new URL('../../../server/seed/assets/harbor-clip.webm', import.meta.url));
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nFresh catch!\n';
// An ISO BMFF 'ftyp' box: what file-type reads as MP4.
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom'), Buffer.alloc(64, 0)]);

describe('admin videos', () => {
  let server: TestServer;
  let storage: ReturnType<typeof createMediaStorage>;
  before(async () => {
    server = await startTestServer();
    storage = createMediaStorage(mediaRoot(server.config));
  });
  after(() => server.close());

  async function editorIn(collectionId: number, permissions: Parameters<typeof grantCollection>[3]) {
    const user = await createAdminUser(server.db);
    await grantCollection(server.db, user, collectionId, permissions);
    return { user, client: await signedInClient(server, user) };
  }

  async function poster(): Promise<number> {
    const bytes = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#0f2a3d' } })
      .png()
      .toBuffer();
    return (await createImage(server.db, storage, { title: `Poster ${uniqueSuffix()}`, bytes })).id;
  }

  it('lists videos of permitted collections and refuses users without media permissions', async () => {
    const mine = await createCollection(server.db, 'Films');
    const other = await createCollection(server.db, 'Secret');
    const word = `lobster${uniqueSuffix()}`;
    const shown = await createVideo(server.db, { title: `${word} shown`, collectionId: mine });
    await createVideo(server.db, { title: `${word} hidden`, collectionId: other });
    const { client } = await editorIn(mine, ['delete']);
    const list = await client.get(`/wagtail/videos/?q=${word}`);
    expect(list.status).to.equal(200);
    expect(list.body).to.include(`${word} shown`).and.include(`/wagtail/videos/delete/${shown.id}/`).and.not.include(`${word} hidden`);
    expect(list.body).to.not.include(`/wagtail/videos/edit/${shown.id}/`);
    const nobody = await signedInClient(server, await createAdminUser(server.db));
    for (const path of ['/wagtail/videos/', '/wagtail/videos/add/', '/wagtail/videos/multiple/add/', `/wagtail/videos/edit/${shown.id}/`]) {
      expect((await nobody.get(path)).status, path).to.equal(403);
    }
  });

  it('shows a refused upload beside the file field, whatever the file is called', async () => {
    const mine = await createCollection(server.db, 'Films');
    const { client } = await editorIn(mine, ['add']);
    const refused = await postMultipart(server, client, '/wagtail/videos/add/', { title: `Notes ${uniqueSuffix()}`, collection: String(mine), poster: '' }, [
      { field: 'file', filename: 'poster-notes.webm', bytes: Buffer.from('%PDF-1.4 not a video') },
    ]);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.match(/id="id_file-error"[^>]*>[^<]*poster-notes\.webm is not an MP4, WebM or Ogg video/);
    expect(refused.body).to.not.include('id="id_poster-error"');
  });

  it('adds a video with a file and a poster into a collection with add permission, refusing files that are not video', async () => {
    const mine = await createCollection(server.db, 'Films');
    const other = await createCollection(server.db, 'Secret');
    const { client } = await editorIn(mine, ['add']);
    const posterId = await poster();
    const page = await client.get('/wagtail/videos/add/');
    expect(page.status).to.equal(200);
    expect(page.body).to.include('data-controller="media-chooser"').and.include('data-media-chooser-url-value="/wagtail/images/chooser/"');

    const title = `Harbor ${uniqueSuffix()}`;
    const notVideo = await postMultipart(server, client, '/wagtail/videos/add/', { title, collection: String(mine), poster: '' }, [
      { field: 'file', filename: 'clip.webm', bytes: Buffer.from('%PDF-1.4 not a video') },
    ]);
    expect(notVideo.status).to.equal(400);
    expect(notVideo.body).to.include('is not an MP4, WebM or Ogg video');
    const elsewhere = await postMultipart(server, client, '/wagtail/videos/add/', { title, collection: String(other), poster: '' }, [
      { field: 'file', filename: 'clip.webm', bytes: CLIP },
    ]);
    expect(elsewhere.status).to.equal(400);
    expect(await server.db.selectFrom('videos').select('id').where('title', '=', title).execute()).to.have.length(0);

    const added = await postMultipart(server, client, '/wagtail/videos/add/', { title, collection: String(mine), poster: String(posterId) }, [
      { field: 'file', filename: 'clip.webm', bytes: CLIP },
    ]);
    expect(added.status).to.equal(303);
    const video = await server.db.selectFrom('videos').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
    expect(video).to.include({ collection_id: mine, poster_image_id: posterId });
    const loaded = await getVideoWithSourcesAndTracks(server.db, video.id);
    expect(loaded.sources).to.have.length(1);
    expect(loaded.sources[0]!.mimetype).to.equal('video/webm');
    expect(loaded.sources[0]!.url).to.match(/^\/media\/videos\/clip-[0-9a-f]{12}\.webm$/);
  });

  it('serves an uploaded video with byte ranges so a player can seek, and 404 for unknown names', async () => {
    const video = await createVideoWithFile(server.db, storage, { title: 'Seek', file: { filename: 'seek.webm', bytes: CLIP } });
    const [source] = (await getVideoWithSourcesAndTracks(server.db, video.id)).sources;
    const whole = await fetch(`${server.baseUrl}${source!.url}`);
    expect(whole.status).to.equal(200);
    expect(whole.headers.get('content-type')).to.equal('video/webm');
    expect(whole.headers.get('accept-ranges')).to.equal('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(CLIP)).to.equal(true);

    const middle = await fetch(`${server.baseUrl}${source!.url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(middle.status).to.equal(206);
    expect(middle.headers.get('content-range')).to.equal(`bytes 1000-1999/${CLIP.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(CLIP.subarray(1000, 2000))).to.equal(true);
    const tail = await fetch(`${server.baseUrl}${source!.url}`, { headers: { range: 'bytes=-100' } });
    expect(tail.status).to.equal(206);
    expect(tail.headers.get('content-range')).to.equal(`bytes ${CLIP.length - 100}-${CLIP.length - 1}/${CLIP.length}`);

    for (const path of ['/media/videos/nothing-000000000000.webm', '/media/videos/..%2Fsecret.webm', '/media/videos/x.exe']) {
      expect((await request(server, path)).status, path).to.equal(404);
    }
  });

  it('serves tracks stored as files and tracks kept inline from before, as WebVTT', async () => {
    const video = await createVideo(server.db, { title: 'Tracks' });
    const stored = await addVideoTrack(server.db, storage, video.id, { kind: 'captions', label: 'English', srclang: 'en', content: VTT });
    expect(stored.file).to.match(/^video_tracks\/english-en-[0-9a-f]{12}\.vtt$/);
    const inline = await server.db
      .insertInto('video_tracks')
      .values({ video_id: video.id, kind: 'subtitles', label: 'Old', srclang: 'es', content: VTT, file: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const track of [stored, inline]) {
      const response = await request(server, `/video-track/${track.id}/`);
      expect(response.status).to.equal(200);
      expect(response.headers['content-type']).to.equal('text/vtt; charset=utf-8');
      expect(response.headers['cache-control']).to.match(/^public, max-age=300(, no-transform)?$/);
      expect(response.body).to.equal(VTT);
    }
  });

  it('edits details, sources and tracks with change permission, and refuses others', async () => {
    const mine = await createCollection(server.db, 'Films');
    const owner = await editorIn(mine, ['add']);
    const stranger = await editorIn(mine, ['add']);
    const editor = await editorIn(mine, ['change']);
    const video = await createVideoWithFile(server.db, storage, { title: 'Dock', collectionId: mine, uploadedBy: owner.user.id, file: { filename: 'dock.webm', bytes: CLIP } });
    const posterId = await poster();

    expect((await stranger.client.get(`/wagtail/videos/edit/${video.id}/`)).status).to.equal(403);
    expect((await stranger.client.post(`/wagtail/videos/edit/${video.id}/`, { title: 'X', collection: String(mine), poster: '' })).status).to.equal(403);
    expect(
      (
        await postMultipart(server, stranger.client, `/wagtail/videos/edit/${video.id}/tracks/add/`, { kind: 'captions', label: 'E', srclang: 'en' }, [
          { field: 'file', filename: 'e.vtt', bytes: Buffer.from(VTT) },
        ])
      ).status,
    ).to.equal(403);
    expect((await owner.client.get(`/wagtail/videos/edit/${video.id}/`)).status).to.equal(200);

    const saved = await editor.client.post(`/wagtail/videos/edit/${video.id}/`, { title: 'Dock to dish', collection: String(mine), poster: String(posterId) });
    expect(saved.status).to.equal(303);
    expect(await server.db.selectFrom('videos').select(['title', 'poster_image_id']).where('id', '=', video.id).executeTakeFirstOrThrow()).to.deep.equal({
      title: 'Dock to dish',
      poster_image_id: posterId,
    });
    const noPoster = await editor.client.post(`/wagtail/videos/edit/${video.id}/`, { title: 'Dock to dish', collection: String(mine), poster: '987654' });
    expect(noPoster.status).to.equal(400);
    expect(noPoster.body).to.include('There is no image with id 987654');

    const url = await postMultipart(
      server,
      editor.client,
      `/wagtail/videos/edit/${video.id}/sources/add/`,
      { url: 'https://cdn.example.com/dock.mp4', mimetype: 'video/mp4', sort_order: '2' },
      [],
    );
    expect(url.status).to.equal(303);
    const http = await postMultipart(
      server,
      editor.client,
      `/wagtail/videos/edit/${video.id}/sources/add/`,
      { url: 'http://cdn.example.com/dock.mp4', mimetype: 'video/mp4', sort_order: '3' },
      [],
    );
    expect(http.status).to.equal(400);
    expect(http.body).to.include('must start with https://');
    const mp4 = await postMultipart(server, editor.client, `/wagtail/videos/edit/${video.id}/sources/add/`, { url: '', mimetype: 'video/webm', sort_order: '1' }, [
      { field: 'file', filename: 'dock.mp4', bytes: MP4_HEAD },
    ]);
    expect(mp4.status).to.equal(303);
    const fake = await postMultipart(server, editor.client, `/wagtail/videos/edit/${video.id}/sources/add/`, { url: '', mimetype: 'video/webm', sort_order: '1' }, [
      { field: 'file', filename: 'dock.webm', bytes: Buffer.from('<html>no</html>') },
    ]);
    expect(fake.status).to.equal(400);
    const sources = (await getVideoWithSourcesAndTracks(server.db, video.id)).sources;
    expect(sources.map((source) => source.mimetype)).to.deep.equal(['video/webm', 'video/mp4', 'video/mp4']);
    expect(sources[2]!.url).to.equal('https://cdn.example.com/dock.mp4');

    const notVtt = await postMultipart(server, editor.client, `/wagtail/videos/edit/${video.id}/tracks/add/`, { kind: 'captions', label: 'English', srclang: 'en', sort_order: '0' }, [
      { field: 'file', filename: 'en.srt', bytes: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nSRT\n') },
    ]);
    expect(notVtt.status).to.equal(400);
    expect(notVtt.body).to.include('A track must be WebVTT');
    const badLang = await postMultipart(
      server,
      editor.client,
      `/wagtail/videos/edit/${video.id}/tracks/add/`,
      { kind: 'captions', label: 'English', srclang: 'english', sort_order: '0' },
      [{ field: 'file', filename: 'en.vtt', bytes: Buffer.from(VTT) }],
    );
    expect(badLang.status).to.equal(400);
    expect(badLang.body).to.include('A track language is a code such as en or en-US.');
    const track = await postMultipart(server, editor.client, `/wagtail/videos/edit/${video.id}/tracks/add/`, { kind: 'captions', label: 'English', srclang: 'en', sort_order: '0' }, [
      { field: 'file', filename: 'en.vtt', bytes: Buffer.from(VTT) },
    ]);
    expect(track.status).to.equal(303);
    const row = await server.db.selectFrom('video_tracks').selectAll().where('video_id', '=', video.id).executeTakeFirstOrThrow();
    const replaced = `${VTT}\n00:02.000 --> 00:04.000\nMore\n`;
    const update = await postMultipart(
      server,
      editor.client,
      `/wagtail/videos/edit/${video.id}/tracks/${row.id}/`,
      { kind: 'subtitles', label: 'Inglés', srclang: 'en-US', sort_order: '4' },
      [{ field: 'file', filename: 'en.vtt', bytes: Buffer.from(replaced) }],
    );
    expect(update.status).to.equal(303);
    const updated = await server.db.selectFrom('video_tracks').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(updated).to.include({ kind: 'subtitles', label: 'Inglés', srclang: 'en-US', sort_order: 4 });
    expect(await storage.exists(row.file!)).to.equal(false);
    expect((await request(server, `/video-track/${row.id}/`)).body).to.equal(replaced);
    const edit = await editor.client.get(`/wagtail/videos/edit/${video.id}/`);
    expect(edit.body).to.include('Inglés').and.include('https://cdn.example.com/dock.mp4');

    expect((await editor.client.post(`/wagtail/videos/edit/${video.id}/tracks/${row.id}/delete/`)).status).to.equal(303);
    expect(await storage.exists(updated.file!)).to.equal(false);
    const [uploaded] = await server.db.selectFrom('video_sources').selectAll().where('video_id', '=', video.id).where('file', 'is not', null).orderBy('id').execute();
    expect((await editor.client.post(`/wagtail/videos/edit/${video.id}/sources/${uploaded!.id}/delete/`)).status).to.equal(303);
    expect(await storage.exists(uploaded!.file!)).to.equal(false);
  });

  it('shows usage before deleting, and deletes a video with its files for users who may delete', async () => {
    const mine = await createCollection(server.db, 'Films');
    const video = await createVideoWithFile(server.db, storage, { title: 'Oysters', collectionId: mine, file: { filename: 'oysters.webm', bytes: CLIP } });
    const track = await addVideoTrack(server.db, storage, video.id, { kind: 'captions', label: 'English', srclang: 'en', content: VTT });
    const [source] = await server.db.selectFrom('video_sources').selectAll().where('video_id', '=', video.id).execute();
    const site = await createTestSite(server.db);
    await addChild(server.db, site.home, {
      title: 'Watch oysters',
      slug: 'watch',
      pageType: 'content_page',
      content: { body: [{ type: 'video', id: 'v1', value: { video: video.id } }], confirmation: [] },
    });
    const changer = await editorIn(mine, ['change']);
    expect((await changer.client.get(`/wagtail/videos/usage/${video.id}/`)).body).to.include('Watch oysters');
    expect((await changer.client.get(`/wagtail/videos/delete/${video.id}/`)).status).to.equal(403);
    expect((await changer.client.post(`/wagtail/videos/delete/${video.id}/`)).status).to.equal(403);
    const deleter = await editorIn(mine, ['delete']);
    const confirm = await deleter.client.get(`/wagtail/videos/delete/${video.id}/`);
    expect(confirm.body).to.include('Used on 1 page').and.include('Watch oysters');
    expect((await deleter.client.post(`/wagtail/videos/delete/${video.id}/`)).status).to.equal(303);
    expect(await server.db.selectFrom('videos').select('id').where('id', '=', video.id).executeTakeFirst()).to.equal(undefined);
    expect(await storage.exists(source!.file!)).to.equal(false);
    expect(await storage.exists(track.file!)).to.equal(false);
  });

  it('answers the multiple upload and chooser upload contracts', async () => {
    const mine = await createCollection(server.db, 'Films');
    const other = await createCollection(server.db, 'Secret');
    const { client } = await editorIn(mine, ['add']);
    expect((await client.get('/wagtail/videos/multiple/add/')).status).to.equal(200);
    const uploaded = await postMultipart(
      server,
      client,
      '/wagtail/videos/multiple/add/',
      { collection: String(mine) },
      [{ field: 'files[]', filename: 'Sunset cruise.webm', bytes: CLIP }],
      { json: true },
    );
    expect(uploaded.status).to.equal(200);
    const body = uploaded.json<{ success: boolean; id: number; title: string; form: string }>();
    expect(body).to.include({ success: true, title: 'Sunset cruise' });
    expect(body.form).to.include(`action="/wagtail/videos/multiple/${body.id}/"`).and.include(`formaction="/wagtail/videos/multiple/${body.id}/delete/"`);
    const renamed = await client.post(`/wagtail/videos/multiple/${body.id}/`, { title: 'Sunset', collection: String(mine) });
    expect(renamed.json()).to.deep.include({ success: true });

    const bad = await postMultipart(
      server,
      client,
      '/wagtail/videos/multiple/add/',
      { collection: String(mine) },
      [{ field: 'files[]', filename: 'x.webm', bytes: Buffer.from('nope') }],
      { json: true },
    );
    expect(bad.status).to.equal(400);
    expect(bad.json<{ success: boolean; error_message: string }>()).to.include({ success: false });
    expect(await server.db.selectFrom('videos').select('id').where('title', '=', 'x').execute()).to.have.length(0);
    const elsewhere = await postMultipart(server, client, '/wagtail/videos/multiple/add/', { collection: String(other) }, [{ field: 'files[]', filename: 'y.webm', bytes: CLIP }], {
      json: true,
    });
    expect(elsewhere.status).to.equal(400);

    const stranger = await editorIn(mine, ['add']);
    expect((await stranger.client.post(`/wagtail/videos/multiple/${body.id}/delete/`)).status).to.equal(403);
    expect((await client.post(`/wagtail/videos/multiple/${body.id}/delete/`)).json()).to.deep.equal({ success: true });

    const posterId = await poster();
    const chosen = await postMultipart(
      server,
      client,
      '/wagtail/videos/chooser/upload/',
      { title: 'Grill', collection: String(mine), poster: String(posterId) },
      [{ field: 'file', filename: 'grill.webm', bytes: CLIP }],
      { json: true },
    );
    expect(chosen.status).to.equal(201);
    const result = chosen.json<{ result: { id: number; title: string; thumbnail_url?: string } }>().result;
    expect(result.title).to.equal('Grill');
    expect(result.thumbnail_url).to.match(/^\/media\/images\//);
    expect((await getVideoWithSourcesAndTracks(server.db, result.id)).poster?.id).to.equal(posterId);
    const refused = await postMultipart(
      server,
      client,
      '/wagtail/videos/chooser/upload/',
      { title: 'Grill', collection: String(mine) },
      [{ field: 'file', filename: 'grill.webm', bytes: Buffer.from('nope') }],
      { json: true },
    );
    expect(refused.status).to.equal(400);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.file![0]).to.match(/not an MP4, WebM or Ogg video/);
    const nobody = await signedInClient(server, await createAdminUser(server.db));
    expect(
      (
        await postMultipart(server, nobody, '/wagtail/videos/chooser/upload/', { title: 'X', collection: String(mine) }, [{ field: 'file', filename: 'x.webm', bytes: CLIP }], {
          json: true,
        })
      ).status,
    ).to.equal(403);
  });
});
