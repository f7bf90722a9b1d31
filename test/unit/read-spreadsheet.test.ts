import { expect } from 'chai';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { buffer } from 'node:stream/consumers';
import { readSpreadsheet } from '../../server/spreadsheets/read-spreadsheet';
import { SpreadsheetError } from '../../server/spreadsheets/spreadsheet-error';
import { spreadsheetLimitsOf, type SpreadsheetLimits } from '../../server/spreadsheets/spreadsheet-limits';
import { testConfig } from '../support/server';
import { sheetRowXml, withStatedSize, xlsxBomb, xlsxOfRowXml } from '../support/spreadsheets';

const LIMITS = spreadsheetLimitsOf(testConfig());

async function refusal(bytes: Buffer, limits: SpreadsheetLimits = LIMITS): Promise<string> {
  try {
    await readSpreadsheet(bytes, limits);
  } catch (error) {
    expect(error).to.be.instanceOf(SpreadsheetError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('reading spreadsheets', () => {
  it('reads CSV, TSV and XLSX by content, whatever the file is called', async () => {
    const csv = await readSpreadsheet(Buffer.from('\uFEFFfrom,to\n/a/,/b/\n"/c/","https://example.com/d?x=1,2"\n'), LIMITS);
    expect(csv).to.deep.equal({
      format: 'csv',
      headers: ['from', 'to'],
      rows: [
        ['/a/', '/b/'],
        ['/c/', 'https://example.com/d?x=1,2'],
      ],
    });
    const tsv = await readSpreadsheet(Buffer.from('old\tnew\tnote\n/a/\t/b/\n'), LIMITS);
    expect(tsv).to.deep.equal({ format: 'tsv', headers: ['old', 'new', 'note'], rows: [['/a/', '/b/', '']] });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Redirects');
    sheet.addRow(['From', 'To']);
    sheet.addRow(['/old/', { text: '/new/', hyperlink: 'https://example.com/new/' }]);
    sheet.addRow([]);
    sheet.addRow(['/dated/', new Date('2026-05-01T00:00:00Z')]);
    const xlsx = await readSpreadsheet(Buffer.from(await workbook.xlsx.writeBuffer()), LIMITS);
    expect(xlsx.format).to.equal('xlsx');
    expect(xlsx.headers).to.deep.equal(['From', 'To']);
    expect(xlsx.rows[0]).to.deep.equal(['/old/', '/new/']);
    expect(xlsx.rows).to.have.length(2);
  });

  it('reads the first sheet in the workbook order, whatever order the zip lists them in', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Second').addRow(['second', 'sheet']);
    workbook.addWorksheet('First').addRow(['first', 'sheet']);
    // Moving the tab keeps its file: sheet2.xml is now the workbook's first sheet (exceljs's typings omit orderNo).
    (workbook.getWorksheet('First') as unknown as { orderNo: number }).orderNo = -1;
    const dataset = await readSpreadsheet(Buffer.from(await workbook.xlsx.writeBuffer()), LIMITS);
    expect(dataset.headers).to.deep.equal(['first', 'sheet']);
  });

  it('refuses what is not a spreadsheet with a reason', async () => {
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0xff]))).to.match(/not a CSV, TSV or Excel/);
    expect(await refusal(Buffer.from('a,b\n\0,c\n'))).to.match(/holds binary data/);
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).to.match(/zip archive but not an Excel workbook/);
    expect(await refusal(Buffer.from('\n\n'))).to.match(/no rows/);
    expect(await refusal(Buffer.from('a,"b\n'))).to.match(/could not be read as CSV/);
  });

  it('refuses a workbook that unpacks past the limit from its zip directory, naming both sizes', async () => {
    const { bytes, sheetBytes } = await xlsxBomb(25_000_000);
    const message = await refusal(bytes);
    expect(message).to.match(/^The workbook unpacks to 25(\.\d)? MB; the limit is 20 MB\.$/);
    expect(sheetBytes).to.be.greaterThan(25_000_000);
  });

  it('refuses a workbook of too many files, and a text file past the size limit', async () => {
    const zip = new yazl.ZipFile();
    for (let index = 0; index < 1001; index++) zip.addBuffer(Buffer.from('x'), `xl/media/file${index}.xml`);
    zip.end();
    expect(await refusal(await buffer(zip.outputStream))).to.equal('The workbook holds 1001 files; the limit is 1000.');
    expect(await refusal(Buffer.alloc(1_000_001, 'a'), { ...LIMITS, maxUnpackedBytes: 1_000_000 })).to.equal('The file is 1 MB; the limit is 1 MB.');
  });

  it('refuses a workbook whose zip directory understates how much a part unpacks to', async () => {
    const { bytes } = await xlsxOfRowXml(Array.from({ length: 2000 }, (_unused, index) => sheetRowXml([`/a-${index}/`, '/b/'], index + 1)));
    expect(await refusal(withStatedSize(bytes, 'xl/worksheets/sheet1.xml', 1000))).to.equal(
      'The workbook is damaged: xl/worksheets/sheet1.xml does not unpack as its zip directory says.',
    );
  });

  it('reads up to the row limit and refuses the row after it, in CSV and XLSX alike', async () => {
    const limits = { ...LIMITS, maxRows: 50 };
    const csvOf = (rows: number) => Buffer.from(['from,to', ...Array.from({ length: rows }, (_unused, index) => `/a-${index}/,/b/`)].join('\n'));
    expect((await readSpreadsheet(csvOf(50), limits)).rows).to.have.length(50);
    expect(await refusal(csvOf(51), limits)).to.equal('The file has more than 50 rows below its header; the limit is 50 rows.');
    const xlsxOf = async (rows: number) =>
      (await xlsxOfRowXml(Array.from({ length: rows + 1 }, (_unused, index) => sheetRowXml(index === 0 ? ['from', 'to'] : [`/a-${index}/`, '/b/'], index + 1)))).bytes;
    expect((await readSpreadsheet(await xlsxOf(50), limits)).rows).to.have.length(50);
    expect(await refusal(await xlsxOf(51), limits)).to.equal('The file has more than 50 rows below its header; the limit is 50 rows.');
  });

  it('stops a read past the time limit or the memory limit and says which', async () => {
    const { bytes } = await xlsxOfRowXml(Array.from({ length: 20_000 }, (_unused, index) => sheetRowXml([`/a-${index}/`, `/b-${index}/`], index + 1)));
    const roomy = { ...LIMITS, maxRows: 1_000_000 };
    expect(await refusal(bytes, { ...roomy, timeoutMs: 100 })).to.match(/^Reading the file was stopped after 0\.1 seconds, the time limit\./);
    expect(await refusal(bytes, { ...roomy, maxMemoryMb: 8 })).to.match(/^Reading the file was stopped: it needs more than 8 MB of memory, the limit\./);
  });
});
