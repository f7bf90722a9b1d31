import { expect } from 'chai';
import { PublishPageAction } from '../../../server/actions/publish-page';
import { addChild, getPageOrThrow, ScheduleError, setPageSchedule } from '../../../server/models/pages';
import { loadUserPermissions } from '../../../server/models/permissions';
import { createAdminUser, signedInClient } from '../../support/admin';
import { settableClock } from '../../support/clock';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

const NOW = new Date('2031-03-10T12:00:00Z');

describe('admin publishing schedule', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({}, { clock: settableClock(NOW).clock });
  });
  after(() => server.close());

  function pageForm(fields: Record<string, string>): Record<string, string> {
    return { title: 'Oyster Night', slug: '', seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': '[]', 'content-confirmation': '[]', ...fields };
  }

  async function editorOfSection() {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Section', slug: 'section', pageType: 'content_page', content: { body: [] } });
    const user = await createAdminUser(server.db, { superuser: true });
    return { section, user, editor: await signedInClient(server, user) };
  }

  it('refuses an expiry in the past beside the field, when adding and when editing, and the page stays as it was', async () => {
    const { section, editor } = await editorOfSection();
    const added = await editor.post(`/wagtail/pages/add/${section.id}/content_page/`, pageForm({ expire_at: '2031-03-10T11:00', action: 'publish' }));
    expect(added.status).to.equal(400);
    expect(added.body).to.match(/id_expire_at-error[^]*Expiry date\/time must be in the future\./);
    expect(added.body).to.not.include('published');

    const page = await addChild(server.db, section, { title: 'Chowder', slug: `chowder`, pageType: 'content_page', content: { body: [] } });
    const edited = await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm({ title: 'Chowder', slug: 'chowder', expire_at: '2031-03-10T11:59', action: 'publish' }));
    expect(edited.status).to.equal(400);
    expect(edited.body).to.match(/id_expire_at-error[^]*Expiry date\/time must be in the future\./);
    expect(await getPageOrThrow(server.db, page.id)).to.include({ live: true, expired: false });
    expect((await getPageOrThrow(server.db, page.id)).expire_at).to.equal(null);

    const ahead = await editor.post(`/wagtail/pages/${page.id}/edit/`, pageForm({ title: 'Chowder', slug: 'chowder', expire_at: '2031-03-10T12:30', action: 'publish' }));
    expect(ahead.status).to.equal(303);
    expect(await getPageOrThrow(server.db, page.id)).to.include({ live: true, expired: false });
  });

  it('refuses a go-live time after the expiry beside both fields', async () => {
    const { section, editor } = await editorOfSection();
    const refused = await editor.post(`/wagtail/pages/add/${section.id}/content_page/`, pageForm({ go_live_at: '2031-04-02T10:00', expire_at: '2031-04-01T10:00', action: 'save' }));
    expect(refused.status).to.equal(400);
    expect(refused.body).to.match(/id_go_live_at-error[^]*Go live date\/time must be before expiry date\/time/);
    expect(refused.body).to.match(/id_expire_at-error[^]*Go live date\/time must be before expiry date\/time/);
  });

  it('refuses to publish a page whose expiry has passed, whoever calls the action', async () => {
    const { section, user } = await editorOfSection();
    const page = await addChild(server.db, section, { title: 'Lobster', slug: 'lobster', pageType: 'content_page', content: { body: [] }, live: false });
    await setPageSchedule(server.db, page, { goLiveAt: null, expireAt: new Date('2031-03-01T00:00:00Z') });
    const action = new PublishPageAction(server.db, await getPageOrThrow(server.db, page.id), await loadUserPermissions(server.db, user), { now: NOW });
    let refusal: unknown;
    await action.execute().catch((error: unknown) => (refusal = error));
    expect(refusal).to.be.instanceOf(ScheduleError);
    expect(await getPageOrThrow(server.db, page.id)).to.include({ live: false });
  });
});
