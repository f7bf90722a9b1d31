import type { Router } from 'express';
import type { UserPermissions } from '../../models/permissions';
import type { ReportSlice } from '../../models/reports-batches';
import { addListingView, type FilterErrors } from '../generic/listing';
import type { ViewRequest } from '../generic/view';
import { exportLinks, type SpreadsheetCell } from '../spreadsheet-export';
import type { AdminContext } from '../types';

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
export type ReportRequest = ViewRequest;

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
 * Serves one report at its address, on the generic listing: 403 to users it is not for; the
 * page of rows with the filter form, pagination and the Download XLSX / CSV links; or, with
 * `?export=`, every matching row streamed in batches.
 */
export function addReport<Row, Filter>(router: Router, context: Pick<AdminContext, 'admin' | 'clock'>, report: ReportDefinition<Row, Filter>): void {
  addListingView(router, context, report.path, report.activeNav, {
    refusal: ({ perms }) => (report.allowed(perms) ? null : 'You do not have permission to see this report.'),
    query: (request, errors) => report.readFilter(request, errors),
    pageSize: REPORT_PAGE_SIZE,
    rows: async (request, { filter }, slice) => {
      const [total, rows] = await Promise.all([report.count(request, filter), report.list(request, filter, slice!)]);
      return { rows, total };
    },
    view: (request, { query, rows, total, pagination }) => ({
      template: 'reports-listing',
      context: {
        title: report.title,
        headings: report.columns.map((column) => column.heading),
        rows: rows.map((row) => report.columns.map((column) => ({ heading: column.heading, ...column.cell(row, request) }))),
        total,
        emptyMessage: report.emptyMessage,
        headerLinks: report.headerLinks ?? [],
        filters: { action: `${request.req.baseUrl}${request.req.path}`, fields: query.fields },
        exportLinks: exportLinks(request.req),
        pagination,
      },
    }),
    export: { filename: report.filename, columns: report.exportColumns, batch: (request, { filter }, after, limit) => report.list(request, filter, { after, limit }) },
  });
}
