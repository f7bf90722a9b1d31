import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { interpolate } from '../../client/lib/i18n';

/** The spreadsheet formats a listing exports with `?export=`, as Wagtail's SpreadsheetExportMixin. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;

/** One of EXPORT_FORMATS. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A cell: text, a number, an instant, a list (joined with ", ") or nothing. */
export type SpreadsheetCell = string | number | boolean | Date | readonly string[] | null | undefined;

/** What to export: the file's base name (no extension), the column headings and the rows in order. */
export interface Spreadsheet {
  filename: string;
  headings: readonly string[];
  rows: AsyncIterable<SpreadsheetCell[]>;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Django's SHORT_DATETIME_FORMAT for en-US ("m/d/Y P") in Excel's words, which Wagtail gives
 * every date-time cell so the spreadsheet shows a date, not a serial number.
 */
const XLSX_DATE_TIME_FORMAT = 'mm/dd/yyyy h:mm AM/PM';

/** The export format a listing was asked for (`?export=csv|xlsx`), or null for the HTML page. */
export function exportFormatOf(req: Request): ExportFormat | null {
  const asked = req.query.export;
  return EXPORT_FORMATS.find((format) => format === asked) ?? null;
}

/** The Download XLSX / Download CSV links of a listing: its own address with the filters kept and `export` set. */
export function exportLinks(req: Request): Array<{ format: ExportFormat; url: string; label: string }> {
  return EXPORT_FORMATS.map((format) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query)) {
      if (name === 'export' || name === 'p') continue;
      for (const item of [value].flat()) if (typeof item === 'string') params.append(name, item);
    }
    params.set('export', format);
    return { format, url: `${req.baseUrl}${req.path}?${params.toString()}`, label: interpolate('Download {format}', { format: format.toUpperCase() }) };
  });
}

/** `{base}-{YYYY-MM-DD}` with the day as it is in `timeZone`: Wagtail's report file names ("audit-log-2026-11-24"). */
export function datedFilename(base: string, now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return `${base}-${day}`;
}

/**
 * Streams a spreadsheet as an attachment, row by row as the rows arrive, waiting whenever the
 * client reads slower than the database answers, so an export of any length holds only a batch
 * in memory. CSV and XLSX carry the values as Wagtail writes them, CSV text that starts like a
 * formula with a leading `'` (XLSX cells are typed, so its text is never run).
 */
export async function sendSpreadsheet(res: Response, format: ExportFormat, sheet: Spreadsheet): Promise<void> {
  res.status(200);
  res.set({
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${sheet.filename.replace(/["\\\r\n]/g, '')}.${format}"`,
    'Cache-Control': 'private, no-store',
  });
  try {
    if (format === 'csv') await streamCsv(res, sheet);
    else await streamXlsx(res, sheet);
  } catch (error) {
    // A download the client gave up on is no error of ours: stop reading rows and say nothing.
    if (res.destroyed && !res.writableFinished) return;
    throw error;
  }
}

async function streamCsv(res: Response, sheet: Spreadsheet): Promise<void> {
  async function* records() {
    yield sheet.headings.map(csvCell);
    for await (const row of sheet.rows) yield row.map(csvCell);
  }
  await pipeline(Readable.from(records()), stringify({ record_delimiter: 'windows' }), res);
}

async function streamXlsx(res: Response, sheet: Spreadsheet): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet('Sheet1');
  worksheet.addRow([...sheet.headings]).commit();
  for await (const cells of sheet.rows) {
    const row = worksheet.addRow(cells.map(xlsxValue));
    cells.forEach((cell, index) => {
      if (cell instanceof Date) row.getCell(index + 1).numFmt = XLSX_DATE_TIME_FORMAT;
    });
    row.commit();
    if (res.writableNeedDrain) await drained(res);
  }
  await workbook.commit();
}

/** Resolves when the response can take more, and fails when the client has gone. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    if (res.destroyed) return reject(new Error('The client closed the download'));
    const onDrain = () => {
      res.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      res.off('drain', onDrain);
      reject(new Error('The client closed the download'));
    };
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

/**
 * A CSV cell as Python's str() writes it in Wagtail's export (instants in UTC with their offset,
 * True/False), text a spreadsheet would run as a formula made inert. Numbers stay numbers.
 */
export function csvCell(cell: SpreadsheetCell): string | number {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return pythonUtcDateTime(cell);
  if (typeof cell === 'boolean') return cell ? 'True' : 'False';
  if (typeof cell === 'number') return cell;
  return inertText(Array.isArray(cell) ? cell.join(', ') : (cell as string));
}

/** Characters that make a spreadsheet read a CSV cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text with a leading `'` when it starts like a formula, which spreadsheets show as the text typed. */
function inertText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** An XLSX value: instants stay dates (written as UTC, as Wagtail makes them naive in UTC), lists are joined. */
function xlsxValue(cell: SpreadsheetCell): string | number | boolean | Date | null {
  if (cell === undefined) return null;
  if (Array.isArray(cell)) return cell.join(', ');
  return cell as string | number | boolean | Date | null;
}

/** `2026-11-24 21:09:25.123000+00:00`, as str() of an aware UTC datetime (no fraction when it is zero). */
export function pythonUtcDateTime(date: Date): string {
  const iso = date.toISOString();
  const fraction = date.getUTCMilliseconds() === 0 ? '' : `.${iso.slice(20, 23)}000`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00:00`;
}
