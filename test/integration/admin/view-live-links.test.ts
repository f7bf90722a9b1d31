import { expect } from 'chai';
import { addChild } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin View live links', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
    // With a single site Wagtail links by path alone; these tests are about several.
    await createTestSite(server.db);
  });
  after(() => server.close());

  function pageForm(fields: Record<string, string>): Record<string, string> {
    return { title: '', slug: '', seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': '[]', ...fields };
  }

  /** A test site answering on `port`, with a live page and a draft under its home. */
  async function siteOnPort(port: number) {
    const site = await createTestSite(server.db);
    await server.db.updateTable('sites').set({ port }).where('id', '=', site.site.id).execute();
    const live = await addChild(server.db, site.home, { title: 'Chowder', slug: 'chowder', pageType: 'content_page', content: { body: [] } });
    const draft = await addChild(server.db, site.home, { title: 'Bisque', slug: 'bisque', pageType: 'content_page', content: { body: [] }, live: false });
    return { ...site, live, draft };
  }

  it('links a live page on a site with a non-default port to that host and port, from the explorer, the edit screen and the published message', async () => {
    const { home, hostname, live, draft } = await siteOnPort(8081);
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const liveUrl = `http://${hostname}:8081/chowder/`;

    const explorer = await admin.get(`/wagtail/pages/${home.id}/`);
    expect(explorer.body).to.include(`href="${liveUrl}"`);
    expect(explorer.body).to.not.include(`href="http://${hostname}:8081/bisque/"`);

    expect((await admin.get(`/wagtail/pages/${live.id}/edit/`)).body).to.include(`href="${liveUrl}"`);
    expect((await admin.get(`/wagtail/pages/${draft.id}/edit/`)).body).to.not.include('View live');

    const published = await admin.post(
      `/wagtail/pages/${draft.id}/edit/`,
      pageForm({ title: 'Bisque', slug: 'bisque', action: 'publish', revision_id: String(draft.latest_revision_id ?? '') }),
    );
    expect(published.status).to.equal(303);
    const landing = await admin.get(published.headers.location!);
    expect(landing.body).to.include('has been published.').and.include(`href="http://${hostname}:8081/bisque/"`);
  });

  it('leaves the port out on port 80', async () => {
    const { home, hostname } = await siteOnPort(80);
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    expect((await admin.get(`/wagtail/pages/${home.id}/`)).body).to.include(`href="http://${hostname}/chowder/"`);
  });

  it('links pages of the site the back office is opened on by their path, so the address the editor used (port included) is kept', async () => {
    const { home, hostname } = await siteOnPort(80);
    const user = await createAdminUser(server.db, { superuser: true });
    const admin = new AdminClient(server, { host: `${hostname}:${server.port}` });
    expect((await admin.signIn(user.username)).status).to.equal(303);
    const explorer = await admin.get(`/wagtail/pages/${home.id}/`);
    expect(explorer.body).to.include('href="/chowder/"').and.not.include(`//${hostname}/chowder/`);
  });
});
