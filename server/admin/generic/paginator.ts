/**
 * The one paginator of the back office (Django's Paginator with Wagtail's `p` parameter): the
 * slice of rows a listing page reads, and its Previous / Next links, which keep the rest of the
 * query (search, filters, ordering) as Wagtail's pagination template does.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { interpolate } from '../../../client/lib/i18n';

/** The page a listing was asked for with `?p=`; nonsense reads as the first. */
export const pageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** What the templates show of a listing's pages. */
export interface PaginationView {
  page: number;
  pageCount: number;
  previous: string | null;
  next: string | null;
  /** "Page 2 of 5". */
  summary: string;
}

/** The rows a page holds. */
export function pageSlice(page: number, pageSize: number): { offset: number; limit: number } {
  return { offset: (page - 1) * pageSize, limit: pageSize };
}

/**
 * A query string from the request's with `changes` applied (null removes a parameter) and the
 * page and export parameters dropped unless set again; the listing's own address when empty.
 */
export function listingLink(req: Pick<Request, 'query' | 'baseUrl' | 'path'>, changes: Readonly<Record<string, string | null>>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query)) {
    if (name === 'p' || name === 'export' || name in changes) continue;
    for (const item of [value].flat()) if (typeof item === 'string') params.append(name, item);
  }
  for (const [name, value] of Object.entries(changes)) if (value !== null) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : `${req.baseUrl}${req.path}`;
}

/** The pagination of a listing page: where it is, how many there are, and links to its neighbours. */
export function paginate(req: Pick<Request, 'query' | 'baseUrl' | 'path'>, page: number, total: number, pageSize: number): PaginationView {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(page, pageCount);
  const link = (to: number) => listingLink(req, { p: to > 1 ? String(to) : null });
  return {
    page: current,
    pageCount,
    previous: page > 1 ? link(current - 1) : null,
    next: page < pageCount ? link(page + 1) : null,
    summary: interpolate('Page {current} of {count}', { current, count: pageCount }),
  };
}
