/**
 * The visitor's preferred location (SPEC §3 "Preferred location storage", §4): the location
 * object and its rlid in localStorage, the rlid also in cookie `li` for the server. Tabs see
 * each other's changes through storage events; writes take a Web Lock when the browser has one.
 */
import * as z from 'zod/mini';
import { locationSchema, type Location } from './location-schemas';

/** localStorage key of the location object (JSON). */
export const LOCATION_STORAGE_KEY = 'storage.rl-us.locationObj';
/** localStorage key of the location's rlid. */
export const RLID_STORAGE_KEY = 'storage.rl-us.rlid';
/** The cookie holding the rlid. */
export const LOCATION_COOKIE_NAME = 'li';
/** How long the cookie lasts (SPEC §9). */
export const LOCATION_COOKIE_DAYS = 365;
/** The Web Lock every tab takes to write, so two tabs never interleave their keys. */
export const PREFERRED_LOCATION_LOCK = 'storage.rl-us.preferred-location';

const SECONDS_PER_DAY = 86_400;

/** A location as saved in the browser: one saved before locations carried a time zone has none until refreshed. */
export type StoredLocation = Omit<Location, 'timeZone'> & { timeZone?: Location['timeZone'] };

const storedLocationSchema = z.partial(locationSchema, { timeZone: true });

/** What the store reads and writes; the browser's by default, a fake one in unit tests. */
export interface PreferredLocationEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Sets one cookie, as `document.cookie = ...` does. */
  writeCookie(cookie: string): void;
  locks?: Pick<LockManager, 'request'> | undefined;
  /** Whether the page is served over https, so the cookie may be marked Secure. */
  isSecure: boolean;
  now(): Date;
}

/** A preferred-location store: read, save, clear, and hear of changes (from this tab or another). */
export interface PreferredLocationStore {
  getSnapshot(): StoredLocation | null;
  subscribe(listener: () => void): () => void;
  save(location: Location): Promise<void>;
  clear(): Promise<void>;
  /** Re-reads storage; call when another tab changed it. */
  reload(): void;
}

/** The stored location, or null when there is none or it is not a valid location (logged). */
export function parseStoredLocation(raw: string | null): StoredLocation | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.warn(`Ignoring the stored preferred location: ${LOCATION_STORAGE_KEY} is not JSON.`, error);
    return null;
  }
  const parsed = storedLocationSchema.safeParse(value);
  if (!parsed.success) {
    console.warn(`Ignoring the stored preferred location: ${LOCATION_STORAGE_KEY} is not a location.`, parsed.error.issues);
    return null;
  }
  return parsed.data;
}

/** The `li` cookie for `rlid` lasting LOCATION_COOKIE_DAYS, or the cookie that deletes it when rlid is null. */
export function locationCookie(rlid: number | null, { now, isSecure }: Pick<PreferredLocationEnvironment, 'now' | 'isSecure'>): string {
  const secure = isSecure ? '; Secure' : '';
  if (rlid === null) return `${LOCATION_COOKIE_NAME}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax${secure}`;
  const maxAge = LOCATION_COOKIE_DAYS * SECONDS_PER_DAY;
  const expires = new Date(now().getTime() + maxAge * 1000).toUTCString();
  return `${LOCATION_COOKIE_NAME}=${rlid}; Max-Age=${maxAge}; Expires=${expires}; Path=/; SameSite=Lax${secure}`;
}

/** A store over `environment`; the page uses the browser one through usePreferredLocation (use-preferred-location.ts). */
export function createPreferredLocationStore(environment: PreferredLocationEnvironment): PreferredLocationStore {
  const listeners = new Set<() => void>();
  let raw: string | null | undefined;
  let snapshot: StoredLocation | null = null;

  const refresh = (): boolean => {
    const next = environment.storage.getItem(LOCATION_STORAGE_KEY);
    if (next === raw) return false;
    raw = next;
    snapshot = parseStoredLocation(next);
    return true;
  };
  const notify = () => listeners.forEach((listener) => listener());
  const write = async (change: () => void) => {
    if (environment.locks) await environment.locks.request(PREFERRED_LOCATION_LOCK, change);
    else change();
    if (refresh()) notify();
  };

  return {
    getSnapshot() {
      if (raw === undefined) refresh();
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save(location) {
      return write(() => {
        environment.storage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(location));
        environment.storage.setItem(RLID_STORAGE_KEY, String(location.rlid));
        environment.writeCookie(locationCookie(location.rlid, environment));
      });
    },
    clear() {
      return write(() => {
        environment.storage.removeItem(LOCATION_STORAGE_KEY);
        environment.storage.removeItem(RLID_STORAGE_KEY);
        environment.writeCookie(locationCookie(null, environment));
      });
    },
    reload() {
      if (refresh()) notify();
    },
  };
}

let browserStore: PreferredLocationStore | undefined;

/** This tab's store, created on first use and kept in step with other tabs by storage events. */
export function preferredLocationStore(): PreferredLocationStore {
  if (browserStore) return browserStore;
  const store = createPreferredLocationStore({
    storage: window.localStorage,
    writeCookie: (cookie) => {
      document.cookie = cookie;
    },
    locks: navigator.locks,
    isSecure: window.location.protocol === 'https:',
    now: () => new Date(),
  });
  // Fired in every other tab of this origin when one writes; a null key means storage was cleared.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === LOCATION_STORAGE_KEY) store.reload();
  });
  browserStore = store;
  return store;
}
