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
  AFB: 'AIR FORCE BASE',
  NATL: 'NATIONAL',
  ST: 'SAINT',
  STE: 'SAINTE',
  MT: 'MOUNT',
  FT: 'FORT',
  PT: 'POINT',
  HTS: 'HEIGHTS',
  SPGS: 'SPRINGS',
  JCT: 'JUNCTION',
  VLG: 'VILLAGE',
  CTR: 'CENTER',
  TWP: 'TOWNSHIP',
  ARB: 'AIR RESERVE BASE',
  JRB: 'JOINT RESERVE BASE',
  BCH: 'BEACH',
  PK: 'PARK',
  USAF: 'UNITED STATES AIR FORCE',
  AMER: 'AMERICA',
  ARIZ: 'ARIZONA',
  PERS: 'PERSONNEL',
};

/**
 * Bases the Postal Service names by an acronym that no data spells out (GeoNames has no place
 * 'Jber', and the ZIP data puts its ZIPs 500 km off), by postal name and state.
 */
const INSTALLATIONS: Readonly<Record<string, string>> = {
  'JBER|AK': 'Joint Base Elmendorf-Richardson',
  'FE WARREN AFB|WY': 'F. E. Warren Air Force Base',
  'GLENDALE LUKE AFB|AZ': 'Luke Air Force Base',
  'NAVAL AIR STATION/ JRB|TX': 'Naval Air Station Joint Reserve Base Fort Worth',
};

/** Military post offices (APO, FPO, DPO) are written in capitals on every address. */
const MILITARY_POST_OFFICES = new Set(['APO', 'FPO', 'DPO']);

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
  const a =
    Math.sin(((to.latitude - from.latitude) * rad) / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(((to.longitude - from.longitude) * rad) / 2) ** 2;
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
// A few GeoNames bases keep an acronym ('Andrews AFB', 'Marine Corps Base Hawaii - MCBH'): spelled out, or dropped after the name.
const cityPart = (place: GazetteerPlace | undefined) =>
  place?.name
    .split(',')[0]
    ?.trim()
    .replace(/\bAFB\b/, 'Air Force Base')
    .replace(/ - \p{Lu}+$/u, '') ?? null;

// A word read as an abbreviation: no vowel ('Dhs', 'Kng', 'Blmgtn'), except the 'Mc' of 'Mc Lean'.
const unreadable = (word: string) => word.length > 1 && word !== 'MC' && !/[AEIOUY]/.test(word);

/** The place a name stands for wherever the ZIP lies ('Coeur D Alene', 'Minot Afb'), or undefined when the name alone cannot tell. */
function placeByName(city: string, index: RegionIndex): string | null | undefined {
  const key = nameKey(city);
  const named = index.byKey.get(key) ?? index.byShortKey.get(key);
  // Places of one name share it: whichever is nearest, the spelling is the same.
  if (named) return cityPart(named[0]);
  const words = city.trim().split(/\s+/);
  const clipped = words.length === 1 && key.length <= ABBREVIATION_MAX_LETTERS;
  const initials = words.filter((word) => word.length === 1).length >= 2;
  const unread = words.some((word) => unreadable(WORDS[word.toUpperCase()] ?? word.toUpperCase()));
  return clipped || initials || unread ? undefined : null;
}

/**
 * The place a clipped name ('Atl', 'Bham', 'Kng Of Prussa'), initials ('J B P H H', 'Camp H M Smith')
 * or an unreadable business name ('Dhs') stand for near the ZIP's point.
 */
function placeNearby(postal: PostalPlace, index: RegionIndex): string | null {
  const key = nameKey(postal.city);
  const around = (radius: number) => index.places.filter((place) => kilometres(place, postal) <= radius);
  // The most populous place nearby that the name abbreviates.
  const abbreviated = (minPopulation: number) =>
    cityPart(
      around(ABBREVIATION_RADIUS_KM)
        .filter((place) => place.population >= minPopulation && abbreviates(key, nameKey(place.name)))
        .reduce<GazetteerPlace | undefined>((best, place) => (!best || place.population > best.population ? place : best), undefined),
    );
  const words = postal.city.trim().toUpperCase().split(/\s+/);
  if (words.length === 1) {
    // The Postal Service clips big cities' names only; a short name of a small place is its own.
    const clipped = abbreviated(ABBREVIATED_CITY_MIN_POPULATION);
    if (clipped || !unreadable(key)) return clipped;
  }
  // Initials name a base or a camp; the ZIP lies in the place around it.
  if (!words.some((word) => unreadable(WORDS[word] ?? word))) return cityPart(nearest(around(INITIALS_RADIUS_KM), postal));
  // A name with unreadable words is a place's clipped name, or a business's in some place nearby.
  return abbreviated(0) ?? cityPart(nearest(around(ABBREVIATION_RADIUS_KM), postal));
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

/**
 * A postal city name as the place writes it, for names the gazetteer does not know: a base by
 * its name ('Jber'), postal words and initials spelled out ('Dover Afb', 'Moody A F B' → '… Air
 * Force Base'), 'Mc Lean' → 'McLean', military post offices in capitals, other words capitalized.
 */
export function postalSpelling(city: string, region: string): string {
  const installation = INSTALLATIONS[`${city.trim().toUpperCase()}|${region}`];
  if (installation) return installation;
  return (
    city
      .trim()
      .toUpperCase()
      // Runs of single letters are one acronym ('A F B' is 'AFB').
      .replace(/(?<![\p{L}'])\p{L}(?: \p{L}(?![\p{L}']))+/gu, (run) => run.replace(/ /g, ''))
      .split(/\s+/)
      .map((word) =>
        MILITARY_POST_OFFICES.has(word) ? word : (WORDS[word] ?? word).toLowerCase().replace(/(^|[\s'/-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase()),
      )
      .join(' ')
      .replace(/\bMc (\p{L})/gu, 'Mc$1')
  );
}
