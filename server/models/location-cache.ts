import { LRUCache } from 'lru-cache';
import { sql } from 'kysely';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/database';
import { findNearestLocations, getLocation, type Location, type LocationListResponse, type NearestLocationsOptions } from './locations';

/** The cache_generations row of the location cache. */
export const LOCATION_CACHE_NAME = 'locations';

/** How the cache behaves; the defaults suit production. */
export interface LocationCacheOptions {
  /** Entries kept per process (searches and single locations together). */
  maxEntries?: number;
  /** How long an entry is served before it is read again: the API's own max-age. */
  ttlMs?: number;
  /** How often a process looks for a flush made by another process. */
  generationCheckMs?: number;
  /** The time cached answers are computed at (wait-list readiness follows opening hours). */
  clock?: Clock;
}

/**
 * Location reads shared by many visitors: geocoded searches land on the same ZIP or city
 * centre, so the same nearest-search repeats. Kept per process, bounded and short-lived; a
 * flush bumps a generation in the database so every process drops its copy within
 * `generationCheckMs`.
 */
export interface LocationCache {
  nearest(options: NearestLocationsOptions): Promise<LocationListResponse>;
  location(rlid: number): Promise<Location | undefined>;
  /** Drops every cached location here and, through the database, in every other process; returns the new generation. */
  flush(): Promise<number>;
}

type Entry = { kind: 'nearest'; value: LocationListResponse } | { kind: 'location'; value: Location | null };

export function createLocationCache(db: Db, { maxEntries = 5_000, ttlMs = 60_000, generationCheckMs = 5_000, clock = systemClock }: LocationCacheOptions = {}): LocationCache {
  const entries = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs });
  let generation: string | undefined;
  let checkedAt = 0;

  const readGeneration = async (): Promise<string> => {
    const row = await db.selectFrom('cache_generations').select('generation').where('name', '=', LOCATION_CACHE_NAME).executeTakeFirst();
    return String(row?.generation ?? 0);
  };

  const syncWithOtherProcesses = async (): Promise<void> => {
    if (Date.now() - checkedAt < generationCheckMs) return;
    checkedAt = Date.now();
    const current = await readGeneration();
    if (generation !== undefined && current !== generation) entries.clear();
    generation = current;
  };

  return {
    async nearest(options) {
      await syncWithOtherProcesses();
      const key = `nearest:${options.latitude}:${options.longitude}:${options.radiusMiles}:${options.limit}`;
      const hit = entries.get(key);
      if (hit?.kind === 'nearest') return hit.value;
      const value = await findNearestLocations(db, options, clock());
      entries.set(key, { kind: 'nearest', value });
      return value;
    },
    async location(rlid) {
      await syncWithOtherProcesses();
      const key = `location:${rlid}`;
      const hit = entries.get(key);
      if (hit?.kind === 'location') return hit.value ?? undefined;
      const value = await getLocation(db, rlid, clock());
      entries.set(key, { kind: 'location', value: value ?? null });
      return value;
    },
    async flush() {
      const row = await db
        .insertInto('cache_generations')
        .values({ name: LOCATION_CACHE_NAME, generation: 1 })
        .onConflict((oc) => oc.column('name').doUpdateSet({ generation: sql`cache_generations.generation + 1`, flushed_at: sql`now()` }))
        .returning('generation')
        .executeTakeFirstOrThrow();
      entries.clear();
      generation = String(row.generation);
      checkedAt = Date.now();
      return Number(row.generation);
    },
  };
}
