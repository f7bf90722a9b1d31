import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';

/** The pages with these ids that exist, in tree order (a bulk action's selection). */
export async function pagesByIds(db: Db, ids: readonly number[]): Promise<Page[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('pages')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .orderBy('path')
    .execute();
}

/** How many pages lie below a page, and how many of them are live. */
export interface DescendantCounts {
  all: number;
  live: number;
}

/** The descendant counts of each page, by page id (pages without subpages count zero). */
export async function descendantCounts(db: Db, pages: ReadonlyArray<Pick<Page, 'id' | 'path'>>): Promise<Map<number, DescendantCounts>> {
  const counts = new Map<number, DescendantCounts>(pages.map((page) => [page.id, { all: 0, live: 0 }]));
  if (pages.length === 0) return counts;
  const rows = await db
    .selectFrom('pages as top')
    .innerJoin('pages as below', (join) => join.on(sql<boolean>`below.path like top.path || '%'`).on(sql<boolean>`below.depth > top.depth`))
    .where(
      'top.id',
      'in',
      pages.map((page) => page.id),
    )
    .groupBy('top.id')
    .select(['top.id', sql<string>`count(*)`.as('all'), sql<string>`count(*) filter (where below.live)`.as('live')])
    .execute();
  for (const row of rows) counts.set(row.id, { all: Number(row.all), live: Number(row.live) });
  return counts;
}
