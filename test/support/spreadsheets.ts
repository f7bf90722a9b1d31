import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
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
