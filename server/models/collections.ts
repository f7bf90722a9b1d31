import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Collection } from '../db/schema';

/** A collection as forms and filters list it: in tree order, with its depth (root is 0). */
export interface CollectionOption {
  id: number;
  name: string;
  depth: number;
  /** The name indented by depth with non-breaking spaces and a corner, as Wagtail's selects show it. */
  label: string;
}

interface TreeRow {
  id: number;
  name: string;
  depth: number;
  parent_id: number | null;
}

/** Every collection in tree order: each after its parent, siblings by name. */
async function treeRows(db: Db): Promise<TreeRow[]> {
  const { rows } = await sql<TreeRow>`
    with recursive tree(id, name, parent_id, depth, sort_path) as (
      select id, name, parent_id, 0, array[lower(name)::text] from collections where parent_id is null
      union all
      select c.id, c.name, c.parent_id, tree.depth + 1, tree.sort_path || lower(c.name)::text
        from collections c join tree on c.parent_id = tree.id
    )
    select id, name, parent_id, depth from tree order by sort_path`.execute(db);
  return rows;
}

function indentedLabel(row: Pick<TreeRow, 'name' | 'depth'>): string {
  return row.depth === 0 ? row.name : `${'\u00a0\u00a0\u00a0\u00a0'.repeat(row.depth - 1)}\u21b3 ${row.name}`;
}

/**
 * Every collection in tree order (each after its parent, siblings by name), or only those in
 * `onlyIds` when given (undefined means all).
 */
export async function collectionOptions(db: Db, onlyIds?: readonly number[]): Promise<CollectionOption[]> {
  if (onlyIds?.length === 0) return [];
  const wanted = onlyIds && new Set(onlyIds);
  return (await treeRows(db)).filter((row) => !wanted || wanted.has(row.id)).map(({ id, name, depth }) => ({ id, name, depth, label: indentedLabel({ name, depth }) }));
}

/** What a collection holds; a collection holding anything cannot be deleted. */
export interface CollectionContents {
  images: number;
  documents: number;
  videos: number;
  children: number;
}

/** A collection of the back office's tree, with what it holds. */
export type CollectionTreeEntry = CollectionOption & { parentId: number | null; contents: CollectionContents };

/** Every collection in tree order with its counts of images, documents, videos and child collections. */
export async function collectionTree(db: Db): Promise<CollectionTreeEntry[]> {
  const [rows, counts] = await Promise.all([treeRows(db), contentCounts(db)]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    depth: row.depth,
    label: indentedLabel(row),
    parentId: row.parent_id,
    contents: counts.get(row.id) ?? { images: 0, documents: 0, videos: 0, children: 0 },
  }));
}

async function contentCounts(db: Db, onlyId?: number): Promise<Map<number, CollectionContents>> {
  const { rows } = await sql<{ id: number; images: string; documents: string; videos: string; children: string }>`
    select c.id,
           (select count(*) from images where collection_id = c.id) as images,
           (select count(*) from documents where collection_id = c.id) as documents,
           (select count(*) from videos where collection_id = c.id) as videos,
           (select count(*) from collections child where child.parent_id = c.id) as children
      from collections c
     where ${onlyId === undefined ? sql`true` : sql`c.id = ${onlyId}`}`.execute(db);
  return new Map(rows.map((row) => [row.id, { images: Number(row.images), documents: Number(row.documents), videos: Number(row.videos), children: Number(row.children) }]));
}

/** What one collection holds. */
export async function collectionContents(db: Db, id: number): Promise<CollectionContents> {
  return (await contentCounts(db, id)).get(id) ?? { images: 0, documents: 0, videos: 0, children: 0 };
}

/** Whether a collection holds nothing: no media and no child collections. */
export function isEmptyCollection(contents: CollectionContents): boolean {
  return Object.values(contents).every((count) => count === 0);
}

/** The collection with this id, or undefined. */
export async function getCollection(db: Db, id: number): Promise<Collection | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The root collection, the one without a parent. */
export async function rootCollection(db: Db): Promise<Collection> {
  return db.selectFrom('collections').selectAll().where('parent_id', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
}

/** The ids of a collection and every collection below it. */
export async function subtreeIds(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with recursive below(id) as (
      select id from collections where id = ${id}
      union all
      select c.id from collections c join below on c.parent_id = below.id
    )
    select id from below`.execute(db);
  return rows.map((row) => row.id);
}

/** The ids of a collection and its ancestors, nearest the root first. */
export async function ancestryIds(db: Db, id: number): Promise<number[]> {
  const { rows } = await sql<{ id: number; depth: number }>`
    with recursive above(id, parent_id, depth) as (
      select id, parent_id, 0 from collections where id = ${id}
      union all
      select c.id, c.parent_id, above.depth + 1 from collections c join above on c.id = above.parent_id
    )
    select id, depth from above order by depth desc`.execute(db);
  return rows.map((row) => row.id);
}

/** Whether a sibling under `parentId` already has this name (case-insensitive, as the unique index). */
export async function collectionNameTaken(db: Db, name: string, parentId: number, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('collections')
    .select('id')
    .where('parent_id', '=', parentId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds a collection under a parent. */
export async function insertCollection(db: Db, input: { name: string; parentId: number }): Promise<Collection> {
  return db.insertInto('collections').values({ name: input.name, parent_id: input.parentId }).returningAll().executeTakeFirstOrThrow();
}

/** Renames a collection and puts it under another parent. */
export async function updateCollection(db: Db, id: number, input: { name: string; parentId: number }): Promise<Collection> {
  return db.updateTable('collections').set({ name: input.name, parent_id: input.parentId }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes a collection row; the caller makes sure it is empty (the foreign keys refuse otherwise). */
export async function removeCollection(db: Db, id: number): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}
