import { useCallback, useRef, useState } from 'react';
import type { LocationListResponse } from '../../lib/location-schemas';
import type { MapPoint, SearchArea } from '../../lib/location-search';

// The search and its response checks load with the first search, not with the page.
const locationSearch = () => import('../../lib/location-search');

/** The popover's typed search: radius 200, at most 4 (SPEC §7). */
export const SEARCH_AREA: SearchArea = { radius: 200, limit: 4 };
/** The popover's list near the visitor's position: radius 200, at most 26 (SPEC §7). */
export const NEARBY_AREA: SearchArea = { radius: 200, limit: 26 };

/** The result list: nothing asked yet, waiting for an answer, or the locations found (maybe none). */
export type LocationResults = { status: 'idle' } | { status: 'loading' } | { status: 'found'; entries: LocationListResponse['locations'] };

/** What useLocationResults gives: the list and the two ways to fill it. */
export interface LocationResultsState {
  results: LocationResults;
  searchAddress(address: string): void;
  listNear(point: MapPoint): void;
}

/**
 * The popover's result list. Only the newest request may fill it, so a slow answer never
 * replaces a newer one; a failed request is logged and leaves the list as it was (SPEC §8).
 */
export function useLocationResults(): LocationResultsState {
  const [results, setResults] = useState<LocationResults>({ status: 'idle' });
  const latest = useRef(0);

  const run = useCallback((load: () => Promise<LocationListResponse['locations']>) => {
    const request = ++latest.current;
    setResults((previous) => (previous.status === 'idle' ? { status: 'loading' } : previous));
    load().then(
      (entries) => {
        if (request === latest.current) setResults({ status: 'found', entries });
      },
      (error: unknown) => {
        console.error('The location list could not be fetched.', error);
        if (request === latest.current) setResults((previous) => (previous.status === 'loading' ? { status: 'idle' } : previous));
      },
    );
  }, []);

  const searchAddress = useCallback(
    (address: string) => run(async () => (await (await locationSearch()).searchLocationsByAddress(address, SEARCH_AREA))?.result.locations ?? []),
    [run],
  );
  const listNear = useCallback((point: MapPoint) => run(async () => (await (await locationSearch()).fetchNearestLocations(point, NEARBY_AREA)).locations), [run]);

  return { results, searchAddress, listNear };
}
