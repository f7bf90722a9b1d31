/**
 * The listing view (Wagtail's generic BaseListingView with SpreadsheetExportMixin): the access
 * check, the query read once (search, filters, ordering; a filter that cannot be read is left
 * out with a message beside it, and the page answers 400 as django-filter's form), one page of
 * rows through the one paginator, and with `?export=csv|xlsx` every matching row streamed.
 */
import type { Router } from 'express';
import { keysetBatches } from '../../models/reports-batches';
import { datedFilename, exportFormatOf, sendSpreadsheet, type ExportFormat, type SpreadsheetCell } from '../spreadsheet-export';
import type { AdminContext } from '../types';
import { listingLink, pageNumber, pageSlice, paginate, type PaginationView } from './paginator';
import { refuse, renderView, viewRequest, type View, type ViewRequest } from './view';

/** Messages beside the filters that could not be read; those filters are left out, as django-filter does. */
export type FilterErrors = Record<string, string[]>;

/** One page of a listing as its model reads it. */
export interface ListedRows<Row> {
  rows: Row[];
  total: number;
}

/** What the listing's template is drawn from. */
export interface Listed<Query, Row> extends ListedRows<Row> {
  query: Query;
  /** Null for a listing that shows every row on one page. */
  pagination: PaginationView | null;
}

/** A listing's export: the dated file name and the columns, rows read in keyset batches after the last row of the one before. */
export interface ListingExport<Query, Row> {
  filename: string;
  columns: ReadonlyArray<{ heading: string; cell(row: Row, request: ViewRequest): SpreadsheetCell }>;
  batch(request: ViewRequest, query: Query, after: Row | undefined, limit: number): Promise<Row[]>;
}

/** A listing: who may see it, its query, how a page of rows is read, and the one view of them. */
export interface ListingDefinition<Query, Row> {
  /** Why the user may not see it, or null. */
  refusal?(request: ViewRequest): string | null;
  /** The search, filters and ordering the query string asks for. */
  query(request: ViewRequest, errors: FilterErrors): Query | Promise<Query>;
  /** Rows a page; without it every row is shown on one page. */
  pageSize?: number;
  /** The rows of one page (the slice), or of the whole listing without a page size, with how many match. */
  rows(request: ViewRequest, query: Query, slice: { offset: number; limit: number } | undefined): Promise<ListedRows<Row>>;
  view(request: ViewRequest, listed: Listed<Query, Row>): View | Promise<View>;
  export?: ListingExport<Query, Row>;
}

/** Serves a listing at its address, in its part of the menu. */
export function addListingView<Query, Row>(
  router: Router,
  context: Pick<AdminContext, 'admin' | 'clock'>,
  path: string,
  activeNav: string,
  listing: ListingDefinition<Query, Row>,
): void {
  router.get(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    refuse(listing.refusal?.(request) ?? null);
    const errors: FilterErrors = {};
    const query = await listing.query(request, errors);
    const format = exportFormatOf(req);
    if (format && listing.export) return exportListing(request, query, listing.export, format);
    const page = listing.pageSize === undefined ? undefined : pageNumber.parse(req.query.p);
    const slice = page === undefined ? undefined : pageSlice(page, listing.pageSize!);
    const { rows, total } = await listing.rows(request, query, slice);
    const pagination = page === undefined ? null : paginate(req, page, total, listing.pageSize!);
    const view = await listing.view(request, { query, rows, total, pagination });
    renderView(context, request, activeNav, view, Object.keys(errors).length > 0 ? 400 : 200);
  });
}

async function exportListing<Query, Row>(request: ViewRequest, query: Query, spec: ListingExport<Query, Row>, format: ExportFormat): Promise<void> {
  const rows = keysetBatches((after: Row | undefined, limit) => spec.batch(request, query, after, limit));
  await sendSpreadsheet(request.res, format, {
    filename: datedFilename(spec.filename, request.now, request.timeZone),
    headings: spec.columns.map((column) => column.heading),
    rows: mapRows(rows, (row) => spec.columns.map((column) => column.cell(row, request))),
  });
}

/** Each item of an async sequence turned into something else (a row into its spreadsheet cells). */
export async function* mapRows<Row, Out>(rows: AsyncIterable<Row>, toCells: (row: Row) => Out): AsyncGenerator<Out> {
  for await (const row of rows) yield toCells(row);
}

/** A sortable column's link and state (Wagtail's column sort): ascending first, then descending; the default ordering leaves the query string. */
export function sortLink(request: ViewRequest, ordering: { current: string; default: string }, field: string): { url: string; sort: 'ascending' | 'descending' | 'none' } {
  const next = ordering.current === field ? `-${field}` : field;
  return {
    url: listingLink(request.req, { ordering: next === ordering.default ? null : next }),
    sort: ordering.current === field ? 'ascending' : ordering.current === `-${field}` ? 'descending' : 'none',
  };
}
