import { sql } from 'kysely';
import type { Db } from '../db/database';

/** Where every move of a cache generation is announced, as 'name generation' (migration 0028). */
export const CACHE_GENERATIONS_CHANNEL = 'cache_generations';

/**
 * Bumps a shared cache's generation (creating its row at 1) and answers the new value: every
 * process holding a copy of that cache drops it when it reads a different generation.
 */
export async function bumpCacheGeneration(db: Db, name: string): Promise<string> {
  const row = await db
    .insertInto('cache_generations')
    .values({ name, generation: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ generation: sql`cache_generations.generation + 1`, flushed_at: sql`now()` }))
    .returning('generation')
    .executeTakeFirstOrThrow();
  return String(row.generation);
}

/** A shared cache's current generation ('0' before its first flush): one primary-key lookup. */
export async function readCacheGeneration(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('cache_generations').select('generation').where('name', '=', name).executeTakeFirst();
  return String(row?.generation ?? 0);
}
