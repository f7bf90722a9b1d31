import { expect } from 'chai';
import { addChild, getPageOrThrow, setPageSchedule } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';

interface ApiPage {
  id: number;
  title: string;
  meta: { type: string; url_path: string; html_url: string | null; status: { live: boolean; locked: boolean } };
}

describe('admin API for pages', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  async function tree() {
    const site = await createTestSite(server.db);
    const section = await addChild(server.db, site.home, { title: 'News', slug: 'news', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const story = await addChild(server.db, section, { title: 'Story', slug: 'story', pageType: 'content_page', live: false, content: { body: [], confirmation: [] } });
    return { ...site, section, story };
  }

  it('answers anonymous callers with JSON 403', async () => {
    const response = await new AdminClient(server).get('/wagtail/api/main/pages/');
    expect(response.status).to.equal(403);
    expect(response.json<{ message: string }>().message).to.include('Sign in');
  });

  it('lists with filters, shows one page and finds a page by its address', async () => {
    const { home, section, story, hostname } = await tree();
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const children = (await admin.get(`/wagtail/api/main/pages/?child_of=${section.id}`)).json<{ meta: { total_count: number }; items: ApiPage[] }>();
    expect(children.meta.total_count).to.equal(1);
    expect(children.items[0]).to.deep.include({ id: story.id, title: 'Story' });
    const descendants = (await admin.get(`/wagtail/api/main/pages/?descendant_of=${home.id}&type=content_page`)).json<{ items: ApiPage[] }>();
    expect(descendants.items.map((item) => item.id)).to.deep.equal([section.id, story.id]);
    expect((await admin.get('/wagtail/api/main/pages/?limit=5000')).status).to.equal(400);
    const detail = (await admin.get(`/wagtail/api/main/pages/${story.id}/`)).json<ApiPage>();
    expect(detail.meta).to.deep.include({ type: 'content_page', url_path: story.url_path, html_url: null });
    // A live page's full address on its own site, as Wagtail's Page.full_url.
    const live = (await admin.get(`/wagtail/api/main/pages/${section.id}/`)).json<ApiPage>();
    expect(live.meta.html_url).to.equal(`http://${hostname}/news/`);
    const found = await request(server, '/wagtail/api/main/pages/find/?html_path=/news/story/', { host: hostname, headers: { cookie: admin.jar.header() } });
    expect(found.status).to.equal(302);
    expect(found.headers.location).to.equal(`/wagtail/api/main/pages/${story.id}/`);
  });

  it("publishes by the server's clock: an expiry that clock has passed is refused, however far ahead of the machine's", async () => {
    // The server's year is 2099; an expiry in 2050 is behind it, though still ahead of this machine.
    const later = await startTestServer({}, { clock: () => new Date('2099-01-01T12:00:00Z') });
    try {
      const site = await createTestSite(later.db);
      const story = await addChild(later.db, site.home, { title: 'Old Story', slug: 'old-story', pageType: 'content_page', live: false, content: { body: [], confirmation: [] } });
      await setPageSchedule(later.db, story, { goLiveAt: null, expireAt: new Date('2050-01-01T00:00:00Z') });
      const admin = await signedInClient(later, await createAdminUser(later.db, { superuser: true }));
      const refused = await admin.postJson(`/wagtail/api/main/pages/${story.id}/action/publish/`);
      expect(refused.status).to.equal(400);
      expect(refused.json<{ message: string }>().message).to.equal('Expiry date/time must be in the future.');
      expect((await getPageOrThrow(later.db, story.id)).live).to.equal(false);
    } finally {
      await later.close();
    }
  });

  it('runs actions with the same permission checks, CSRF and JSON errors', async () => {
    const { section, story } = await tree();
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change'] }] }));
    const noCsrf = await editor.postJson(`/wagtail/api/main/pages/${story.id}/action/lock/`, {}, { csrf: false });
    expect(noCsrf.status).to.equal(403);
    const denied = await editor.postJson(`/wagtail/api/main/pages/${story.id}/action/publish/`);
    expect(denied.status).to.equal(403);
    expect(denied.json<{ message: string }>().message).to.include('permission');
    expect((await getPageOrThrow(server.db, story.id)).live).to.equal(false);

    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const published = await admin.postJson(`/wagtail/api/main/pages/${story.id}/action/publish/`);
    expect(published.status).to.equal(200);
    expect(published.json<ApiPage>().meta.status.live).to.equal(true);
    expect((await admin.postJson(`/wagtail/api/main/pages/${story.id}/action/lock/`)).json<ApiPage>().meta.status.locked).to.equal(true);
    const badMove = await admin.postJson(`/wagtail/api/main/pages/${story.id}/action/move/`, { destination_page_id: 'nowhere' });
    expect(badMove.status).to.equal(400);
    expect((await admin.postJson(`/wagtail/api/main/pages/${story.id}/action/explode/`)).status).to.equal(404);
    const copy = await admin.postJson(`/wagtail/api/main/pages/${story.id}/action/copy/`, { destination_page_id: section.id, slug: 'story-2' });
    expect(copy.status).to.equal(201);
    expect((await admin.postJson(`/wagtail/api/main/pages/${copy.json<ApiPage>().id}/action/delete/`)).json()).to.deep.equal({ deleted: 1 });
  });
});
