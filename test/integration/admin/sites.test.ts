import { expect } from 'chai';
import { migrateToLatest } from '../../../server/db/migrate';
import { addChild } from '../../../server/models/pages';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { openScratchDatabase, type TestDatabase } from '../../support/database';
import { createTestSite, ensureRoot, uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';

describe('admin sites', () => {
  let server: TestServer;
  // The default site is one per database: these tests make and unmake it in a database of their own.
  let scratch: TestDatabase;

  before(async () => {
    scratch = await openScratchDatabase();
    await migrateToLatest(scratch.handle.db);
    server = await startTestServer({}, { db: scratch.handle.db });
  });
  after(async () => {
    await server.close();
    await scratch.dispose();
  });

  const superuser = async () => signedInClient(server, await createAdminUser(server.db, { superuser: true }));
  const withSitePermissions = async (...permissions: Array<'add' | 'change' | 'delete'>) =>
    signedInClient(server, await createAdminUser(server.db, { objectPermissions: [{ model: 'site', permissions }] }));
  const logEntries = (action: string, siteId: number) =>
    server.db.selectFrom('admin_log_entries').selectAll().where('action', '=', action).where('object_type', '=', 'site').where('object_id', '=', siteId).execute();
  const siteForm = (fields: Record<string, string>) => ({ hostname: '', port: '80', site_name: '', root_page: '', ...fields });

  it('lists the sites with port, name, root page and the default flag, for users holding a site permission', async () => {
    const { site, hostname } = await createTestSite(server.db);
    const list = await (await withSitePermissions('change')).get('/wagtail/sites/');
    expect(list.status).to.equal(200);
    const row = list.body.slice(list.body.indexOf(`data-site-id="${site.id}"`));
    expect(row.slice(0, row.indexOf('</tr>')))
      .to.include(hostname)
      .and.include('>80<')
      .and.include('Test Home')
      .and.include(`href="/wagtail/sites/${site.id}/"`);
    expect(list.body).to.not.include('Add a site').and.not.include(`/wagtail/sites/${site.id}/delete/`);

    const noSites = await signedInClient(server, await createAdminUser(server.db, { objectPermissions: [{ model: 'redirect', permissions: ['add'] }] }));
    expect((await noSites.get('/wagtail/sites/')).status).to.equal(403);
    expect((await new AdminClient(server).get('/wagtail/sites/')).headers.location).to.equal('/wagtail/login/?next=%2Fwagtail%2Fsites%2F');
    expect((await new AdminClient(server).post(`/wagtail/sites/${site.id}/delete/`)).status).to.equal(403);
  });

  it('adds a site with a root page, audited; refuses a hostname and port another site has, and users without add', async () => {
    const root = await ensureRoot(server.db);
    const home = await addChild(server.db, root, { title: 'Harbor Home', slug: `harbor-${uniqueSuffix()}`, pageType: 'home_page', content: { body: [] } });
    const adder = await withSitePermissions('add');
    expect((await adder.get('/wagtail/sites/add/')).status).to.equal(200);
    const hostname = `menu-${uniqueSuffix()}.example`;
    const created = await adder.post('/wagtail/sites/add/', siteForm({ hostname: hostname.toUpperCase(), port: '8080', site_name: 'Menus', root_page: String(home.id) }));
    expect(created.status).to.equal(303);
    const site = await server.db.selectFrom('sites').selectAll().where('hostname', '=', hostname).executeTakeFirstOrThrow();
    expect(site).to.include({ port: 8080, site_name: 'Menus', root_page_id: home.id, is_default_site: false });
    expect(await logEntries('site.create', site.id)).to.have.length(1);
    expect((await adder.get(created.headers.location!)).body).to.include('Site &#x27;Menus&#x27; created.');

    const duplicate = await adder.post('/wagtail/sites/add/', siteForm({ hostname, port: '8080', site_name: 'Again', root_page: String(home.id) }));
    expect(duplicate.status).to.equal(400);
    expect(duplicate.body).to.include('Site with this hostname and port already exists.').and.include('value="Again"');

    const bad = await adder.post('/wagtail/sites/add/', siteForm({ hostname: 'http://nope', port: '70000', root_page: '' }));
    expect(bad.status).to.equal(400);
    expect(bad.body)
      .to.include('Enter a hostname such as www.example.com')
      .and.include('Enter a port from 1 to 65535.')
      .and.include('Choose a root page.')
      .and.include('value="http://nope"');

    const changer = await withSitePermissions('change');
    expect((await changer.get('/wagtail/sites/add/')).status).to.equal(403);
    expect((await changer.post('/wagtail/sites/add/', siteForm({ hostname: `x-${uniqueSuffix()}.example`, root_page: String(home.id) }))).status).to.equal(403);
  });

  it('keeps one default site, as Wagtail: another cannot be made default until that one is unset', async () => {
    const first = await createTestSite(server.db);
    const second = await createTestSite(server.db);
    const admin = await superuser();
    const makeDefault = (site: typeof first, on: boolean) =>
      admin.post(
        `/wagtail/sites/${site.site.id}/`,
        siteForm({ hostname: site.hostname, port: '80', site_name: 'Site', root_page: String(site.home.id), ...(on ? { is_default_site: 'on' } : {}) }),
      );
    expect((await makeDefault(first, true)).status).to.equal(303);
    const refused = await makeDefault(second, true);
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include(`${first.hostname} is already configured as the default site. You must unset that before you can save this site as default.`);
    expect((await makeDefault(first, false)).status).to.equal(303);
    expect((await makeDefault(second, true)).status).to.equal(303);
    const edits = await logEntries('site.edit', second.site.id);
    expect(edits.at(-1)!.data).to.deep.include({ is_default_site: { before: false, after: true } });
    await makeDefault(second, false);
  });

  it('edits for users with change only, and deletes (with a confirmation) for users with delete only, audited', async () => {
    const { site, hostname, home } = await createTestSite(server.db);
    const changer = await withSitePermissions('change');
    expect((await changer.get(`/wagtail/sites/${site.id}/`)).body)
      .to.include(`value="${hostname}"`)
      .and.not.include('Delete site');
    expect((await changer.post(`/wagtail/sites/${site.id}/`, siteForm({ hostname, port: '8000', site_name: 'Renamed', root_page: String(home.id) }))).status).to.equal(303);
    expect(await server.db.selectFrom('sites').select(['port', 'site_name']).where('id', '=', site.id).executeTakeFirstOrThrow()).to.deep.equal({ port: 8000, site_name: 'Renamed' });
    expect((await changer.get(`/wagtail/sites/${site.id}/delete/`)).status).to.equal(403);
    expect((await changer.post(`/wagtail/sites/${site.id}/delete/`)).status).to.equal(403);

    const deleter = await withSitePermissions('delete');
    expect((await deleter.get(`/wagtail/sites/${site.id}/`)).status).to.equal(403);
    expect((await deleter.post(`/wagtail/sites/${site.id}/`, siteForm({ hostname, root_page: String(home.id) }))).status).to.equal(403);
    const confirm = await deleter.get(`/wagtail/sites/${site.id}/delete/`);
    expect(confirm.status).to.equal(200);
    expect(confirm.body).to.include('Are you sure you want to delete this site?');
    expect((await deleter.post(`/wagtail/sites/${site.id}/delete/`)).status).to.equal(303);
    expect(await server.db.selectFrom('sites').select('id').where('id', '=', site.id).executeTakeFirst()).to.equal(undefined);
    expect(await server.db.selectFrom('site_settings').select('site_id').where('site_id', '=', site.id).executeTakeFirst()).to.equal(undefined);
    expect(await logEntries('site.delete', site.id)).to.have.length(1);
    expect((await deleter.get(`/wagtail/sites/${site.id}/delete/`)).status).to.equal(404);
  });

  it('goes back to a next address inside the back office after a change, and to the listing otherwise', async () => {
    const { site, hostname, home } = await createTestSite(server.db);
    const admin = await superuser();
    const saved = await admin.post(`/wagtail/sites/${site.id}/`, siteForm({ hostname, root_page: String(home.id), next: `/wagtail/pages/${home.id}/` }));
    expect(saved.status).to.equal(303);
    expect(saved.headers.location).to.equal(`/wagtail/pages/${home.id}/`);
    const outside = await admin.post(`/wagtail/sites/${site.id}/`, siteForm({ hostname, root_page: String(home.id), next: 'https://evil.example/' }));
    expect(outside.headers.location).to.equal('/wagtail/sites/');
    const elsewhere = await admin.post(`/wagtail/sites/${site.id}/`, siteForm({ hostname, root_page: String(home.id), next: '/documents/1/' }));
    expect(elsewhere.headers.location).to.equal('/wagtail/sites/');
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await (await superuser()).get('/wagtail/sites/999999/')).status).to.equal(404);
  });
});
