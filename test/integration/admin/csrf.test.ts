import { expect } from 'chai';
import { addChild, getPageOrThrow } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin CSRF protection', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('refuses every admin POST without the token, changing nothing', async () => {
    const { home } = await createTestSite(server.db);
    const page = await addChild(server.db, home, { title: 'Guarded', slug: 'guarded', pageType: 'content_page', content: { body: [], confirmation: [] } });
    const other = await createAdminUser(server.db);
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    const group = await server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', other.id).executeTakeFirstOrThrow();
    const paths = [
      '/wagtail/login/',
      '/wagtail/logout/',
      '/wagtail/account/',
      '/wagtail/account/change_password/',
      '/wagtail/password_reset/',
      `/wagtail/password_reset/confirm/MQ/abc-0123/`,
      `/wagtail/pages/add/${home.id}/content_page/`,
      `/wagtail/pages/${page.id}/edit/`,
      `/wagtail/pages/${page.id}/delete/`,
      `/wagtail/pages/${page.id}/unpublish/`,
      `/wagtail/pages/${page.id}/lock/`,
      `/wagtail/pages/${page.id}/unlock/`,
      `/wagtail/pages/${page.id}/move/`,
      `/wagtail/pages/${page.id}/move/up/`,
      `/wagtail/pages/${page.id}/copy/`,
      `/wagtail/pages/${page.id}/privacy/`,
      `/wagtail/pages/${page.id}/revisions/${page.latest_revision_id}/revert/`,
      '/wagtail/users/add/',
      `/wagtail/users/${other.id}/`,
      `/wagtail/users/${other.id}/deactivate/`,
      `/wagtail/users/${other.id}/delete/`,
      '/wagtail/groups/add/',
      `/wagtail/groups/${group.group_id}/`,
      `/wagtail/groups/${group.group_id}/delete/`,
      `/wagtail/api/main/pages/${page.id}/action/delete/`,
      `/wagtail/editing-sessions/ping/pages/${page.id}/session-key-1/`,
      '/wagtail/editing-sessions/release/session-key-1/',
    ];
    for (const path of paths) {
      const response = await admin.post(path, { title: 'Changed', name: 'Changed', username: 'changed' }, { csrf: false });
      expect(response.status, path).to.equal(403);
    }
    expect(await getPageOrThrow(server.db, page.id)).to.include({ title: 'Guarded', locked: false, live: true });
    expect((await admin.get('/wagtail/')).status, 'still signed in').to.equal(200);
  });
});
