import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { gettext, interpolate } from '../../../client/lib/i18n';

/** The formats redirects are imported from (Wagtail's: CSV, TSV, XLSX). */
export const IMPORT_FORMATS = ['csv', 'tsv', 'xlsx'] as const;

/** One of the import formats. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A spreadsheet read whole: its first row as headers, then the rows, every cell as text. */
export interface Dataset {
  format: ImportFormat;
  headers: string[];
  rows: string[][];
}

/** The file is not a spreadsheet this import reads; the message says why, for the editor. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads an uploaded CSV, TSV or XLSX file, telling them apart by content, never by name: a zip
 * must be a workbook, anything else must be UTF-8 text without NUL bytes, split by tabs when its
 * first line has one and by commas otherwise. Throws SpreadsheetError when it is none of these.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<Dataset> {
  const dataset = bytes.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readWorkbook(bytes) : readDelimitedText(bytes);
  const [headers, ...rows] = dataset.table.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (!headers) throw new SpreadsheetError(gettext('The file has no rows.'));
  if (headers.length < 2) throw new SpreadsheetError(gettext('The file needs at least two columns: one with the paths to redirect from and one with where they go.'));
  return { format: dataset.format, headers, rows: rows.map((row) => headers.map((_, index) => row[index] ?? '')) };
}

async function readWorkbook(bytes: Buffer): Promise<{ format: ImportFormat; table: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new SpreadsheetError(gettext('The file is a zip archive but not an Excel workbook (.xlsx).'), { cause: error });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new SpreadsheetError(gettext('The workbook has no worksheet.'));
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // Cell text is what Excel shows: a hyperlink's text, a formula's result, a date as written.
    row.eachCell({ includeEmpty: true }, (cell, column) => (cells[column - 1] = cell.text.trim()));
    table.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return { format: 'xlsx', table };
}

function readDelimitedText(bytes: Buffer): { format: ImportFormat; table: string[][] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new SpreadsheetError(gettext('The file is not a CSV, TSV or Excel (.xlsx) file: it is neither a workbook nor UTF-8 text.'), { cause: error });
  }
  if (text.includes('\0')) throw new SpreadsheetError(gettext('The file is not a CSV, TSV or Excel (.xlsx) file: it holds binary data.'));
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const format: ImportFormat = firstLine.includes('\t') ? 'tsv' : 'csv';
  try {
    const table: string[][] = parse(text, { bom: true, delimiter: format === 'tsv' ? '\t' : ',', relax_column_count: true, skip_empty_lines: true, trim: true });
    return { format, table };
  } catch (error) {
    throw new SpreadsheetError(
      interpolate('The file could not be read as {format}: {problem}', { format: format.toUpperCase(), problem: error instanceof Error ? error.message : String(error) }),
      { cause: error },
    );
  }
}
