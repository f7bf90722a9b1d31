import type { Request, Response, Router } from 'express';
import { PermissionDenied } from '../../errors';
import type { UserPermissions } from '../../models/permissions';
import { keysetBatches, type ReportSlice } from '../../models/reports-batches';
import { permsOf } from '../access';
import { adminTimeZone } from '../date-format';
import { datedFilename, exportFormatOf, exportLinks, sendSpreadsheet, type SpreadsheetCell } from '../spreadsheet-export';
import type { AdminContext } from '../types';
import { mapRows, paginationView, readPageNumber, type FilterErrors } from './listing';

/** Rows a page of a report (Wagtail's ReportView.paginate_by). */
export const REPORT_PAGE_SIZE = 50;

/** One filter of a report's filter form. */
export interface FilterField {
  name: string;
  label: string;
  type: 'date' | 'search' | 'select';
  value?: string;
  /** A select's options and the label of its empty choice ("Anyone", "All"). */
  options?: ReadonlyArray<{ value: string | number; label: string; selected: boolean }>;
  emptyLabel?: string;
  errors?: string[];
}

/** A table cell: text, optionally linked, or an instant the layout formats in the user's zone. */
export type HtmlCell = { text: string; url?: string } | { date: Date | null };

/** What a report is asked for: the acting user, the time, the zone dates are read in, and the request. */
export interface ReportRequest {
  req: Request;
  res: Response;
  perms: UserPermissions;
  now: Date;
  timeZone: string;
}

/** A report: who may see it, its filters, how its rows are read, and its columns on screen and in a spreadsheet. */
export interface ReportDefinition<Row, Filter> {
  /** The sidebar entry and the address under /wagtail/reports/. */
  activeNav: string;
  path: string;
  title: string;
  /** The base of the export's file name, dated ("locked-pages-report" gives "locked-pages-report-2026-11-24"). */
  filename: string;
  allowed(perms: UserPermissions): boolean;
  /** Reads the filters from the query; unreadable ones are left out and get a message in `errors`. */
  readFilter(request: ReportRequest, errors: FilterErrors): Promise<{ filter: Filter; fields: FilterField[] }>;
  /** One slice of the rows in the report's order; a keyset slice reads on after a row (exports). */
  list(request: ReportRequest, filter: Filter, slice: ReportSlice<Row>): Promise<Row[]>;
  count(request: ReportRequest, filter: Filter): Promise<number>;
  columns: ReadonlyArray<{ heading: string; cell(row: Row, request: ReportRequest): HtmlCell }>;
  exportColumns: ReadonlyArray<{ heading: string; cell(row: Row, request: ReportRequest): SpreadsheetCell }>;
  emptyMessage: string;
  /** Links beside the title (the workflow reports link each other). */
  headerLinks?: ReadonlyArray<{ url: string; label: string }>;
}

/**
 * Serves one report at its address: 403 to users it is not for; the page of rows with the filter
 * form, pagination and the Download XLSX / CSV links; or, with `?export=`, every matching row
 * streamed in batches.
 */
export function addReport<Row, Filter>(router: Router, { admin, clock }: Pick<AdminContext, 'admin' | 'clock'>, report: ReportDefinition<Row, Filter>): void {
  router.get(report.path, async (req, res) => {
    const perms = permsOf(res);
    if (!report.allowed(perms)) throw new PermissionDenied('You do not have permission to see this report.');
    const request: ReportRequest = { req, res, perms, now: clock(), timeZone: adminTimeZone(res) };
    const errors: FilterErrors = {};
    const { filter, fields } = await report.readFilter(request, errors);
    const format = exportFormatOf(req);
    if (format) {
      const rows = keysetBatches((after: Row | undefined, limit) => report.list(request, filter, { after, limit }));
      return sendSpreadsheet(res, format, {
        filename: datedFilename(report.filename, request.now, request.timeZone),
        headings: report.exportColumns.map((column) => column.heading),
        rows: mapRows(rows, (row) => report.exportColumns.map((column) => column.cell(row, request))),
      });
    }
    const pageNumber = readPageNumber(req);
    const [total, rows] = await Promise.all([report.count(request, filter), report.list(request, filter, { offset: (pageNumber - 1) * REPORT_PAGE_SIZE, limit: REPORT_PAGE_SIZE })]);
    admin.render(
      req,
      res,
      'reports-listing',
      {
        title: report.title,
        activeNav: report.activeNav,
        headings: report.columns.map((column) => column.heading),
        rows: rows.map((row) => report.columns.map((column) => ({ heading: column.heading, ...column.cell(row, request) }))),
        total,
        emptyMessage: report.emptyMessage,
        headerLinks: report.headerLinks ?? [],
        filters: { action: `${req.baseUrl}${req.path}`, fields },
        exportLinks: exportLinks(req),
        pagination: paginationView(req, pageNumber, total, REPORT_PAGE_SIZE),
      },
      Object.keys(errors).length ? 400 : 200,
    );
  });
}
