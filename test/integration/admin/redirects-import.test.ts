import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect } from 'chai';
import { createAdminUser, signedInClient, type AdminClient } from '../../support/admin';
import { createTestSite } from '../../support/fixtures';
import { postMultipart } from '../../support/form-upload';
import { request, startTestServer, type TestServer } from '../../support/server';
import { sheetRowXml, xlsxBomb, xlsxOfRowXml } from '../../support/spreadsheets';

/** The probe's file: 606 kB whose sheet unpacks to 178 MB. */
const BOMB_BYTES = 178_000_000;

describe('admin redirects import of hostile spreadsheets', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  let bomb: Promise<Buffer> | undefined;
  // Built once (a second or two of deflate) and only by the tests that post it.
  const theBomb = () => (bomb ??= xlsxBomb(BOMB_BYTES).then(({ bytes }) => bytes));

  const importer = async () => signedInClient(server, await createAdminUser(server.db, { objectPermissions: [{ model: 'redirect', permissions: ['add'] }] }));
  const upload = (client: AdminClient, filename: string, bytes: Uint8Array) =>
    postMultipart(server, client, '/wagtail/redirects/import/', {}, [{ field: 'import_file', filename, bytes }]);

  /** A workbook of a header and as many redirects as the row limit allows, each to `target`; with its sheet's unpacked size. */
  const workbookAtTheRowLimit = (target: string) =>
    xlsxOfRowXml(Array.from({ length: server.config.SPREADSHEET_MAX_ROWS + 1 }, (_unused, index) => sheetRowXml(index === 0 ? ['from', 'to'] : [`/many-${index}/`, target], index + 1)));

  it('refuses a workbook bomb from its zip directory within a second, naming both sizes, with memory flat', async function () {
    this.timeout(120_000);
    const bytes = await theBomb();
    const client = await importer();
    await upload(client, 'warm-up.csv', Buffer.from('from,to\n/a/,/b/\n'));
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const started = performance.now();
    const refused = await upload(client, 'redirects.xlsx', bytes);
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(refused.status).to.equal(400);
    expect(refused.body)
      .to.include('id_import_file-error')
      .and.match(/The workbook unpacks to 178(\.\d)? MB; the limit is 20 MB\./);
    expect(elapsed, 'milliseconds to the refusal').to.be.lessThan(1000);
    expect((peak - before) / 1_000_000, 'megabytes of RSS growth').to.be.lessThan(50);
  });

  it('answers a public page at once while it reads a large workbook, at the row limit', async function () {
    this.timeout(120_000);
    const { hostname } = await createTestSite(server.db);
    const client = await importer();
    // Near the size limit too: each redirect goes to a long address.
    const { bytes: atTheLimit, sheetBytes } = await workbookAtTheRowLimit(`https://example.com/${'long-address/'.repeat(110)}`);
    expect(sheetBytes / 1_000_000).to.be.within(10, server.config.SPREADSHEET_MAX_UNPACKED_MB);
    const publicPage = async () => {
      const started = performance.now();
      const page = await request(server, '/', { host: hostname });
      return { status: page.status, milliseconds: performance.now() - started };
    };
    await publicPage();

    let importing = true;
    const imported = upload(client, 'many.xlsx', atTheLimit).finally(() => (importing = false));
    const duringImport: Array<{ status: number; milliseconds: number }> = [];
    while (importing) {
      duringImport.push(await publicPage());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const many = await imported;
    expect(many.status).to.equal(200);
    expect(many.body).to.include('Confirm import').and.include(`Showing the first 10 of ${server.config.SPREADSHEET_MAX_ROWS} rows.`);
    expect(duringImport.length, 'public pages asked for during the import').to.be.greaterThan(1);
    for (const answer of duringImport) expect(answer.status).to.equal(200);
    expect(Math.max(...duringImport.map((answer) => answer.milliseconds)), 'slowest public page, ms').to.be.lessThan(500);
  });

  it('blocks the event loop for less than 200 ms with each hostile import: a bomb, a workbook at the row limit, a huge CSV', async function () {
    this.timeout(180_000);
    const client = await importer();
    const bombBytes = await theBomb();
    const { bytes: atTheLimit } = await workbookAtTheRowLimit('/to/');
    const hugeCsv = Buffer.from(['from,to', ...Array.from({ length: 200_000 }, (_unused, index) => `/huge-csv-${index}/,/somewhere/else/`)].join('\n'));
    expect(hugeCsv.length).to.be.within(5_000_000, 10_000_000);
    const limit = server.config.SPREADSHEET_MAX_ROWS;

    // An event-loop block, not a speed: the parse runs off this thread, so the margin is wide.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const bomb = await upload(client, 'bomb.xlsx', bombBytes);
    const many = await upload(client, 'many.xlsx', atTheLimit);
    const huge = await upload(client, 'huge.csv', hugeCsv);
    delay.disable();

    expect(bomb.status).to.equal(400);
    expect(bomb.body).to.match(/The workbook unpacks to 178(\.\d)? MB; the limit is 20 MB\./);
    expect(many.status).to.equal(200);
    expect(huge.status).to.equal(400);
    expect(huge.body).to.include(`The file has more than ${limit} rows below its header; the limit is ${limit} rows.`);
    expect(delay.max / 1e6, 'longest event-loop block, ms').to.be.lessThan(200);
  });

  it('refuses a file of one column, as there is nothing to redirect to', async () => {
    const refused = await upload(await importer(), 'one.csv', Buffer.from('just one column\n/a/\n'));
    expect(refused.status).to.equal(400);
    expect(refused.body).to.include('The file needs at least two columns');
  });
});
