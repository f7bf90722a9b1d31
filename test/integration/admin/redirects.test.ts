import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type { ObjectPermission, User } from '../../../server/db/schema';
import { addChild } from '../../../server/models/pages';
import { insertRedirect } from '../../../server/models/redirects';
import { AdminClient, createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { postMultipart } from '../../support/form-upload';
import { request, startTestServer, type TestServer } from '../../support/server';

describe('admin redirects', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const userWith = (...permissions: ObjectPermission[]) => createAdminUser(server.db, { objectPermissions: [{ model: 'redirect', permissions }] });
  const clientOf = (user: User) => signedInClient(server, user);
  const redirectAt = (oldPath: string) => server.db.selectFrom('redirects').selectAll().where('old_path', '=', oldPath).execute();
  const audit = (action: string, id: number) =>
    server.db.selectFrom('admin_log_entries').selectAll().where('action', '=', action).where('object_type', '=', 'redirect').where('object_id', '=', id).execute();
  const form = (fields: Record<string, string>) => ({ old_path: '', site: '', is_permanent: 'on', redirect_page: '', redirect_link: '', ...fields });

  it('lists redirects with search, a site filter, sorting and pages of 20, for users with a redirect permission only', async () => {
    const { site } = await createTestSite(server.db);
    const tag = uniqueSuffix();
    for (let index = 0; index < 21; index += 1) {
      await insertRedirect(server.db, {
        oldPath: `/list-${tag}-${String(index).padStart(2, '0')}`,
        siteId: index === 0 ? site.id : null,
        isPermanent: index % 2 === 0,
        redirectPageId: null,
        redirectLink: `https://example.com/${tag}/${index}/`,
      });
    }
    const viewer = await clientOf(await userWith('change'));
    const list = await viewer.get(`/wagtail/redirects/?q=${tag}`);
    expect(list.status).to.equal(200);
    expect(list.body).to.include('There are 21 matches').and.include('Page 1 of 2').and.include(`/list-${tag}-00`).and.not.include(`/list-${tag}-20<`);
    expect(list.body).to.include('>From</a>').and.include('>Site</a>').and.include('>To<').and.include('>Type</a>');
    expect(list.body).to.include('permanent').and.include('temporary').and.include('All sites');
    // 'change' alone: edit links, no add or delete.
    expect(list.body).to.include('/wagtail/redirects/').and.not.include('/wagtail/redirects/add/');
    expect((await viewer.get(`/wagtail/redirects/?q=${tag}&p=2`)).body).to.include(`/list-${tag}-20`);
    const descending = await viewer.get(`/wagtail/redirects/?q=${tag}&ordering=-old_path`);
    expect(descending.body.indexOf(`/list-${tag}-20`)).to.be.greaterThan(-1);
    const filtered = await viewer.get(`/wagtail/redirects/?q=${tag}&site=${site.id}`);
    expect(filtered.body).to.include('There is 1 match').and.include(`/list-${tag}-00`);
    expect((await viewer.get(`/wagtail/redirects/?q=${tag}/7/`)).body).to.include(`/list-${tag}-07`);

    const nobody = await clientOf(await createAdminUser(server.db));
    expect((await nobody.get('/wagtail/redirects/')).status).to.equal(403);
    expect((await new AdminClient(server).get('/wagtail/redirects/')).status).to.equal(302);
  });

  it('adds a redirect to a link or a page, normalising its path and refusing duplicates, loops and bad input beside the field', async () => {
    const { site, home } = await createTestSite(server.db);
    const adder = await userWith('add');
    const client = await clientOf(adder);
    expect((await client.get('/wagtail/redirects/add/')).body)
      .to.include('data-controller="page-chooser"')
      .and.include('All sites');
    const tag = uniqueSuffix();
    const created = await client.post('/wagtail/redirects/add/', form({ old_path: `/Add-${tag}/?b=2&a=1`, redirect_link: 'https://example.com/new/' }));
    expect(created.status).to.equal(303);
    const [row] = await redirectAt(`/Add-${tag}?a=1&b=2`);
    expect(row).to.include({ site_id: null, is_permanent: true, redirect_link: 'https://example.com/new/', automatically_created: false });
    expect(await audit('redirect.create', row!.id)).to.have.length(1);
    expect((await client.get('/wagtail/redirects/')).body).to.include(`Redirect &#x27;/Add-${tag}?a&#x3D;1&amp;b&#x3D;2&#x27; added.`);

    const duplicate = await client.post('/wagtail/redirects/add/', form({ old_path: `/Add-${tag}?a=1&b=2`, redirect_link: '/x/' }));
    expect(duplicate.status).to.equal(400);
    expect(duplicate.body).to.include('id_old_path-error').and.include('A redirect with this path already exists.').and.include('value="/x/"');
    // The same path on one site is another redirect.
    expect((await client.post('/wagtail/redirects/add/', form({ old_path: `/Add-${tag}?a=1&b=2`, site: String(site.id), redirect_link: '/x/' }))).status).to.equal(303);

    const page = await addChild(server.db, home, { title: 'Chowder', slug: `chowder-${tag}`, pageType: 'content_page', content: { body: [], confirmation: [] } });
    const toPage = await client.post('/wagtail/redirects/add/', form({ old_path: `/soup-${tag}`, site: String(site.id), redirect_page: String(page.id) }));
    expect(toPage.status).to.equal(303);
    expect((await redirectAt(`/soup-${tag}`))[0]).to.include({ redirect_page_id: page.id, is_permanent: true, redirect_link: '' });

    const loop = await client.post('/wagtail/redirects/add/', form({ old_path: `/chowder-${tag}/`, site: String(site.id), redirect_page: String(page.id) }));
    expect(loop.status).to.equal(400);
    expect(loop.body).to.include('id_redirect_page-error').and.include('A redirect cannot point to itself');
    const linkLoop = await client.post('/wagtail/redirects/add/', form({ old_path: `/loop-${tag}`, redirect_link: `/loop-${tag}/` }));
    expect(linkLoop.body).to.include('A redirect cannot point to itself');

    const relative = await client.post('/wagtail/redirects/add/', form({ old_path: `no-slash-${tag}`, redirect_link: 'not a link' }));
    expect(relative.status).to.equal(400);
    expect(relative.body).to.include('id_old_path-error').and.include('must start with a /').and.include('id_redirect_link-error');
    const nowhere = await client.post('/wagtail/redirects/add/', form({ old_path: `/nowhere-${tag}` }));
    expect(nowhere.body).to.include('Choose a page or enter a link to redirect to.');
    expect(await redirectAt(`/nowhere-${tag}`)).to.have.length(0);

    const changer = await clientOf(await userWith('change', 'delete'));
    expect((await changer.get('/wagtail/redirects/add/')).status).to.equal(403);
    expect((await changer.post('/wagtail/redirects/add/', form({ old_path: `/refused-${tag}`, redirect_link: '/x/' }))).status).to.equal(403);
    expect(await redirectAt(`/refused-${tag}`)).to.have.length(0);
  });

  it('edits a redirect with the change permission only, auditing before and after', async () => {
    const tag = uniqueSuffix();
    const redirect = await insertRedirect(server.db, { oldPath: `/edit-${tag}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: '/a/' });
    const editor = await clientOf(await userWith('change'));
    const page = await editor.get(`/wagtail/redirects/${redirect.id}/`);
    expect(page.status).to.equal(200);
    expect(page.body).to.include(`value="/edit-${tag}"`).and.include('checked');
    const unticked = { old_path: `/edit-${tag}-2/`, site: '', redirect_page: '', redirect_link: '/b/' };
    expect((await editor.post(`/wagtail/redirects/${redirect.id}/`, unticked)).status).to.equal(303);
    const [row] = await redirectAt(`/edit-${tag}-2`);
    expect(row).to.include({ id: redirect.id, is_permanent: false, redirect_link: '/b/' });
    const [entry] = await audit('redirect.edit', redirect.id);
    expect(entry!.data).to.deep.include({ before: { old_path: `/edit-${tag}`, site_id: null, is_permanent: true, redirect_page_id: null, redirect_link: '/a/' } });

    const adder = await clientOf(await userWith('add'));
    expect((await adder.get(`/wagtail/redirects/${redirect.id}/`)).status).to.equal(403);
    expect((await adder.post(`/wagtail/redirects/${redirect.id}/`, unticked)).status).to.equal(403);
    expect((await editor.get('/wagtail/redirects/999999999/')).status).to.equal(404);
  });

  it('goes back to the filtered listing the delete came from, when the confirmation carries it as next', async () => {
    const tag = uniqueSuffix();
    const redirect = await insertRedirect(server.db, { oldPath: `/back-${tag}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: '/a/' });
    const deleter = await clientOf(await userWith('delete'));
    const back = `/wagtail/redirects/?q=back-${tag}&ordering=-old_path`;
    const deleted = await deleter.post(`/wagtail/redirects/${redirect.id}/delete/?next=${encodeURIComponent(back)}`);
    expect(deleted.status).to.equal(303);
    expect(deleted.headers.location).to.equal(back);
    expect(await redirectAt(`/back-${tag}`)).to.have.length(0);
    const other = await insertRedirect(server.db, { oldPath: `/away-${tag}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: '/a/' });
    const away = await deleter.post(`/wagtail/redirects/${other.id}/delete/?next=${encodeURIComponent('//evil.example/')}`);
    expect(away.headers.location).to.equal('/wagtail/redirects/');
  });

  it('deletes a redirect after a confirmation, with the delete permission only', async () => {
    const tag = uniqueSuffix();
    const redirect = await insertRedirect(server.db, { oldPath: `/delete-${tag}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: '/a/' });
    const changer = await clientOf(await userWith('change'));
    expect((await changer.get(`/wagtail/redirects/${redirect.id}/delete/`)).status).to.equal(403);
    expect((await changer.post(`/wagtail/redirects/${redirect.id}/delete/`)).status).to.equal(403);
    expect(await redirectAt(`/delete-${tag}`)).to.have.length(1);

    const deleter = await clientOf(await userWith('delete'));
    const confirm = await deleter.get(`/wagtail/redirects/${redirect.id}/delete/`);
    expect(confirm.status).to.equal(200);
    expect(confirm.body).to.include('Are you sure you want to delete this redirect?').and.include(`/delete-${tag}`);
    const deleted = await deleter.post(`/wagtail/redirects/${redirect.id}/delete/`);
    expect(deleted.status).to.equal(303);
    expect(await redirectAt(`/delete-${tag}`)).to.have.length(0);
    expect(await audit('redirect.delete', redirect.id)).to.have.length(1);
    expect((await deleter.get('/wagtail/redirects/')).body).to.include(`Redirect &#x27;/delete-${tag}&#x27; deleted.`);
  });

  describe('import', () => {
    const upload = (client: AdminClient, filename: string, bytes: Uint8Array) =>
      postMultipart(server, client, '/wagtail/redirects/import/', {}, [{ field: 'import_file', filename, bytes }]);
    const importIdOf = (body: string) => /name="import_id" value="([^"]+)"/.exec(body)![1]!;

    async function importFile(client: AdminClient, filename: string, bytes: Uint8Array, fields: Record<string, string>) {
      const preview = await upload(client, filename, bytes);
      expect(preview.status).to.equal(200);
      return { preview, result: await client.post('/wagtail/redirects/import/process/', { import_id: importIdOf(preview.body), site: '', ...fields }) };
    }

    it('imports a CSV, a TSV and an XLSX file with a preview and a column mapping, whatever their names', async () => {
      const { site, hostname } = await createTestSite(server.db);
      const client = await clientOf(await userWith('add'));
      expect((await client.get('/wagtail/redirects/import/')).body).to.include('Supported formats: CSV, TSV, XLSX.');
      const tag = uniqueSuffix();

      const csv = `note,old address,new address\nfirst,/csv-${tag}-a/,https://example.com/a/\nsecond,/csv-${tag}-b?y=2&x=1,/b/\n`;
      const { preview, result } = await importFile(client, 'redirects.txt', Buffer.from(csv), { from_index: '1', to_index: '2', site: String(site.id), permanent: 'on' });
      expect(preview.body).to.include('Confirm import').and.include('old address').and.include(`/csv-${tag}-a/`).and.include('Showing the first 2 of 2 rows.');
      expect(result.status).to.equal(303);
      expect((await client.get('/wagtail/redirects/')).body).to.include('Imported 2 redirects');
      expect((await redirectAt(`/csv-${tag}-b?x=1&y=2`))[0]).to.include({ site_id: site.id, redirect_link: '/b/', is_permanent: true });
      expect((await request(server, `/csv-${tag}-a/`, { host: hostname })).headers.location).to.equal('https://example.com/a/');

      const tsv = `to\tfrom\n/t/\t/tsv-${tag}/\n`;
      expect((await importFile(client, 'upload.csv', Buffer.from(tsv), { from_index: '1', to_index: '0' })).result.status).to.equal(303);
      expect((await redirectAt(`/tsv-${tag}`))[0]).to.include({ site_id: null, redirect_link: '/t/' });
      expect((await redirectAt(`/tsv-${tag}`))[0]).to.include({ is_permanent: false });

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Redirects');
      sheet.addRow(['From', 'To']);
      sheet.addRow([`/xlsx-${tag}/`, 'https://example.com/x/']);
      const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
      expect((await importFile(client, 'redirects', xlsx, { from_index: '0', to_index: '1', permanent: 'on' })).result.status).to.equal(303);
      expect((await redirectAt(`/xlsx-${tag}`))[0]).to.include({ redirect_link: 'https://example.com/x/' });
    });

    it('lands the good rows of a file with bad ones and reports each refused row with its reason', async () => {
      const client = await clientOf(await userWith('add'));
      const tag = uniqueSuffix();
      await insertRedirect(server.db, { oldPath: `/taken-${tag}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: '/x/' });
      const csv = [
        `from,to`,
        `/good-${tag}/,/fine/`,
        `no-slash-${tag},/x/`,
        `/taken-${tag}/,/y/`,
        `/empty-${tag}/,`,
        `/loop-${tag}/,/loop-${tag}`,
        `/good-${tag}-2/,https://example.com/`,
      ].join('\n');
      const { result } = await importFile(client, 'mixed.csv', Buffer.from(csv), { from_index: '0', to_index: '1' });
      expect(result.status).to.equal(200);
      expect(result.body).to.include('Found 6 redirects, created 2 and found 4 errors.').and.include('Found 4 errors');
      const rows = [...result.body.matchAll(/<tr><td data-label="Row">(\d+)<\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((match) => [
        match[1],
        match[2],
        match[4],
      ]);
      expect(rows).to.have.length(4);
      expect(rows[0]).to.deep.equal(['3', `no-slash-${tag}`, 'The path to redirect from must start with a /, as /menu/.']);
      expect(rows[1]).to.deep.equal(['4', `/taken-${tag}/`, 'A redirect with this path already exists.']);
      expect(rows[2]).to.deep.equal(['5', `/empty-${tag}/`, 'Choose a page or enter a link to redirect to.']);
      expect(rows[3]![0]).to.equal('6');
      expect(rows[3]![2]).to.include('cannot point to itself');
      expect(await redirectAt(`/good-${tag}`)).to.have.length(1);
      expect(await redirectAt(`/good-${tag}-2`)).to.have.length(1);
      expect(await redirectAt(`/taken-${tag}`)).to.have.length(1);
    });

    it('refuses a file that is not a spreadsheet, a file too large and a wrong mapping, and lands nothing', async () => {
      const client = await clientOf(await userWith('add'));
      const png = await upload(client, 'redirects.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
      expect(png.status).to.equal(400);
      expect(png.body).to.include('id_import_file-error').and.include('The file is not a CSV, TSV or Excel (.xlsx) file');
      const zip = await upload(client, 'redirects.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]));
      expect(zip.body).to.include('The file is a zip archive but not an Excel workbook (.xlsx).');
      const large = await upload(client, 'big.csv', Buffer.alloc(10_000_001, 'a'));
      expect(large.status).to.equal(400);
      expect(large.body).to.include('big.csv is 10 MB; files of redirects can be at most 10 MB.');
      expect((await upload(client, 'none.csv', new Uint8Array())).body).to.include('Choose a file to import.');

      const tag = uniqueSuffix();
      const preview = await upload(client, 'ok.csv', Buffer.from(`a,b\n/map-${tag}/,/x/\n`));
      const same = await client.post('/wagtail/redirects/import/process/', { import_id: importIdOf(preview.body), from_index: '0', to_index: '0', site: '' });
      expect(same.status).to.equal(400);
      expect(same.body).to.include('Choose two different columns');
      const unchosen = await client.post('/wagtail/redirects/import/process/', { import_id: importIdOf(preview.body), from_index: '', to_index: '1', site: '' });
      expect(unchosen.body).to.include('Choose the column with the paths to redirect from.');
      expect(await redirectAt(`/map-${tag}`)).to.have.length(0);

      // Another user cannot confirm this upload.
      const other = await clientOf(await userWith('add'));
      expect((await other.post('/wagtail/redirects/import/process/', { import_id: importIdOf(preview.body), from_index: '0', to_index: '1', site: '' })).status).to.equal(404);
    });

    it('is refused without the add permission', async () => {
      const client = await clientOf(await userWith('change', 'delete'));
      expect((await client.get('/wagtail/redirects/import/')).status).to.equal(403);
      expect((await upload(client, 'r.csv', Buffer.from('a,b\n/a/,/b/\n'))).status).to.equal(403);
      expect((await client.post('/wagtail/redirects/import/process/', { import_id: '00000000-0000-4000-8000-000000000000', from_index: '0', to_index: '1' })).status).to.equal(403);
    });
  });
});
