/**
 * Proper place names for postal data. The ZIP data names a ZIP's city as the Postal Service
 * abbreviates it on an envelope ('Atl', 'Bham', 'Minot Afb', 'J B P H H', 'Coeur D Alene'); the
 * gazetteer knows the place's own name, which pages and addresses show instead.
 */
import { gazetteerPlaces, type GazetteerPlace } from './gazetteer';

/** A postal code's place as the postal data has it. */
export interface PostalPlace {
  city: string;
  /** US state or Canadian province postal code. */
  region: string;
  latitude: number;
  longitude: number;
}

/** How far from a ZIP's point an abbreviated name is looked for. */
const ABBREVIATION_RADIUS_KM = 30;
/** How far from a ZIP's point a place named by initials ('J B P H H') may be: the ZIP lies in it. */
const INITIALS_RADIUS_KM = 5;
/** The longest one-word name read as an abbreviation ('Atl', 'Bham') when no place has it as its name. */
const ABBREVIATION_MAX_LETTERS = 4;
/** The Postal Service clips the names of big cities, whose many ZIPs carry them; a small place keeps its own. */
const ABBREVIATED_CITY_MIN_POPULATION = 100_000;

// Postal abbreviations of words, and the short forms GeoNames writes ('St. Petersburg'), spelled out.
const WORDS: Readonly<Record<string, string>> = {
  AFB: 'AIR FORCE BASE', NATL: 'NATIONAL', ST: 'SAINT', STE: 'SAINTE', MT: 'MOUNT', FT: 'FORT', PT: 'POINT',
  HTS: 'HEIGHTS', SPGS: 'SPRINGS', JCT: 'JUNCTION', VLG: 'VILLAGE', CTR: 'CENTER', TWP: 'TOWNSHIP',
};

/** A name reduced to what two spellings of it share: capitals only, words spelled out, no 'The', no punctuation. */
function nameKey(name: string): string {
  const words = (name.split(',')[0] ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word);
  if (words[0] === 'THE' && words.length > 1) words.shift();
  return words.join('').replace(/ /g, '');
}

function kilometres(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((to.latitude - from.latitude) * rad) / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(((to.longitude - from.longitude) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Whether `short` keeps the first letter of `long` and the rest of its letters in order ('BHAM' of 'BIRMINGHAM'). */
function abbreviates(short: string, long: string): boolean {
  if (short.length >= long.length || short[0] !== long[0]) return false;
  let at = 0;
  for (const letter of short) {
    at = long.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

interface RegionIndex {
  places: readonly GazetteerPlace[];
  byKey: Map<string, GazetteerPlace[]>;
  /** Places by their name without a trailing 'City' ('New York City' is the ZIPs' 'New York'). */
  byShortKey: Map<string, GazetteerPlace[]>;
}

let regions: Map<string, RegionIndex> | undefined;
function regionIndex(region: string): RegionIndex | undefined {
  if (!regions) {
    regions = new Map();
    for (const place of gazetteerPlaces()) {
      let index = regions.get(place.region);
      if (!index) regions.set(place.region, (index = { places: [], byKey: new Map(), byShortKey: new Map() }));
      (index.places as GazetteerPlace[]).push(place);
      const key = nameKey(place.name);
      index.byKey.set(key, [...(index.byKey.get(key) ?? []), place]);
      if (key.endsWith('CITY') && key.length > 4) index.byShortKey.set(key.slice(0, -4), [...(index.byShortKey.get(key.slice(0, -4)) ?? []), place]);
    }
  }
  return regions.get(region);
}

const nearest = (places: readonly GazetteerPlace[], to: PostalPlace) =>
  places.reduce<GazetteerPlace | undefined>((best, place) => (!best || kilometres(place, to) < kilometres(best, to) ? place : best), undefined);

// GeoNames writes 'Washington, D.C.'; the city's name is what comes before the comma.
const cityPart = (place: GazetteerPlace | undefined) => place?.name.split(',')[0]?.trim() ?? null;

/** The place a name stands for wherever the ZIP lies ('Coeur D Alene', 'Minot Afb'), or undefined when the name alone cannot tell. */
function placeByName(city: string, index: RegionIndex): string | null | undefined {
  const key = nameKey(city);
  const named = index.byKey.get(key) ?? index.byShortKey.get(key);
  // Places of one name share it: whichever is nearest, the spelling is the same.
  if (named) return cityPart(named[0]);
  const words = city.trim().split(/\s+/);
  const clipped = words.length === 1 && key.length <= ABBREVIATION_MAX_LETTERS;
  const initials = words.filter((word) => word.length === 1).length >= 2;
  return clipped || initials ? undefined : null;
}

/** The place a clipped name ('Atl', 'Bham') or initials ('J B P H H', 'Camp H M Smith') stand for near the ZIP's point. */
function placeNearby(postal: PostalPlace, index: RegionIndex): string | null {
  const key = nameKey(postal.city);
  const around = (radius: number) => index.places.filter((place) => kilometres(place, postal) <= radius);
  if (!postal.city.trim().includes(' ')) {
    // The most populous city nearby that the clipped name abbreviates.
    return cityPart(
      around(ABBREVIATION_RADIUS_KM)
        .filter((place) => place.population >= ABBREVIATED_CITY_MIN_POPULATION && abbreviates(key, nameKey(place.name)))
        .reduce<GazetteerPlace | undefined>((best, place) => (!best || place.population > best.population ? place : best), undefined),
    );
  }
  // Initials name a base or a camp; the ZIP lies in the place around it.
  return cityPart(nearest(around(INITIALS_RADIUS_KM), postal));
}

const byName = new Map<string, string | null | undefined>();

/**
 * The gazetteer's name of the place a postal record's city stands for ('Atl', GA → 'Atlanta'),
 * or null when the gazetteer knows no such place (a business's own ZIP, a hamlet).
 */
export function properPlaceName(postal: PostalPlace): string | null {
  const index = regionIndex(postal.region);
  if (!index) return null;
  const memoKey = `${postal.city}|${postal.region}`;
  if (!byName.has(memoKey)) byName.set(memoKey, placeByName(postal.city, index));
  const named = byName.get(memoKey);
  return named === undefined ? placeNearby(postal, index) : named;
}
