import { expect } from 'chai';
import { addChild, getChildren } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

// 15:30 UTC is 11:30 in New York (EDT) and 00:30 the next day in Tokyo.
const NOW = new Date('2031-07-01T15:30:00Z');

describe('admin wording, landing screens and time zones', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ TIME_ZONE: 'America/New_York' }, { clock: () => NOW });
  });
  after(() => server.close());

  function pageForm(fields: Record<string, string>): Record<string, string> {
    return { title: '', slug: '', seo_title: '', search_description: '', go_live_at: '', expire_at: '', 'content-body': '[]', 'content-confirmation': '[]', ...fields };
  }

  async function section() {
    const site = await createTestSite(server.db);
    const parent = await addChild(server.db, site.home, { title: 'Menu', slug: 'menu', pageType: 'content_page', content: { body: [] } });
    const admin = await signedInClient(server, await createAdminUser(server.db, { superuser: true }));
    return { ...site, parent, admin };
  }

  it('says one subpage, one page in all and one matching page in the singular', async () => {
    const { home, parent, admin } = await section();
    const word = `scallop${Date.now()}`;
    const child = await addChild(server.db, parent, { title: `Seared ${word}`, slug: 'seared', pageType: 'content_page', content: { body: [] } });
    const explorer = await admin.get(`/wagtail/pages/${home.id}/`);
    expect(explorer.body).to.include('1 subpage ›').and.not.include('1 subpages');
    expect((await admin.get(`/wagtail/pages/search/?q=${word}`)).body).to.include('>1 matching page<');
    const unpublished = await admin.post(`/wagtail/pages/${child.id}/unpublish/`, {});
    expect(unpublished.status).to.equal(303);
    expect((await admin.get(`/wagtail/pages/${parent.id}/`)).body).to.include('(1 page in all).');
  });

  it('names a block problem by block label, position and field label', async () => {
    const { parent, admin } = await section();
    const body = JSON.stringify([
      { type: 'heading', id: 'h1', value: { text: 'Fine' } },
      { type: 'hero', id: 'x1', value: { title: '' } },
    ]);
    const refused = await admin.post(`/wagtail/pages/add/${parent.id}/content_page/`, pageForm({ title: 'Hero trouble', 'content-body': body, action: 'save' }));
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include('Hero (block 2), Title: This field is required.');
    expect(refused.body).to.not.include('Block 2 (Hero)');
  });

  it('lands on the parent listing with a View live link after publishing, from Add and from Edit alike', async () => {
    const { parent, admin, hostname } = await section();
    const added = await admin.post(`/wagtail/pages/add/${parent.id}/content_page/`, pageForm({ title: 'Crab Cakes', action: 'publish' }));
    expect(added.status).to.equal(303);
    expect(added.headers.location).to.equal(`/wagtail/pages/${parent.id}/`);
    const listing = await admin.get(added.headers.location!);
    expect(listing.body).to.include('Page &#x27;Crab Cakes&#x27; has been published.').and.include(`href="http://${hostname}/menu/crab-cakes/"`).and.include('View live');

    const [page] = (await getChildren(server.db, parent)).filter((each) => each.slug === 'crab-cakes');
    const edited = await admin.post(
      `/wagtail/pages/${page!.id}/edit/`,
      pageForm({ title: 'Crab Cakes', slug: 'crab-cakes', action: 'publish', revision_id: String(page!.latest_revision_id) }),
    );
    expect(edited.headers.location).to.equal(added.headers.location);
    expect((await admin.get(edited.headers.location!)).body).to.include('Page &#x27;Crab Cakes&#x27; has been published.');
  });

  it('tells whoever adds a user that the password is required', async () => {
    const { admin } = await section();
    const form = await admin.get('/wagtail/users/add/');
    expect(form.body).to.include('Required: at least 10 characters').and.not.include('Leave empty to keep the current password');
  });

  it('shows admin dates in the site time zone, or in the zone the user chose on the account page', async () => {
    const { parent, admin } = await section();
    await admin.post(`/wagtail/pages/${parent.id}/edit/`, pageForm({ title: 'Menu', slug: 'menu', action: 'save', go_live_at: '2031-08-01T09:00' }));
    const account = await admin.get('/wagtail/account/');
    expect(account.body).to.include('Current time zone').and.include('<option value="Asia/Tokyo">').and.include('(America/New_York)');
    const siteZone = await admin.get(`/wagtail/pages/${parent.id}/edit/`);
    expect(siteZone.body).to.include('value="2031-08-01T09:00"').and.include('Go-live date and time (America/New_York)');
    expect((await admin.get(`/wagtail/pages/${parent.id}/revisions/`)).body).to.match(/\d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T</);

    expect((await admin.post('/wagtail/account/', { first_name: '', last_name: '', email: '', current_time_zone: 'Mars/Olympus' })).status).to.equal(400);
    const chosen = await admin.post('/wagtail/account/', { first_name: '', last_name: '', email: '', current_time_zone: 'Asia/Tokyo' });
    expect(chosen.status).to.equal(303);
    expect((await admin.get('/wagtail/account/')).body).to.include('<option value="Asia/Tokyo" selected>');
    const tokyo = await admin.get(`/wagtail/pages/${parent.id}/edit/`);
    expect(tokyo.body).to.include('value="2031-08-01T22:00"').and.include('Go-live date and time (Asia/Tokyo)');
    // Revisions are stamped by the database's clock, so only the zone is certain.
    expect((await admin.get(`/wagtail/pages/${parent.id}/revisions/`)).body).to.match(/\d{4}, \d{1,2}:\d{2}\s[AP]M GMT\+9</);
  });
});
