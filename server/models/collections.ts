import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A collection as forms and filters list it: in tree order, with its depth (root is 0). */
export interface CollectionOption {
  id: number;
  name: string;
  depth: number;
  /** The name indented by depth with non-breaking spaces and a corner, as Wagtail's selects show it. */
  label: string;
}

/**
 * Every collection in tree order (each after its parent, siblings by name), or only those in
 * `onlyIds` when given (undefined means all).
 */
export async function collectionOptions(db: Db, onlyIds?: readonly number[]): Promise<CollectionOption[]> {
  if (onlyIds?.length === 0) return [];
  const { rows } = await sql<{ id: number; name: string; depth: number }>`
    with recursive tree(id, name, depth, sort_path) as (
      select id, name, 0, array[lower(name)::text] from collections where parent_id is null
      union all
      select c.id, c.name, tree.depth + 1, tree.sort_path || lower(c.name)::text
        from collections c join tree on c.parent_id = tree.id
    )
    select id, name, depth from tree order by sort_path`.execute(db);
  const wanted = onlyIds && new Set(onlyIds);
  return rows
    .filter((row) => !wanted || wanted.has(row.id))
    .map((row) => ({ ...row, label: row.depth === 0 ? row.name : `${'\u00a0\u00a0\u00a0\u00a0'.repeat(row.depth - 1)}\u21b3 ${row.name}` }));
}
