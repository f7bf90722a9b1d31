import { LRUCache } from 'lru-cache';
import { systemClock, type Clock } from '../clock';
import type { Db } from '../db/database';
import { bumpCacheGeneration, readCacheGeneration } from './cache-generations';
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
    return readCacheGeneration(db, LOCATION_CACHE_NAME);
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
      generation = await bumpCacheGeneration(db, LOCATION_CACHE_NAME);
      entries.clear();
      checkedAt = Date.now();
      return Number(generation);
    },
  };
}
