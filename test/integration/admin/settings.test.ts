import { expect } from 'chai';
import type { HeaderContent } from '../../../client/lib/page-data';
import { getSiteSettings } from '../../../server/models/site-settings';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, sampleFooter, addFooterPage } from '../../support/fixtures';
import { request, startTestServer, type TestServer } from '../../support/server';

describe('admin site settings', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const editor = async (...permissions: Array<'add' | 'change' | 'delete'>) =>
    signedInClient(server, await createAdminUser(server.db, { objectPermissions: [{ model: 'site_settings', permissions }] }));

  const HEADER: HeaderContent = {
    sections: [
      {
        role: 'primary',
        title: '',
        links: [
          {
            display_name: 'Menu',
            url: '/menu/',
            link_type: 'internal',
            link_style: 'default',
            children: [{ display_name: 'Lunch', url: '/menu/lunch/', link_type: 'internal', link_style: 'default', children: [] }],
          },
        ],
      },
    ],
    map_page_url: null,
  };

  function settingsForm(fields: Record<string, string> = {}): Record<string, string> {
    return {
      brand_name: 'Blue Harbor',
      tagline: 'Fresh fish.',
      national_phone: '1-800-555-0199',
      guest_relations_hours: 'every day from 10 a.m. to 8 p.m. Eastern',
      private_dining_min: '10',
      private_dining_max: '30',
      account_login_url: '/account/login/',
      security_contact: 'mailto:security@blue.example',
      map_lat: '40.7',
      map_lng: '-74',
      header: JSON.stringify(HEADER),
      use_new_header: 'on',
      ...fields,
    };
  }

  it('opens the settings of the site the back office is on, else the default or first site, for users holding a site settings permission', async () => {
    const { site } = await createTestSite(server.db);
    const other = await createTestSite(server.db);
    const changer = await editor('change');
    const opened = await changer.get('/wagtail/settings/');
    expect(opened.status).to.equal(302);
    expect(opened.headers.location).to.match(/^\/wagtail\/settings\/core\/sitesettings\/\d+\/$/);
    expect((await changer.get(`/wagtail/settings/core/sitesettings/?site=${site.id}`)).headers.location).to.equal(`/wagtail/settings/core/sitesettings/${site.id}/`);
    const form = await changer.get(`/wagtail/settings/core/sitesettings/${site.id}/`);
    expect(form.status).to.equal(200);
    expect(form.body).to.include('value="Red Harbor"').and.include('data-page-field="header"').and.include('Switch site');
    expect(form.body).to.include(`<option value="${other.site.id}" >${other.site.site_name}</option>`);

    const adder = await editor('add', 'delete');
    expect((await adder.get('/wagtail/settings/')).status).to.equal(403);
    expect((await adder.get(`/wagtail/settings/core/sitesettings/${site.id}/`)).status).to.equal(403);
    expect((await adder.post(`/wagtail/settings/core/sitesettings/${site.id}/`, settingsForm())).status).to.equal(403);
    const none = await signedInClient(server, await createAdminUser(server.db));
    expect((await none.get('/wagtail/settings/')).status).to.equal(403);
    expect((await new AdminClient(server).get('/wagtail/settings/')).status).to.equal(302);
    expect((await (await editor('change')).get('/wagtail/settings/core/sitesettings/999999/')).status).to.equal(404);
  });

  it('saves valid settings with the header navigation, audited, and the public page shows them at once', async () => {
    const { site, home, hostname } = await createTestSite(server.db);
    await addFooterPage(server.db, home, sampleFooter());
    const before = await request(server, '/', { host: hostname });
    expect(before.body).to.include('1-800-555-0142');

    const changer = await editor('change');
    const saved = await changer.post(`/wagtail/settings/core/sitesettings/${site.id}/`, settingsForm());
    expect(saved.status).to.equal(303);
    expect((await changer.get(saved.headers.location!)).body).to.include('Site settings for');
    const settings = await getSiteSettings(server.db, site.id);
    expect(settings).to.deep.include({ brandName: 'Blue Harbor', nationalPhone: '1-800-555-0199', useNewHeader: true, privateDiningGuests: { min: 10, max: 30 } });
    expect(settings.header!.sections[0]!.links[0]!.children[0]).to.deep.include({ display_name: 'Lunch', url: '/menu/lunch/' });

    const after = await request(server, '/', { host: hostname });
    expect(after.body).to.include('1-800-555-0199').and.include('Blue Harbor').and.not.include('1-800-555-0142');
    expect(after.body).to.include('href="/menu/lunch/"');

    const entries = await server.db.selectFrom('admin_log_entries').selectAll().where('action', '=', 'site_settings.edit').where('object_id', '=', site.id).execute();
    expect(entries).to.have.length(1);
    expect(entries[0]!.data).to.deep.include({ nationalPhone: { before: '1-800-555-0142', after: '1-800-555-0199' } });
  });

  it('turns the new header off without losing its navigation, and stores no navigation when it holds nothing', async () => {
    const { site } = await createTestSite(server.db);
    const changer = await editor('change');
    const off = settingsForm();
    delete off.use_new_header;
    expect((await changer.post(`/wagtail/settings/core/sitesettings/${site.id}/`, off)).status).to.equal(303);
    const settings = await getSiteSettings(server.db, site.id);
    expect(settings.useNewHeader).to.equal(false);
    expect(settings.header!.sections).to.have.length(1);

    expect((await changer.post(`/wagtail/settings/core/sitesettings/${site.id}/`, settingsForm({ header: JSON.stringify({ sections: [], map_page_url: null }) }))).status).to.equal(303);
    expect((await getSiteSettings(server.db, site.id)).header).to.equal(null);
  });

  it('refuses invalid settings with each problem beside its field, keeping everything typed and saving nothing', async () => {
    const { site } = await createTestSite(server.db);
    const changer = await editor('change');
    const badHeader = {
      sections: [{ role: 'primary', title: '', links: [{ display_name: '', url: 'javascript:alert(1)', link_type: 'internal', link_style: 'default', children: [] }] }],
      map_page_url: null,
    };
    const refused = await changer.post(
      `/wagtail/settings/core/sitesettings/${site.id}/`,
      settingsForm({
        brand_name: '',
        national_phone: '12',
        private_dining_min: '40',
        private_dining_max: '20',
        security_contact: 'security@blue.example',
        account_login_url: '//evil.example/login',
        map_lat: 'north',
        header: JSON.stringify(badHeader),
      }),
    );
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include('id="id_brand_name-error"').and.include('id="id_national_phone-error"').and.include('id="id_private_dining_max-error"');
    expect(refused.body)
      .to.include('the smallest party cannot be larger than the largest')
      .and.include('must be a mailto: or https:// address')
      .and.include('must be a path on this site, starting with a single /');
    expect(refused.body).to.include('id="id_map_lat-error"').and.include('value="north"').and.include('value="security@blue.example"').and.include('value="12"');
    expect(refused.body).to.include('Header navigation › Sections › 1 › Links › 1 › URL: must be a path starting with /');
    expect(refused.body).to.include('javascript:alert(1)');
    expect((await getSiteSettings(server.db, site.id)).brandName).to.equal('Red Harbor');
    const entries = await server.db.selectFrom('admin_log_entries').select('id').where('action', '=', 'site_settings.edit').where('object_id', '=', site.id).execute();
    expect(entries).to.have.length(0);
  });

  it('lets a site that never set the switch follow OLO_NEW_HEADER, and its own switch win once saved', async () => {
    const flagged = await startTestServer({ OLO_NEW_HEADER: 'on' });
    try {
      const { site, hostname } = await createTestSite(flagged.db, { settings: { header: HEADER } });
      expect((await request(flagged, '/', { host: hostname })).body).to.include('href="/menu/lunch/"');
      const changer = await signedInClient(flagged, await createAdminUser(flagged.db, { objectPermissions: [{ model: 'site_settings', permissions: ['change'] }] }));
      expect((await changer.get(`/wagtail/settings/core/sitesettings/${site.id}/`)).body).to.match(/id="id_use_new_header" name="use_new_header" checked/);
      const off = settingsForm();
      delete off.use_new_header;
      expect((await changer.post(`/wagtail/settings/core/sitesettings/${site.id}/`, off)).status).to.equal(303);
      expect((await request(flagged, '/', { host: hostname })).body).to.not.include('href="/menu/lunch/"');
    } finally {
      await flagged.close();
    }
  });
});
