import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { Image, User } from '../../../server/db/schema';
import { addChild } from '../../../server/models/pages';
import { createMediaStorage } from '../../../server/media-storage';
import { createImage, getImage, setFocalPoint } from '../../../server/models/images';
import { getRendition } from '../../../server/models/renditions';
import { imageTagNames } from '../../../server/models/tags';
import { createAdminUser, signedInClient, type AdminClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { createCollection, grantCollection } from '../../support/collections';
import { postMultipart } from '../../support/form-upload';
import { solidImage } from '../../support/images';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin images', () => {
  let server: TestServer;
  let mediaDir: string;
  let harbor: number;
  let docks: number;
  let other: number;
  let superuser: User;
  let adder: User;
  let changer: User;
  let deleter: User;
  let outsider: User;
  let docksImage: Image;
  let otherImage: Image;
  const marker = `marker${uniqueSuffix()}`;
  const storage = () => createMediaStorage(mediaDir);

  before(async () => {
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'images-admin-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    harbor = await createCollection(server.db, 'Harbor');
    docks = await createCollection(server.db, 'Docks', harbor);
    other = await createCollection(server.db, 'Other');
    superuser = await createAdminUser(server.db, { superuser: true });
    // Granted on the parent: the child collection Docks inherits each grant.
    adder = await createAdminUser(server.db);
    await grantCollection(server.db, adder, harbor, ['add']);
    changer = await createAdminUser(server.db);
    await grantCollection(server.db, changer, harbor, ['change']);
    deleter = await createAdminUser(server.db);
    await grantCollection(server.db, deleter, harbor, ['delete']);
    outsider = await createAdminUser(server.db);
    await grantCollection(server.db, outsider, other, ['choose']);
    docksImage = await createImage(server.db, storage(), {
      title: `Lobster pots ${uniqueSuffix()}`,
      bytes: await solidImage(400, 200),
      collectionId: docks,
      uploadedBy: superuser.id,
      tags: ['harbour life', marker],
    });
    otherImage = await createImage(server.db, storage(), {
      title: `Oyster bar ${uniqueSuffix()}`,
      bytes: await solidImage(300, 300, '#c8281e'),
      collectionId: other,
      uploadedBy: superuser.id,
      tags: [marker],
    });
  });
  after(() => server.close());

  const as = (user: User): Promise<AdminClient> => signedInClient(server, user);

  it('lists images of collections where the user may add, change or delete, inherited from a parent', async () => {
    const all = await (await as(superuser)).get('/wagtail/images/');
    expect(all.status).to.equal(200);
    expect(all.body).to.include(`/wagtail/images/${docksImage.id}/`).and.include(`/wagtail/images/${otherImage.id}/`);
    for (const user of [adder, changer, deleter]) {
      const listing = await (await as(user)).get('/wagtail/images/');
      expect(listing.body).to.include(`/wagtail/images/${docksImage.id}/`).and.not.include(`/wagtail/images/${otherImage.id}/`);
    }
    const outside = await (await as(outsider)).get('/wagtail/images/');
    expect(outside.status).to.equal(200);
    expect(outside.body).to.not.include(`/wagtail/images/${docksImage.id}/`).and.not.include(`/wagtail/images/${otherImage.id}/`).and.not.include('href="/wagtail/images/add/"');
  });

  it('searches titles and tags, filters by collection and tag, orders and pages', async () => {
    const client = await as(superuser);
    expect((await client.get(`/wagtail/images/?q=${encodeURIComponent(docksImage.title.split(' ')[2]!)}`)).body)
      .to.include(`/wagtail/images/${docksImage.id}/`)
      .and.not.include(`/wagtail/images/${otherImage.id}/`);
    expect((await client.get('/wagtail/images/?q=harbour')).body)
      .to.include(`/wagtail/images/${docksImage.id}/`)
      .and.not.include(`/wagtail/images/${otherImage.id}/`);
    expect((await client.get('/wagtail/images/?tag=Harbour%20life')).body)
      .to.include(`/wagtail/images/${docksImage.id}/`)
      .and.not.include(`/wagtail/images/${otherImage.id}/`);
    const byCollection = await client.get(`/wagtail/images/?collection_id=${other}`);
    expect(byCollection.body).to.include(`/wagtail/images/${otherImage.id}/`).and.not.include(`/wagtail/images/${docksImage.id}/`);
    const ordered = (await client.get(`/wagtail/images/?tag=${marker}&ordering=title`)).body;
    expect(ordered.indexOf(`/wagtail/images/${docksImage.id}/`)).to.be.below(ordered.indexOf(`/wagtail/images/${otherImage.id}/`));
    const reversed = (await client.get(`/wagtail/images/?tag=${marker}&ordering=-title`)).body;
    expect(reversed.indexOf(`/wagtail/images/${otherImage.id}/`)).to.be.below(reversed.indexOf(`/wagtail/images/${docksImage.id}/`));
    expect((await client.get('/wagtail/images/?ordering=bogus&p=zz')).status).to.equal(200);
    expect((await client.get('/wagtail/images/?q=nothing-matches-this-at-all')).body).to.include('Sorry, no images match');
  });

  it('adds an image to a collection where the user holds add, titled from the file name, and refuses others', async () => {
    const client = await as(adder);
    expect((await client.get('/wagtail/images/add/')).status).to.equal(200);
    const added = await postMultipart(server, client, '/wagtail/images/add/', { title: '', collection: String(docks), tags: 'boats, "sea spray"', description: 'Boats at the quay' }, [
      { field: 'file', filename: 'quay-morning.png', bytes: await solidImage(60, 40) },
    ]);
    expect(added.status).to.equal(303);
    const image = await server.db.selectFrom('images').selectAll().where('title', '=', 'quay-morning').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(image).to.include({ collection_id: docks, uploaded_by_user_id: adder.id, description: 'Boats at the quay', width: 60, height: 40 });
    expect((await imageTagNames(server.db, [image.id])).get(image.id)).to.deep.equal(['boats', 'sea spray']);

    const elsewhere = await postMultipart(server, client, '/wagtail/images/add/', { collection: String(other) }, [
      { field: 'file', filename: 'x.png', bytes: await solidImage(10, 10) },
    ]);
    expect(elsewhere.status).to.equal(400);
    expect(elsewhere.body).to.include('Select a valid choice');

    for (const user of [changer, outsider]) {
      const refused = await as(user);
      expect((await refused.get('/wagtail/images/add/')).status).to.equal(403);
      expect(
        (await postMultipart(server, refused, '/wagtail/images/add/', { collection: String(docks) }, [{ field: 'file', filename: 'x.png', bytes: await solidImage(10, 10) }])).status,
      ).to.equal(403);
    }
  });

  it('edits with change on the collection, or add when the user uploaded the image (Wagtail owner rule)', async () => {
    const own = await createImage(server.db, storage(), { title: 'Own upload', bytes: await solidImage(80, 80), collectionId: docks, uploadedBy: adder.id });
    const adderClient = await as(adder);
    expect((await adderClient.get(`/wagtail/images/${own.id}/`)).status).to.equal(200);
    expect((await adderClient.get(`/wagtail/images/${docksImage.id}/`)).status).to.equal(403);
    expect((await adderClient.post(`/wagtail/images/${docksImage.id}/`, { title: 'Taken over', collection: String(docks) })).status).to.equal(403);
    expect((await (await as(outsider)).get(`/wagtail/images/${docksImage.id}/`)).status).to.equal(403);
    expect((await (await as(deleter)).get(`/wagtail/images/${docksImage.id}/`)).status).to.equal(403);

    const client = await as(changer);
    const page = await client.get(`/wagtail/images/${docksImage.id}/`);
    expect(page.status).to.equal(200);
    expect(page.body)
      .to.include('data-controller="focal-point"')
      .and.include('value="&quot;harbour life&quot;, ')
      .and.include('Multi-word tags with spaces will automatically be enclosed in double quotes (&quot;).');
    const saved = await client.post(`/wagtail/images/${docksImage.id}/`, {
      title: 'Lobster pots at dawn',
      description: 'Stacked lobster pots',
      collection: String(docks),
      tags: 'pots dawn',
      focal_point_x: '300',
      focal_point_y: '100',
      focal_point_width: '40',
      focal_point_height: '40',
    });
    expect(saved.status).to.equal(303);
    const updated = await getImage(server.db, docksImage.id);
    expect(updated).to.include({ title: 'Lobster pots at dawn', description: 'Stacked lobster pots', focal_point_x: 300, focal_point_width: 40 });
    expect((await imageTagNames(server.db, [docksImage.id])).get(docksImage.id)).to.deep.equal(['dawn', 'pots']);

    const outside = await client.post(`/wagtail/images/${docksImage.id}/`, {
      title: 'X',
      collection: String(docks),
      focal_point_x: '900',
      focal_point_y: '1',
      focal_point_width: '1',
      focal_point_height: '1',
    });
    expect(outside.status).to.equal(400);
    expect(outside.body).to.include('The focal point must lie within the image (400x200).');
    const moved = await client.post(`/wagtail/images/${docksImage.id}/`, { title: 'X', collection: String(other) });
    expect(moved.status).to.equal(400);
  });

  it('goes back to the filtered grid an image was edited from, when the form carries it as next', async () => {
    const image = await createImage(server.db, storage(), { title: `Crab shack ${uniqueSuffix()}`, bytes: await solidImage(60, 60), collectionId: docks, uploadedBy: superuser.id });
    const back = `/wagtail/images/?tag=${marker}&collection_id=${docks}`;
    const saved = await (await as(changer)).post(`/wagtail/images/${image.id}/`, { title: 'Crab shack at noon', description: '', collection: String(docks), tags: '', next: back });
    expect(saved.status).to.equal(303);
    expect(saved.headers.location).to.equal(back);
  });

  it('previews a rendition of the image, 400 for an invalid spec, 403 without edit permission', async () => {
    const client = await as(superuser);
    const preview = await fetch(`${server.baseUrl}/wagtail/images/${otherImage.id}/preview/fill-100x50/`, { headers: { cookie: client.jar.header() } });
    expect(preview.status).to.equal(200);
    expect(preview.headers.get('content-type')).to.equal('image/png');
    expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).to.include({ width: 100, height: 50 });
    const invalid = await client.get(`/wagtail/images/${otherImage.id}/preview/fill-banana/`);
    expect(invalid.status).to.equal(400);
    expect(invalid.body).to.equal('Invalid filter spec: fill-banana');
    expect((await (await as(adder)).get(`/wagtail/images/${docksImage.id}/preview/fill-100x50/`)).status).to.equal(403);
  });

  it('replacing the file drops every rendition and resets a focal point the new size does not fit', async () => {
    const image = await createImage(server.db, storage(), {
      title: 'Replace me',
      bytes: await solidImage(200, 100),
      collectionId: docks,
      focalPoint: { x: 50, y: 50, width: 20, height: 20 },
    });
    const renditions = await Promise.all(['fill-50x50', 'width-100'].map((spec) => getRendition(server.db, storage(), image, spec)));
    const client = await as(changer);
    const replaced = await postMultipart(
      server,
      client,
      `/wagtail/images/${image.id}/`,
      { title: 'Replace me', collection: String(docks), focal_point_x: '50', focal_point_y: '50', focal_point_width: '20', focal_point_height: '20' },
      [{ field: 'file', filename: 'new.png', bytes: await solidImage(120, 90, '#000000') }],
    );
    expect(replaced.status).to.equal(303);
    const after = await getImage(server.db, image.id);
    expect(after).to.include({ width: 120, height: 90, focal_point_x: null });
    expect(await server.db.selectFrom('image_renditions').select('id').where('image_id', '=', image.id).execute()).to.have.length(0);
    for (const rendition of renditions) expect(existsSync(path.join(mediaDir, rendition.file))).to.equal(false);
    expect(existsSync(path.join(mediaDir, image.file))).to.equal(false);
    expect(existsSync(path.join(mediaDir, after.file))).to.equal(true);
  });

  it('drops focal-point renditions when the focal point moves, and never hands out a dropped one again', async () => {
    const a = { x: 50, y: 50, width: 20, height: 20 };
    const image = await createImage(server.db, storage(), { title: 'Moving focus', bytes: await solidImage(200, 100), collectionId: docks, focalPoint: a });
    const first = await getRendition(server.db, storage(), image, 'fill-50x50');
    const width = await getRendition(server.db, storage(), image, 'width-100');
    const moved = await setFocalPoint(server.db, storage(), image, { x: 150, y: 50, width: 20, height: 20 });
    expect(existsSync(path.join(mediaDir, first.file))).to.equal(false);
    expect(existsSync(path.join(mediaDir, width.file))).to.equal(true);
    const back = await setFocalPoint(server.db, storage(), moved, a);
    const again = await getRendition(server.db, storage(), back, 'fill-50x50');
    expect(existsSync(path.join(mediaDir, again.file))).to.equal(true);
  });

  it('shows usage before deleting; delete needs delete on the collection or add as the uploader', async () => {
    const image = await createImage(server.db, storage(), { title: 'Delete me', bytes: await solidImage(40, 40), collectionId: docks, uploadedBy: superuser.id });
    expect((await (await as(adder)).get(`/wagtail/images/${image.id}/delete/`)).status).to.equal(403);
    expect((await (await as(changer)).post(`/wagtail/images/${image.id}/delete/`)).status).to.equal(403);
    expect((await (await as(outsider)).get(`/wagtail/images/usage/${image.id}/`)).status).to.equal(403);
    const usage = await (await as(changer)).get(`/wagtail/images/usage/${image.id}/`);
    expect(usage.status).to.equal(200);
    expect(usage.body).to.include('This image is not used on any page.');
    const site = await createTestSite(server.db);
    const body = [{ type: 'feature_image', id: 'usage-1', value: { image: image.id, caption: '' } }];
    const using = await addChild(server.db, site.home, { title: 'Raw bar guide', slug: `raw-bar-${uniqueSuffix()}`, pageType: 'content_page', content: { body, confirmation: [] } });
    const used = await (await as(changer)).get(`/wagtail/images/usage/${image.id}/`);
    expect(used.body).to.include(`href="/wagtail/pages/${using.id}/edit/"`).and.include('Raw bar guide').and.include('Live version');

    const client = await as(deleter);
    const confirm = await client.get(`/wagtail/images/${image.id}/delete/`);
    expect(confirm.status).to.equal(200);
    expect(confirm.body).to.include('Are you sure you want to delete this image?').and.include('This image is used on 1 page:').and.include(`href="/wagtail/pages/${using.id}/edit/"`);
    expect((await client.post(`/wagtail/images/${image.id}/delete/`)).status).to.equal(303);
    expect(await server.db.selectFrom('images').select('id').where('id', '=', image.id).executeTakeFirst()).to.equal(undefined);
    expect(existsSync(path.join(mediaDir, image.file))).to.equal(false);

    const own = await createImage(server.db, storage(), { title: 'Own delete', bytes: await solidImage(40, 40), collectionId: docks, uploadedBy: adder.id });
    expect((await (await as(adder)).post(`/wagtail/images/${own.id}/delete/`)).status).to.equal(303);
  });

  it('multiple upload: one file per request answers JSON with the item form, which updates and deletes', async () => {
    const client = await as(adder);
    const page = await client.get('/wagtail/images/multiple/add/');
    expect(page.status).to.equal(200);
    expect((await (await as(changer)).get('/wagtail/images/multiple/add/')).status).to.equal(403);

    const uploaded = await postMultipart(
      server,
      client,
      '/wagtail/images/multiple/add/',
      { collection: String(docks) },
      [{ field: 'files[]', filename: 'net-mending.png', bytes: await solidImage(30, 30) }],
      { json: true },
    );
    expect(uploaded.status).to.equal(200);
    const body = JSON.parse(uploaded.body) as { success: boolean; id: number; title: string; form: string };
    expect(body).to.include({ success: true, title: 'net-mending' });
    expect(body.form)
      .to.include(`action="/wagtail/images/multiple/${body.id}/"`)
      .and.include(`formaction="/wagtail/images/multiple/${body.id}/delete/"`)
      .and.include('name="csrfmiddlewaretoken"')
      .and.include('>Update<');

    const notImage = await postMultipart(
      server,
      client,
      '/wagtail/images/multiple/add/',
      { collection: String(docks) },
      [{ field: 'files[]', filename: 'notes.png', bytes: Buffer.from('plain text') }],
      { json: true },
    );
    expect(notImage.status).to.equal(400);
    expect(JSON.parse(notImage.body)).to.deep.include({ success: false });
    expect((JSON.parse(notImage.body) as { error_message: string }).error_message).to.match(/not an image we can read/);

    const form = await fetch(`${server.baseUrl}/wagtail/images/multiple/${body.id}/`, {
      method: 'POST',
      headers: { cookie: client.jar.header(), accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': client.jar.get('csrftoken') ?? '' },
      body: new URLSearchParams({ title: 'Mending nets', collection: String(docks), tags: 'nets' }).toString(),
    });
    expect(form.status).to.equal(200);
    expect(((await form.json()) as { success: boolean; form: string }).form).to.include('value="Mending nets"');
    const invalid = await fetch(`${server.baseUrl}/wagtail/images/multiple/${body.id}/`, {
      method: 'POST',
      headers: { cookie: client.jar.header(), accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-csrftoken': client.jar.get('csrftoken') ?? '' },
      body: new URLSearchParams({ title: ' ', collection: String(docks) }).toString(),
    });
    expect(invalid.status).to.equal(400);
    expect(((await invalid.json()) as { form: string }).form).to.include('This field is required.');

    expect((await (await as(outsider)).post(`/wagtail/images/multiple/${body.id}/delete/`)).status).to.equal(403);
    const deleted = await fetch(`${server.baseUrl}/wagtail/images/multiple/${body.id}/delete/`, {
      method: 'POST',
      headers: { cookie: client.jar.header(), accept: 'application/json', 'x-csrftoken': client.jar.get('csrftoken') ?? '' },
    });
    expect(await deleted.json()).to.deep.equal({ success: true });
    expect(await server.db.selectFrom('images').select('id').where('id', '=', body.id).executeTakeFirst()).to.equal(undefined);
  });

  it('chooser upload: 201 with the new image for a user who may add there, 400 with field errors, 403 otherwise', async () => {
    const client = await as(adder);
    const created = await postMultipart(
      server,
      client,
      '/wagtail/images/chooser/upload/',
      { title: 'Chosen upload', collection: String(docks), tags: 'chosen' },
      [{ field: 'file', filename: 'c.png', bytes: await solidImage(50, 50) }],
      { json: true },
    );
    expect(created.status).to.equal(201);
    const { result } = JSON.parse(created.body) as { result: { id: number; title: string; thumbnail_url: string } };
    expect(result.title).to.equal('Chosen upload');
    expect(result.thumbnail_url).to.match(/^\/media\/images\//);
    const failed = await postMultipart(
      server,
      client,
      '/wagtail/images/chooser/upload/',
      { title: 'Broken', collection: String(docks) },
      [{ field: 'file', filename: 'c.png', bytes: Buffer.from('nope') }],
      { json: true },
    );
    expect(failed.status).to.equal(400);
    expect((JSON.parse(failed.body) as { errors: Record<string, string[]> }).errors.file![0]).to.match(/not an image we can read/);
    expect(
      (
        await postMultipart(
          server,
          await as(outsider),
          '/wagtail/images/chooser/upload/',
          { title: 'No', collection: String(other) },
          [{ field: 'file', filename: 'c.png', bytes: await solidImage(5, 5) }],
          { json: true },
        )
      ).status,
    ).to.equal(403);
  });
});
