import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import type { AdminClient } from './admin';
import type { TestServer } from './server';

/** A download as the browser gets it: status, headers and the bytes. */
export interface Download {
  status: number;
  contentType: string | null;
  disposition: string | null;
  bytes: Buffer;
}

/** GETs an export with the client's session, keeping the body as bytes (XLSX is binary). */
export async function download(server: Pick<TestServer, 'baseUrl'>, client: AdminClient, path: string): Promise<Download> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie: client.jar.header() }, redirect: 'manual' });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The rows of a CSV file read by a real parser, headings first. */
export function csvRows(bytes: Buffer): string[][] {
  return parse(bytes.toString('utf8'), { relaxColumnCount: false });
}

/** The cell values of an XLSX file's first sheet read by exceljs, headings first; dates stay dates. */
export async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: sheet.columnCount }, (_unused, index) => values[index + 1] ?? null));
  });
  return rows;
}

/** The number format of a cell of an XLSX file's first sheet (row and column from 1). */
export async function xlsxNumberFormat(bytes: Buffer, row: number, column: number): Promise<string | undefined> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getRow(row).getCell(column).numFmt;
}

/** How many rows an XLSX file's first sheet holds, read with exceljs's streaming reader (quick on large files). */
export async function xlsxRowCount(bytes: Buffer): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit' });
  let count = 0;
  for await (const worksheet of reader) {
    for await (const _row of worksheet as AsyncIterable<unknown>) count++;
    break;
  }
  return count;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around its sheet, as Excel writes them. */
const WORKBOOK_FRAME: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

/** One row of a sheet's XML with inline text cells; `number` (from 1) gives it and its cells their references. */
export function sheetRowXml(cells: readonly string[], number?: number): string {
  const column = (index: number) => String.fromCharCode(65 + index);
  const reference = (index: number) => (number === undefined ? '' : ` r="${column(index)}${number}"`);
  const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<row${number === undefined ? '' : ` r="${number}"`}>${cells.map((cell, index) => `<c${reference(index)} t="inlineStr"><is><t>${text(cell)}</t></is></c>`).join('')}</row>`;
}

/**
 * A real one-sheet .xlsx whose sheet holds `rows` (row XML, streamed into the zip as it comes),
 * deflated at the highest level, as a zip bomb's maker would; with the sheet's unpacked size.
 */
export async function xlsxOfRowXml(rows: Iterable<string | Buffer>): Promise<{ bytes: Buffer; sheetBytes: number }> {
  const zip = new yazl.ZipFile();
  for (const [name, xml] of Object.entries(WORKBOOK_FRAME)) zip.addBuffer(Buffer.from(xml), name);
  let sheetBytes = 0;
  function* sheet() {
    for (const part of [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN_NS}"><sheetData>`, ...rows, '</sheetData></worksheet>']) {
      const bytes = Buffer.from(part);
      sheetBytes += bytes.length;
      yield bytes;
    }
  }
  zip.addReadStream(Readable.from(sheet(), { objectMode: false }), 'xl/worksheets/sheet1.xml', { compressionLevel: 9 });
  zip.end();
  return { bytes: await buffer(zip.outputStream), sheetBytes };
}

/**
 * A workbook bomb: one sheet of the same row again and again, `unpackedBytes` of XML or a little
 * more, which deflates about 300 to 1 (178 MB in 606 kB, as the probe's file).
 */
export async function xlsxBomb(unpackedBytes: number): Promise<{ bytes: Buffer; sheetBytes: number }> {
  const chunk = Buffer.from(sheetRowXml(['/old-path/', '/new-path/']).repeat(10_000));
  return xlsxOfRowXml(Array.from({ length: Math.ceil(unpackedBytes / chunk.length) }, () => chunk));
}

const CENTRAL_HEADER = 0x02014b50;

/** A copy of the zip whose central directory says `name` unpacks to `size` bytes: a zip that lies about its sizes. */
export function withStatedSize(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  const header = [...centralHeaders(copy)].find((entry) => entry.name === name)!;
  copy.writeUInt32LE(size, header.offset + 24);
  return copy;
}

function* centralHeaders(zip: Buffer): Generator<{ name: string; offset: number }> {
  // The end of central directory record: its last 22 bytes when the zip has no comment (yazl's have none).
  const end = zip.length - 22;
  let offset = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_HEADER) throw new Error(`no central directory header at ${offset}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    yield { name: zip.toString('utf8', offset + 46, offset + 46 + nameLength), offset };
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
}
