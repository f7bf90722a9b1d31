import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { normaliseRedirectPath, withoutQuery } from '../../server/models/redirects';
import { readSpreadsheet, SpreadsheetError } from '../../server/models/redirects/spreadsheet';

describe('redirect paths', () => {
  it('normalise as Wagtail: one leading slash, no trailing one, sorted parameters and query', () => {
    expect(normaliseRedirectPath('/menu/')).to.equal('/menu');
    expect(normaliseRedirectPath('  menu  ')).to.equal('/menu');
    expect(normaliseRedirectPath('/')).to.equal('/');
    expect(normaliseRedirectPath('/menu/?b=2&a=1')).to.equal('/menu?a=1&b=2');
    expect(normaliseRedirectPath('/menu?a=1&b=2')).to.equal(normaliseRedirectPath('/menu/?b=2&a=1'));
    expect(normaliseRedirectPath('/menu;b;a')).to.equal('/menu;a;b');
    expect(normaliseRedirectPath('https://example.com/Menu/#top')).to.equal('/Menu');
    expect(normaliseRedirectPath('/caf%C3%A9/')).to.equal('/café');
    expect(normaliseRedirectPath('/100%/')).to.equal('/100%');
  });

  it('drop the query and parameters for the second try', () => {
    expect(withoutQuery('/menu?a=1')).to.equal('/menu');
    expect(withoutQuery('/menu;a?b=1')).to.equal('/menu');
    expect(withoutQuery('/menu')).to.equal('/menu');
  });
});

describe('redirect spreadsheets', () => {
  it('reads CSV, TSV and XLSX by content, whatever the file is called', async () => {
    const csv = await readSpreadsheet(Buffer.from('\uFEFFfrom,to\n/a/,/b/\n"/c/","https://example.com/d?x=1,2"\n'));
    expect(csv).to.deep.equal({
      format: 'csv',
      headers: ['from', 'to'],
      rows: [
        ['/a/', '/b/'],
        ['/c/', 'https://example.com/d?x=1,2'],
      ],
    });
    const tsv = await readSpreadsheet(Buffer.from('old\tnew\tnote\n/a/\t/b/\n'));
    expect(tsv).to.deep.equal({ format: 'tsv', headers: ['old', 'new', 'note'], rows: [['/a/', '/b/', '']] });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Redirects');
    sheet.addRow(['From', 'To']);
    sheet.addRow(['/old/', { text: '/new/', hyperlink: 'https://example.com/new/' }]);
    const xlsx = await readSpreadsheet(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(xlsx).to.deep.equal({ format: 'xlsx', headers: ['From', 'To'], rows: [['/old/', '/new/']] });
  });

  it('refuses what is not a spreadsheet with a reason', async () => {
    const refusal = async (bytes: Buffer) => {
      try {
        await readSpreadsheet(bytes);
      } catch (error) {
        expect(error).to.be.instanceOf(SpreadsheetError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0xff]))).to.match(/not a CSV, TSV or Excel/);
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).to.match(/zip archive but not an Excel workbook/);
    expect(await refusal(Buffer.from('just one column\n/a/\n'))).to.match(/at least two columns/);
    expect(await refusal(Buffer.from('\n\n'))).to.match(/no rows/);
  });
});
