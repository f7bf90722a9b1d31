import { expect } from 'chai';
import { addChild, getLatestRevision, getPageOrThrow, getRevisions, revisionSnapshot } from '../../../server/models/pages';
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
    const saved = await a.post(`/wagtail/pages/${page.id}/edit/`, {
      title: 'Shared, edited',
      slug: 'shared',
      'content-body': '[]',
      'content-confirmation': '[]',
      revision_id: String(opened),
    });
    expect(saved.status).to.equal(303);
    expect((await getPageOrThrow(server.db, page.id)).latest_revision_id).to.not.equal(opened);
    expect((await ping(b, 'session-bbbb-1')).page_changed).to.equal(true);

    expect((await b.postJson('/wagtail/editing-sessions/release/session-aaaa-1/')).status, 'not their session').to.equal(204);
    expect((await ping(b, 'session-bbbb-1')).other_sessions).to.have.length(1);
    expect((await a.postJson('/wagtail/editing-sessions/release/session-aaaa-1/')).status).to.equal(204);
    expect((await ping(b, 'session-bbbb-1')).other_sessions).to.deep.equal([]);
    expect((await b.postJson('/wagtail/editing-sessions/release/bad%20key/')).status).to.equal(400);
    expect((await new AdminClient(server).postJson('/wagtail/editing-sessions/release/session-bbbb-1/')).status).to.equal(403);
  });

  it('refuses a save or autosave from a stale form with 409, and saves over it only when the editor chooses', async () => {
    const { home } = await createTestSite(server.db);
    const page = await addChild(server.db, home, { title: 'Dock Days', slug: `dock-days-${Date.now()}`, pageType: 'content_page', content: { body: [], confirmation: [] } });
    const a = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const b = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const opened = String(page.latest_revision_id);
    const form = (title: string, more: Record<string, string> = {}) => ({ title, slug: page.slug, 'content-body': '[]', 'content-confirmation': '[]', revision_id: opened, ...more });

    expect((await b.post(`/wagtail/pages/${page.id}/edit/`, form("B's title"))).status).to.equal(303);
    const bRevision = await getLatestRevision(server.db, page);
    expect(revisionSnapshot(bRevision!).title).to.equal("B's title");

    const autosaved = await a.post(`/wagtail/pages/${page.id}/edit/autosave/`, form("A's stale title"));
    expect(autosaved.status, autosaved.body).to.equal(409);
    expect(autosaved.json<{ page_changed: boolean; latest_revision_id: number }>()).to.deep.include({ page_changed: true, latest_revision_id: bRevision!.id });
    const saved = await a.post(`/wagtail/pages/${page.id}/edit/`, form("A's stale title"));
    expect(saved.status).to.equal(409);
    // A's typing comes back in the form, still based on the revision A opened, with the choice.
    expect(saved.body).to.include('This page has been updated by another user.').and.include('value="A&#x27;s stale title"').and.include(`name="revision_id" value="${opened}"`);
    expect(saved.body).to.include('name="overwrite" value="1"').and.include(`href="/wagtail/pages/${page.id}/edit/">Refresh`);
    expect((await getLatestRevision(server.db, page))!.id).to.equal(bRevision!.id);
    expect((await getPageOrThrow(server.db, page.id)).draft_title).to.equal("B's title");

    // An autosave must name its base; a malformed one is refused.
    const { revision_id: _omitted, ...baseless } = form('No base');
    expect((await a.post(`/wagtail/pages/${page.id}/edit/autosave/`, baseless)).status).to.equal(400);
    expect((await a.post(`/wagtail/pages/${page.id}/edit/`, form('Bad base', { revision_id: 'x' }))).status).to.equal(400);

    const overwritten = await a.post(`/wagtail/pages/${page.id}/edit/`, form("A's title, deliberately", { overwrite: '1' }));
    expect(overwritten.status).to.equal(303);
    expect((await a.get(overwritten.headers.location!)).body).to.include('the other user&#x27;s version is kept in the revision history');
    expect(revisionSnapshot((await getLatestRevision(server.db, page))!).title).to.equal("A's title, deliberately");
    expect((await getRevisions(server.db, page)).map((revision) => revision.id)).to.include(bRevision!.id);

    // A form based on the newest revision saves as usual.
    const current = String((await getPageOrThrow(server.db, page.id)).latest_revision_id);
    expect((await b.post(`/wagtail/pages/${page.id}/edit/autosave/`, form("B's next title", { revision_id: current }))).status).to.equal(200);
  });
});
