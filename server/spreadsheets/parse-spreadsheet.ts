import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { SpreadsheetError } from './spreadsheet-error';
import type { SpreadsheetLimits } from './spreadsheet-limits';
import { workbookForStreaming } from './workbook-zip';

/** The formats spreadsheets are read from (Wagtail's import formats: CSV, TSV, XLSX). */
export const SPREADSHEET_FORMATS = ['csv', 'tsv', 'xlsx'] as const;

/** One of the spreadsheet formats. */
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

/** A spreadsheet read whole: its first row as headers, then the rows, every cell as text. */
export interface Dataset {
  format: SpreadsheetFormat;
  headers: string[];
  rows: string[][];
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Text is decoded and fed to the CSV parser this much at a time, so the row cap stops it early. */
const TEXT_CHUNK_BYTES = 64 * 1024;

/** Whether the bytes are a zip archive, which a spreadsheet can only be as a workbook (.xlsx). */
export function isZip(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).equals(ZIP_SIGNATURE);
}

/**
 * Parses a CSV, TSV or XLSX file as a stream, telling them apart by content, never by name: a zip
 * must be a workbook, anything else must be UTF-8 text without NUL bytes, split by tabs when its
 * first line has one and by commas otherwise. Stops at the first row past `limits.maxRows`.
 * Blocks its thread for as long as the file takes: readSpreadsheet runs it in a worker.
 */
export async function parseSpreadsheet(bytes: Buffer, limits: Pick<SpreadsheetLimits, 'maxRows'>): Promise<Dataset> {
  const rows = new RowCollector(limits.maxRows);
  const format = isZip(bytes) ? await parseWorkbook(bytes, rows) : await parseDelimitedText(bytes, rows);
  const [headers, ...body] = rows.table;
  if (!headers) throw new SpreadsheetError(gettext('The file has no rows.'));
  return { format, headers, rows: body.map((row) => headers.map((_, index) => row[index] ?? '')) };
}

/** Keeps the rows that have text, the header and at most `maxRows` below it, and refuses the next one. */
class RowCollector {
  readonly table: string[][] = [];
  constructor(private readonly maxRows: number) {}

  add(row: string[]): void {
    if (!row.some((cell) => cell.trim() !== '')) return;
    if (this.table.length > this.maxRows) {
      throw new SpreadsheetError(interpolate('The file has more than {limit} rows below its header; the limit is {limit} rows.', { limit: this.maxRows }));
    }
    this.table.push(row);
  }
}

/** What exceljs's streaming reader knows after xl/workbook.xml, and the id of each sheet it reads: both missing from its typings. */
const readerWorkbook = z.object({ model: z.object({ sheets: z.array(z.object({ id: z.coerce.number() })) }) });
const readerSheet = z.object({ id: z.coerce.number() });

async function parseWorkbook(bytes: Buffer, rows: RowCollector): Promise<SpreadsheetFormat> {
  // Loaded only for workbooks: exceljs takes a worker longer to load than most CSV files take to read.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(await workbookForStreaming(bytes), { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit' });
  let found = false;
  try {
    for await (const worksheet of reader) {
      // The first sheet in the workbook's order, as Excel shows the tabs; the zip may list others first.
      const first = readerWorkbook.safeParse(reader).data?.model.sheets[0]?.id;
      if (first !== undefined && readerSheet.safeParse(worksheet).data?.id !== first) continue;
      found = true;
      for await (const row of worksheet) {
        const cells: string[] = [];
        // Cell text is what Excel shows: a hyperlink's text, a formula's result, a date as written.
        row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cell.text.trim()));
        rows.add(Array.from(cells, (cell) => cell ?? ''));
      }
      break;
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError(gettext('The file is a zip archive but not an Excel workbook (.xlsx).'), { cause: error });
  }
  if (!found) throw new SpreadsheetError(gettext('The workbook has no worksheet.'));
  return 'xlsx';
}

async function parseDelimitedText(bytes: Buffer, rows: RowCollector): Promise<SpreadsheetFormat> {
  const lineEnd = bytes.indexOf(0x0a);
  const format: SpreadsheetFormat = bytes.subarray(0, lineEnd === -1 ? bytes.length : lineEnd).includes(0x09) ? 'tsv' : 'csv';
  try {
    await pipeline(
      textChunks(bytes),
      parse({ bom: true, delimiter: format === 'tsv' ? '\t' : ',', relax_column_count: true, skip_empty_lines: true, trim: true }),
      async (records: AsyncIterable<string[]>) => {
        for await (const record of records) rows.add(record);
      },
    );
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new SpreadsheetError(interpolate('The file could not be read as {format}: {problem}', { format: format.toUpperCase(), problem: error.message }), { cause: error });
  }
  return format;
}

/** The bytes as UTF-8 text, a chunk at a time; refuses bytes that are not UTF-8 or hold NUL. */
function* textChunks(bytes: Buffer): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let start = 0; start < bytes.length; start += TEXT_CHUNK_BYTES) {
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(start, start + TEXT_CHUNK_BYTES), { stream: start + TEXT_CHUNK_BYTES < bytes.length });
    } catch (error) {
      throw new SpreadsheetError(gettext('The file is not a CSV, TSV or Excel (.xlsx) file: it is neither a workbook nor UTF-8 text.'), { cause: error });
    }
    if (text.includes('\0')) throw new SpreadsheetError(gettext('The file is not a CSV, TSV or Excel (.xlsx) file: it holds binary data.'));
    yield text;
  }
}
