import { useEffect, useRef } from 'react';
import type { StoredLocation } from '../../lib/preferred-location-store';
import { loadPreferredLocationStore } from '../../lib/use-preferred-location';

/**
 * Brings the saved copy of the preferred location up to date (hours, wait list) the first time
 * it is shown on a page; pass null until then. A failed fetch is logged and the copy kept.
 */
export function useRefreshedPreferredLocation(location: StoredLocation | null): void {
  const refreshed = useRef<number | null>(null);
  const rlid = location?.rlid ?? null;

  useEffect(() => {
    if (rlid === null || refreshed.current === rlid) return;
    refreshed.current = rlid;
    // The fetch and its response checks load with the first refresh, not with the page.
    import('../../lib/location-search')
      .then(({ fetchLocation }) => fetchLocation(rlid))
      .then(
        async (current) => {
          const store = await loadPreferredLocationStore();
          const saved = store.getSnapshot();
          // Only the same choice is refreshed: the visitor may have picked another one meanwhile.
          if (current && saved?.rlid === current.rlid && JSON.stringify(saved) !== JSON.stringify(current)) await store.save(current);
        },
        (error: unknown) => console.error(`The preferred location ${rlid} could not be refreshed.`, error),
      );
  }, [rlid]);
}
