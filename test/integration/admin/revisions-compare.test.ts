import { expect } from 'chai';
import { addChild, getRevisions } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin revision compare', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  function heading(id: string, text: string) {
    return { type: 'heading', id, value: { text } };
  }

  it('shows the changed fields and blocks between a revision and the current draft, to editors only', async () => {
    const { home } = await createTestSite(server.db);
    const section = await addChild(server.db, home, { title: 'Section', slug: 'section', pageType: 'content_page', content: { body: [] } });
    const page = await addChild(server.db, section, {
      title: 'Chowder',
      slug: 'chowder',
      pageType: 'content_page',
      content: { body: [heading('kept', 'Same every day'), heading('edited', 'Fresh off the boat'), heading('dropped', 'Closed on Mondays')] },
    });
    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['change'] }] }));
    const body = JSON.stringify([heading('kept', 'Same every day'), heading('edited', 'Straight from the dock'), heading('new-one', 'Now open Mondays')]);
    const saved = await editor.post(`/wagtail/pages/${page.id}/edit/`, {
      title: 'Chowder Days', slug: 'chowder', seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': body, action: 'save',
    });
    expect(saved.status).to.equal(303);
    const [, first] = await getRevisions(server.db, page);

    const list = await editor.get(`/wagtail/pages/${page.id}/revisions/`);
    const url = `/wagtail/pages/${page.id}/revisions/compare/${first!.id}...latest/`;
    expect(list.body).to.include(url);

    const compare = await editor.get(url);
    expect(compare.status).to.equal(200);
    const rows = compare.body.split('<tr').slice(1);
    const row = (marker: string) => rows.find((each) => each.includes(marker)) ?? '';
    expect(row('>Title<')).to.include('Chowder').and.include('Chowder Days');
    expect(compare.body).to.not.include('>Slug<');
    expect(row('data-block-id="edited"')).to.include('changed').and.include('Fresh off the boat').and.include('Straight from the dock');
    expect(row('data-block-id="dropped"')).to.include('removed').and.include('Closed on Mondays');
    expect(row('data-block-id="new-one"')).to.include('added').and.include('Now open Mondays');
    expect(compare.body).to.not.include('data-block-id="kept"');

    const same = await editor.get(`/wagtail/pages/${page.id}/revisions/compare/latest...latest/`);
    expect(same.body).to.include('There are no differences between these versions.');
    expect((await editor.get(`/wagtail/pages/${page.id}/revisions/compare/${first!.id}..latest/`)).status).to.equal(404);

    const viewer = await signedInClient(server, await createAdminUser(server.db));
    expect((await viewer.get(url)).status).to.equal(403);
  });
});
