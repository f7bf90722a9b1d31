import { expect } from 'chai';
import { addChild, getPageOrThrow } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

interface PingReply {
  other_sessions: Array<{ user: string }>;
  page_changed: boolean;
}

describe('admin editing sessions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('tells an editor who else has the page open and when it changed, until released', async () => {
    const { home } = await createTestSite(server.db);
    const page = await addChild(server.db, home, { title: 'Shared', slug: 'shared', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const first = await createAdminUser(server.db, { superuser: true });
    const second = await createAdminUser(server.db, { superuser: true });
    const a = await signedInClient(server, first);
    const b = await signedInClient(server, second);
    const opened = page.latest_revision_id;
    const ping = async (client: AdminClient, key: string) =>
      (await client.postJson(`/wagtail/editing-sessions/ping/pages/${page.id}/${key}/`, { revision_id: opened })).json<PingReply>();

    expect(await ping(a, 'session-aaaa-1')).to.deep.include({ other_sessions: [], page_changed: false });
    expect((await ping(b, 'session-bbbb-1')).other_sessions.map((other) => other.user)).to.deep.equal([first.username]);

    const form = await a.get(`/wagtail/pages/${page.id}/edit/`);
    expect(form.body).to.include('data-controller="editing-session"');
    const saved = await a.post(`/wagtail/pages/${page.id}/edit/`, { title: 'Shared, edited', slug: 'shared', 'content-body': '[]', 'content-confirmation': '[]', revision_id: String(opened) });
    expect(saved.status).to.equal(303);
    expect((await getPageOrThrow(server.db, page.id)).latest_revision_id).to.not.equal(opened);
    expect((await ping(b, 'session-bbbb-1')).page_changed).to.equal(true);

    // A stale form saved over a newer revision is saved, with a warning.
    const stale = await b.post(`/wagtail/pages/${page.id}/edit/`, { title: 'Shared, mine', slug: 'shared', 'content-body': '[]', 'content-confirmation': '[]', revision_id: String(opened) });
    expect(stale.status).to.equal(303);
    expect((await b.get(stale.headers.location!)).body).to.include('changed by somebody else');

    expect((await b.postJson('/wagtail/editing-sessions/release/session-aaaa-1/')).status, 'not their session').to.equal(204);
    expect((await ping(b, 'session-bbbb-1')).other_sessions).to.have.length(1);
    expect((await a.postJson('/wagtail/editing-sessions/release/session-aaaa-1/')).status).to.equal(204);
    expect((await ping(b, 'session-bbbb-1')).other_sessions).to.deep.equal([]);
    expect((await b.postJson('/wagtail/editing-sessions/release/bad%20key/')).status).to.equal(400);
    expect((await new AdminClient(server).postJson('/wagtail/editing-sessions/release/session-bbbb-1/')).status).to.equal(403);
  });
});
