/**
 * The objects a StreamField chooser picks (images, documents, videos, pages, snippets), looked
 * up by id in their tables: which of them still exist, and what they are called.
 */
import type { Db } from '../db/database';
import { SNIPPET_TABLES } from './snippets/registry';

/** The tables a chooser picks from. */
export type ChosenTable = 'images' | 'documents' | 'videos' | 'pages' | (typeof SNIPPET_TABLES)[keyof typeof SNIPPET_TABLES];

/** The ids of these that are rows of the table. */
export async function existingIds(db: Db, table: ChosenTable, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The titles of the documents, videos or pages (their draft titles) with these ids; ids with no row are left out. */
export async function chosenTitles(db: Db, table: 'documents' | 'videos' | 'pages', ids: readonly number[]): Promise<Array<{ id: number; title: string }>> {
  if (ids.length === 0) return [];
  if (table === 'pages')
    return db
      .selectFrom('pages')
      .select(['id', 'draft_title as title'])
      .where('id', 'in', [...ids])
      .execute();
  return db
    .selectFrom(table)
    .select(['id', 'title'])
    .where('id', 'in', [...ids])
    .execute();
}
