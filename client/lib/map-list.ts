/** Rules of the locator map's lettered list (SPEC §2 item 9, §4 "Locations map", §9). */
import type { Location } from './location-schemas';
import type { SearchArea } from './location-search';

/**
 * How far and how many the map page searches. The radius is the site-wide 200 miles (SPEC §9);
 * the map shows more than the popover's 26 so a metro area with many restaurants is covered,
 * which is why the letters wrap (the 27th is A again).
 */
export const MAP_SEARCH_AREA: SearchArea = { radius: 200, limit: 30 };

/** One list entry: a restaurant and its distance in miles from the searched point. */
export interface MapListEntry {
  distance: number;
  location: Location;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The list glyph of the entry at `index` (0-based): A to Z, then A again. */
export function locationLetter(index: number): string {
  return LETTERS[index % LETTERS.length]!;
}

/** A distance in miles with two decimals, as the map list shows it ('3.10'). */
export function formatMapDistance(miles: number): string {
  return miles.toFixed(2);
}

/** The focused entry: the one with the focused rlid, else the first (SPEC §4); null for an empty list. */
export function focusedEntry<Entry extends { location: { rlid: number } }>(entries: readonly Entry[], focusedRlid: number | null): Entry | null {
  return entries.find((entry) => entry.location.rlid === focusedRlid) ?? entries[0] ?? null;
}

/** Street address and place on one line, for labels: '123 Main St, City, ST'. */
export function oneLineAddress(location: Pick<Location, 'address1' | 'city' | 'state'>): string {
  return `${location.address1}, ${location.city}, ${location.state}`;
}
