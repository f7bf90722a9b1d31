/**
 * The preferred location for the header's popover, with the store loaded after hydration: the
 * store checks the saved copy against the location schema, and that check (zod) then stays out
 * of every page's first load. The server renders no choice either, so hydration is unchanged.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PreferredLocationStore, StoredLocation } from './preferred-location-store';

let loading: Promise<PreferredLocationStore> | undefined;

/** This tab's store (preferredLocationStore), its module fetched on first call. */
export function loadPreferredLocationStore(): Promise<PreferredLocationStore> {
  loading ??= import('./preferred-location-store').then(({ preferredLocationStore }) => preferredLocationStore());
  return loading;
}

const subscribeToNothing = () => () => {};
const readNothing = () => null;

/** The preferred location (null until the store has loaded, and when none is saved); re-renders on every change. */
export function usePreferredLocation(): StoredLocation | null {
  const [store, setStore] = useState<PreferredLocationStore | null>(null);
  useEffect(() => {
    let mounted = true;
    void loadPreferredLocationStore().then((loaded) => mounted && setStore(loaded));
    return () => {
      mounted = false;
    };
  }, []);
  return useSyncExternalStore(store?.subscribe ?? subscribeToNothing, store?.getSnapshot ?? readNothing, readNothing);
}
