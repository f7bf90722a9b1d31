import { expect } from 'chai';
import { addChild } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

interface ChooserEntry {
  id: number;
  title: string;
  selectable: boolean;
  browsable: boolean;
}
interface ChooserAnswer {
  breadcrumbs: ChooserEntry[];
  results: ChooserEntry[];
}

describe('admin page chooser of the move screen', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('browses and searches the tree, offering only destinations allowed for the page and the user', async () => {
    const { home } = await createTestSite(server.db);
    const word = `dock${Date.now().toString(36)}`;
    const section = await addChild(server.db, home, { title: `Section ${word}`, slug: 'section', pageType: 'content_page', content: { body: [] } });
    const other = await addChild(server.db, home, { title: 'Other', slug: 'other', pageType: 'content_page', content: { body: [] } });
    const page = await addChild(server.db, section, { title: 'Moving', slug: 'moving', pageType: 'content_page', content: { body: [] } });
    // Matches the search too, but lies inside the page being moved.
    await addChild(server.db, page, { title: `Under ${word}`, slug: 'under', pageType: 'content_page', content: { body: [] } });
    const url = `/wagtail/pages/${page.id}/move/choose/`;

    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    expect((await admin.get(`/wagtail/pages/${page.id}/move/`)).body).to.include(`data-page-chooser-url-value="${url}"`);
    const top = JSON.parse((await admin.get(url)).body) as ChooserAnswer;
    expect(top.breadcrumbs).to.have.length(1);
    expect(top.breadcrumbs[0]).to.include({ title: 'Root', selectable: false });
    const homeEntry = top.results.find((entry) => entry.id === home.id);
    expect(homeEntry).to.include({ browsable: true });

    const children = JSON.parse((await admin.get(`${url}?parent=${home.id}`)).body) as ChooserAnswer;
    expect(children.breadcrumbs.map((crumb) => crumb.id).slice(-1)).to.deep.equal([home.id]);
    expect(children.results.map((entry) => entry.id)).to.include.members([section.id, other.id]);
    expect(children.results.find((entry) => entry.id === other.id)).to.include({ selectable: true });
    const inside = JSON.parse((await admin.get(`${url}?parent=${section.id}`)).body) as ChooserAnswer;
    expect(inside.results.map((entry) => entry.id)).to.not.include(page.id);

    const found = JSON.parse((await admin.get(`${url}?q=${word}`)).body) as ChooserAnswer;
    expect(found.results.map((entry) => entry.id)).to.deep.equal([section.id]);

    const editor = await signedInClient(server, await createAdminUser(server.db, { pagePermissions: [{ page: section, permissions: ['add', 'change'] }] }));
    const limited = JSON.parse((await editor.get(`${url}?parent=${home.id}`)).body) as ChooserAnswer;
    expect(limited.results.find((entry) => entry.id === section.id)).to.include({ selectable: true });
    expect(limited.results.find((entry) => entry.id === other.id)).to.include({ selectable: false });

    const viewer = await signedInClient(server, await createAdminUser(server.db));
    expect((await viewer.get(url)).status).to.equal(403);
  });
});
