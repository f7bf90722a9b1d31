import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { pageFieldsConfigSchema } from '../../../admin-client/streamfield/schemas';
import { encodeFieldValue } from '../../../admin-client/streamfield/form-values';
import { pageTypeFields } from '../../../server/admin/block-definitions';
import type { Page } from '../../../server/db/schema';
import { createMediaStorage, type MediaStorage } from '../../../server/media-storage';
import { createImage } from '../../../server/models/images';
import { addChild, getLatestRevision, getPageOrThrow, revisionSnapshot } from '../../../server/models/pages';
import { FOOTER_PAGE_TYPE } from '../../../server/pagetypes/footer-page';
import { PAGE_TYPES } from '../../../server/pagetypes/index';
import { DEMO_FOOTER } from '../../../server/seed/demo-content';
import { createAdminUser, signedInClient, type AdminClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

function swatch(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#b3261e' } })
    .png()
    .toBuffer();
}

/** The page-field editors' config the edit form embeds. */
function pageFieldsConfig(html: string) {
  const match = /<script type="application\/json" data-page-fields[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('The form has no page fields config');
  return pageFieldsConfigSchema.parse(JSON.parse(match[1]!));
}

/** The form an editor's browser posts for a page as it is stored (every field as the editor encodes it). */
function formOf(page: Page, content: Record<string, unknown>, overrides: Record<string, string> = {}): Record<string, string> {
  const pageType = PAGE_TYPES[page.page_type]!;
  const fields = Object.fromEntries(pageTypeFields(pageType).map((node) => [`content-${node.name}`, encodeFieldValue(node, content[node.name])]));
  return {
    title: page.title,
    slug: page.slug,
    seo_title: '',
    search_description: '',
    go_live_at: '',
    expire_at: '',
    revision_id: String(page.latest_revision_id ?? ''),
    ...fields,
    ...overrides,
  };
}

async function latestContent(server: TestServer, page: Page): Promise<Record<string, unknown>> {
  const fresh = await getPageOrThrow(server.db, page.id);
  const latest = await getLatestRevision(server.db, fresh);
  return latest ? revisionSnapshot(latest).content : fresh.content;
}

describe('page-type fields in the page edit form', () => {
  let server: TestServer;
  let mediaDir: string;
  let storage: MediaStorage;

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-page-fields-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  async function pressRelease(): Promise<{ page: Page; editor: AdminClient; viewer: AdminClient }> {
    const { home } = await createTestSite(server.db);
    const list = await addChild(server.db, home, { title: 'Press releases', slug: 'press-releases', pageType: 'press_release_list_page', content: {} });
    const page = await addChild(server.db, list, {
      title: 'New dock',
      slug: 'new-dock',
      pageType: 'press_release_page',
      content: { date: null, feature_image: null, body: '<p>Old</p>' },
    });
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: list, permissions: ['add', 'change', 'publish'] }] }));
    const viewer = await signedInClient(server, await createAdminUser(server.db));
    return { page, editor, viewer };
  }

  it('draws the press release fields as a date picker, an image chooser and a rich text editor, for editors only', async () => {
    const { page, editor, viewer } = await pressRelease();
    expect((await viewer.get(`/wagtail/pages/${page.id}/edit/`)).status).to.equal(403);
    const response = await editor.get(`/wagtail/pages/${page.id}/edit/`);
    expect(response.status).to.equal(200);
    const config = pageFieldsConfig(response.body);
    expect(config.fields.map((field) => [field.name, field.node.kind])).to.deep.equal([
      ['content-date', 'date'],
      ['content-feature_image', 'chooser'],
      ['content-body', 'rich_text'],
    ]);
    expect(config.choosers.image).to.equal('/wagtail/images/chooser/');
    expect(response.body).to.include('data-page-field="content-feature_image"');
  });

  it('saves the feature image chosen, sanitizes the body and reads a typed date', async () => {
    const { page, editor, viewer } = await pressRelease();
    const image = await createImage(server.db, storage, { title: 'Dock at dawn', bytes: await swatch() });
    const form = formOf(page, page.content, {
      'content-feature_image': String(image.id),
      'content-body': '<p>Now <strong>open</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      'content-date': '3/5/2026',
      action: 'save',
    });
    expect((await viewer.post(`/wagtail/pages/${page.id}/edit/`, form)).status).to.equal(403);
    const saved = await editor.post(`/wagtail/pages/${page.id}/edit/`, form);
    expect(saved.status, saved.body.slice(0, 500)).to.equal(303);
    const content = await latestContent(server, page);
    expect(content).to.include({ feature_image: image.id, date: '2026-03-05' });
    expect(content.body)
      .to.include('<strong>open</strong>')
      .and.not.match(/script|onerror|<img/);

    const again = await editor.get(`/wagtail/pages/${page.id}/edit/`);
    expect(pageFieldsConfig(again.body).reference_titles).to.include({ [`image:${image.id}`]: 'Dock at dawn' });
  });

  it('reads dates as people type them and refuses what is no date, beside the field', async () => {
    const { page, editor } = await pressRelease();
    for (const [typed, iso] of [
      ['2026-03-05', '2026-03-05'],
      ['March 5, 2026', '2026-03-05'],
      ['5 Mar 2026', '2026-03-05'],
    ] as const) {
      const saved = await editor.post(`/wagtail/pages/${page.id}/edit/`, formOf(await getPageOrThrow(server.db, page.id), page.content, { 'content-date': typed, action: 'save' }));
      expect(saved.status, typed).to.equal(303);
      expect(await latestContent(server, page), typed).to.include({ date: iso });
    }
    const refused = await editor.post(
      `/wagtail/pages/${page.id}/edit/`,
      formOf(await getPageOrThrow(server.db, page.id), page.content, { 'content-date': '2/30/2026', action: 'save' }),
    );
    expect(refused.status).to.equal(400);
    const dateField = pageFieldsConfig(refused.body).fields.find((field) => field.name === 'content-date')!;
    expect(dateField.value, 'what was typed stays').to.equal('2/30/2026');
    expect(dateField.errors).to.have.length(1);
    expect(dateField.errors[0]!.path).to.deep.equal([]);
    expect(dateField.errors[0]!.message).to.include('“2/30/2026” is not a date').and.include('YYYY-MM-DD');
    expect(refused.body).to.include('id_content-date-error');
    expect(await latestContent(server, page)).to.include({ date: '2026-03-05' });
  });

  it('refuses a reference to a deleted image, in a page field and in a block, with a message beside it', async () => {
    const { page, editor } = await pressRelease();
    const image = await createImage(server.db, storage, { title: 'Soon gone', bytes: await swatch() });
    await server.db.deleteFrom('images').where('id', '=', image.id).execute();
    for (const action of ['save', 'publish']) {
      const refused = await editor.post(`/wagtail/pages/${page.id}/edit/`, formOf(page, page.content, { 'content-feature_image': String(image.id), action }));
      expect(refused.status, action).to.equal(400);
      const field = pageFieldsConfig(refused.body).fields.find((each) => each.name === 'content-feature_image')!;
      expect(field.errors).to.deep.equal([{ path: [], message: 'The image chosen here no longer exists; choose another.' }]);
      expect(refused.body).to.include('Feature image: The image chosen here no longer exists; choose another.');
    }
    expect(await latestContent(server, page)).to.include({ feature_image: null });

    const { home } = await createTestSite(server.db);
    const content = await addChild(server.db, home, { title: 'Harbor', slug: 'harbor', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const body = JSON.stringify([{ type: 'image', id: 'pic', value: { image: image.id, title: '', container_width: 'full' } }]);
    const refused = await admin.post(`/wagtail/pages/${content.id}/edit/`, formOf(content, content.content, { 'content-body': body, action: 'save' }));
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include('Image (block 1), Image: The image chosen here no longer exists; choose another.');
  });

  it('edits and saves the demo footer unchanged, and a link added to a column', async () => {
    const { home } = await createTestSite(server.db);
    const footer = await addChild(server.db, home, { title: 'Footer', slug: 'footer', pageType: FOOTER_PAGE_TYPE, content: { ...DEMO_FOOTER } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const form = await admin.get(`/wagtail/pages/${footer.id}/edit/`);
    expect(form.status).to.equal(200);
    const config = pageFieldsConfig(form.body);
    expect(config.fields.map((field) => [field.name, field.node.kind])).to.deep.equal([
      ['content-columns', 'list'],
      ['content-social_media', 'list'],
      ['content-use_old_twitter_logo', 'boolean'],
      ['content-legal_text', 'rich_text'],
      ['content-region_nav', 'struct'],
    ]);
    expect(config.fields[0]!.value).to.deep.equal(DEMO_FOOTER.columns);
    expect(config.fields[4]!.value).to.deep.equal(DEMO_FOOTER.region_nav);

    const saved = await admin.post(`/wagtail/pages/${footer.id}/edit/`, formOf(footer, footer.content, { action: 'publish' }));
    expect(saved.status, saved.body.slice(0, 2000)).to.equal(303);
    expect((await getPageOrThrow(server.db, footer.id)).content).to.deep.equal({ ...DEMO_FOOTER });

    const columns = structuredClone(DEMO_FOOTER.columns);
    columns[0]!.links.push({ url: '/fish-market/', display_name: 'Fish Market', link_type: 'internal' });
    const live = await getPageOrThrow(server.db, footer.id);
    const added = await admin.post(`/wagtail/pages/${footer.id}/edit/`, formOf(live, live.content, { 'content-columns': JSON.stringify(columns), action: 'publish' }));
    expect(added.status).to.equal(303);
    expect((await getPageOrThrow(server.db, footer.id)).content).to.deep.include({ columns });

    const bad = structuredClone(columns);
    bad[1]!.links[0]!.url = 'javascript:alert(1)';
    const refused = await admin.post(`/wagtail/pages/${footer.id}/edit/`, formOf(live, live.content, { 'content-columns': JSON.stringify(bad), action: 'save' }));
    expect(refused.status).to.equal(400);
    const errors = pageFieldsConfig(refused.body).fields[0]!.errors;
    expect(errors.map((error) => error.path)).to.deep.equal([[1, 'links', 0, 'url']]);
    expect(refused.body).to.include('Columns › 2 › Links › 1 › URL:');
  });
});
