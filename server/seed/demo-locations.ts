import { createRequire } from 'node:module';
import type { Db } from '../db/database';
import { closeLocationPermanently } from '../models/location-directory';
import { insertLocations, type LocationInput } from '../models/locations';
import { slugify } from '../../client/lib/slugs';
import { properPlaceName } from '../place-names';
import type { LocationHours } from '../../client/lib/location-schemas';

/** One entry of the zipcodes package: a US ZIP or a Canadian FSA with its place and coordinates. */
interface ZipEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** The first rlid of the demo locations. */
export const DEMO_LOCATION_FIRST_RLID = 1001;
/** Cities per US state (by ZIP count, a proxy for size) and per Canadian province. */
const US_CITIES_PER_STATE = 12;
const CA_CITIES_PER_PROVINCE = 8;
/** When the demo's closed restaurants closed. */
const DEMO_CLOSING_DATE = new Date('2026-06-30T23:00:00Z');
const US_ROOT_URL = 'https://www.redharbor.example/';
const CA_ROOT_URL = 'https://www.redharbor.example/ca/';

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);
const CA_PROVINCES: Record<string, string> = {
  Ontario: 'ON',
  Quebec: 'QC',
  'British Columbia': 'BC',
  Alberta: 'AB',
  Manitoba: 'MB',
  'Nova Scotia': 'NS',
  Saskatchewan: 'SK',
};
const STREET_NAMES = [
  'Main',
  'Harbor',
  'Oak',
  'Maple',
  'Washington',
  'Lake',
  'Park',
  'Pine',
  'Cedar',
  'Elm',
  'Market',
  'Bay',
  'River',
  'Highland',
  'Center',
  'Commerce',
  'Lincoln',
  'Jefferson',
  'Franklin',
  'Mill',
];
const STREET_TYPES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Pkwy', 'Way'];
// Canadian FSA names carry a district suffix ("Calgary Northeast"); the city is what precedes it.
const DISTRICT_SUFFIX = /\s+(North|South|East|West|Northeast|Northwest|Southeast|Southwest|Central|Downtown|Midtown|Inner|Outer|Upper|Lower)\b.*$/;

/** A small seeded PRNG (mulberry32): the demo data must be the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "Edmonton (north Downtown)" or "Calgary Northeast" names a district of a city; keep the city. */
function canadianCityName(name: string): string {
  return name
    .replace(/\s*\(.*$/, '')
    .replace(DISTRICT_SUFFIX, '')
    .replace(/^Downtown\s+/, '');
}

// Postal codes never use D, F, I, O, Q or U.
const POSTAL_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

function loadZipEntries(): ZipEntry[] {
  // zipcodes is CommonJS with no types; its data is plain objects.
  const zipcodes = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, ZipEntry> };
  return Object.values(zipcodes.codes).sort((a, b) => a.zip.localeCompare(b.zip));
}

/** The biggest cities per region by how many ZIPs/FSAs they have, each at its first code's coordinates. */
function pickCities(entries: readonly ZipEntry[], perRegion: number): ZipEntry[] {
  const byRegion = new Map<string, Map<string, { entry: ZipEntry; count: number }>>();
  for (const entry of entries) {
    const cities = byRegion.get(entry.state) ?? new Map<string, { entry: ZipEntry; count: number }>();
    byRegion.set(entry.state, cities);
    const known = cities.get(entry.city);
    if (known) known.count += 1;
    else cities.set(entry.city, { entry, count: 1 });
  }
  return [...byRegion.keys()].sort().flatMap((region) =>
    [...byRegion.get(region)!.values()]
      .sort((a, b) => b.count - a.count || a.entry.city.localeCompare(b.entry.city))
      .slice(0, perRegion)
      .map(({ entry }) => entry),
  );
}

const placeOf = (entry: ZipEntry) => properPlaceName({ city: entry.city, region: entry.state, latitude: entry.latitude, longitude: entry.longitude });

/**
 * The demo's cities under their proper names ('Atl' is Atlanta). A US ZIP whose name the
 * gazetteer does not know names a business (Parcel Return Service) or a hamlet, no city.
 */
function cities(): ZipEntry[] {
  const entries = loadZipEntries();
  const us = entries.flatMap((entry) => {
    const city = entry.country === 'US' && US_STATES.has(entry.state) ? placeOf(entry) : null;
    return city ? [{ ...entry, city }] : [];
  });
  const canada = entries
    // Urban FSAs only (a 0 in second place marks a rural one); some names were stored with a broken encoding.
    .filter((entry) => entry.country === 'Canada' && CA_PROVINCES[entry.state] && entry.zip[1] !== '0' && !entry.city.includes('\uFFFD'))
    .map((entry) => {
      const place = { ...entry, city: canadianCityName(entry.city), state: CA_PROVINCES[entry.state]!, country: 'CA' };
      return { ...place, city: placeOf(place) ?? place.city };
    });
  return [...pickCities(us, US_CITIES_PER_STATE), ...pickCities(canada, CA_CITIES_PER_PROVINCE)];
}

function weeklyHours(random: () => number, lateNight: boolean): LocationHours[] {
  const splitLunch = random() < 0.2;
  const weekdayClose = random() < 0.5 ? '22:00' : '21:30';
  const weekendClose = lateNight ? '01:00' : '23:00';
  return [0, 1, 2, 3, 4, 5, 6].flatMap((dayOfWeek) => {
    const close = dayOfWeek === 5 || dayOfWeek === 6 ? weekendClose : weekdayClose;
    // Some restaurants close between lunch and dinner service.
    return splitLunch
      ? [
          { dayOfWeek, open: '11:00', close: '14:30' },
          { dayOfWeek, open: '16:30', close },
        ]
      : [{ dayOfWeek, open: '11:00', close }];
  });
}

function serviceHours(days: readonly number[], open: string, close: string): LocationHours[] {
  return days.map((dayOfWeek) => ({ dayOfWeek, open, close }));
}

/** One demo restaurant in `city`; `index` spreads temporary closures and late-night hours over the chain. */
function demoLocation(random: () => number, city: ZipEntry, index: number): LocationInput {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const rlid = DEMO_LOCATION_FIRST_RLID + index;
  const address1 = `${100 + Math.floor(random() * 9800)} ${pick(STREET_NAMES)} ${pick(STREET_TYPES)}`;
  // Within about a mile of the ZIP's centre, so each restaurant sits in its city.
  const latitude = Number((city.latitude + (random() - 0.5) * 0.03).toFixed(6));
  const longitude = Number((city.longitude + (random() - 0.5) * 0.03).toFixed(6));
  const hasCurbside = random() < 0.6;
  const hasDelivery = random() < 0.55;
  const isTemporarilyClosed = index % 97 === 13;
  const isReservationsEnabled = random() < 0.3;
  const waitListReady = !isReservationsEnabled && !isTemporarilyClosed && random() < 0.5;
  const isUs = city.country === 'US';
  return {
    rlid,
    restaurantNumber: String(rlid).padStart(5, '0'),
    address1,
    ...(random() < 0.15 ? { address2: `Suite ${100 + Math.floor(random() * 300)}` } : {}),
    city: city.city,
    state: city.state,
    country: city.country,
    countryRootURL: isUs ? US_ROOT_URL : CA_ROOT_URL,
    zip: isUs ? city.zip : `${city.zip} ${Math.floor(random() * 10)}${pick([...POSTAL_LETTERS])}${Math.floor(random() * 10)}`,
    longitude,
    latitude,
    hours: weeklyHours(random, index % 23 === 5),
    curbsideHours: hasCurbside ? serviceHours([0, 1, 2, 3, 4, 5, 6], '11:00', '21:00') : [],
    deliveryHours: hasDelivery ? serviceHours([0, 1, 2, 3, 4, 5, 6], '11:30', '21:30') : [],
    phone: `(${200 + Math.floor(random() * 790)}) 555-${String(100 + Math.floor(random() * 100)).padStart(4, '0')}`,
    hasCurbside,
    hasDelivery,
    hasOnlineOrdering: random() < 0.85,
    hasTakeOut: random() < 0.95,
    isDiningRoomOpened: !isTemporarilyClosed && random() < 0.9,
    isTemporarilyClosed,
    outsideDining: random() < 0.35,
    isReservationsEnabled,
    localPageURL: `${city.state}/${slugify(city.city)}/${slugify(address1)}`.toLowerCase(),
    // The estimate is the wait-list engine's to set (see demo-waitlists.ts).
    ...(waitListReady ? { waitListReady: true, waitListMaxPartySize: 8 } : { waitListReady: false }),
  };
}

/**
 * Big cities with more than one restaurant: how many more open ones, and whether one more has
 * closed for good (its local page then sends visitors to the city's page).
 */
const MORE_IN_CITY: ReadonlyArray<{ city: string; state: string; open: number; closed: number }> = [
  { city: 'Orlando', state: 'FL', open: 2, closed: 1 },
  { city: 'Houston', state: 'TX', open: 1, closed: 1 },
  { city: 'Toronto', state: 'ON', open: 1, closed: 0 },
];
/** A city whose only restaurant has closed for good: its local page answers 410. */
const CLOSED_ALONE = { city: 'Limestone', state: 'ME' };

/** The demo chain: its restaurants (open or not) and the rlids of those closed for good. */
function demoChain(): { locations: LocationInput[]; closedRlids: number[] } {
  const random = seededRandom(20261122);
  const places = cities();
  const locations = places.map((city, index) => demoLocation(random, city, index));
  const closedRlids = locations.filter((location) => location.city === CLOSED_ALONE.city && location.state === CLOSED_ALONE.state).map((location) => location.rlid);
  for (const more of MORE_IN_CITY) {
    const city = places.find((place) => place.city === more.city && place.state === more.state);
    if (!city) continue;
    for (let count = 0; count < more.open + more.closed; count += 1) {
      const location = demoLocation(random, city, locations.length);
      locations.push(location);
      if (count >= more.open) closedRlids.push(location.rlid);
    }
  }
  return { locations, closedRlids };
}

/** The demo locations: about 12 per US state and DC plus cities in several Canadian provinces, identical every run. */
export function demoLocations(): LocationInput[] {
  return demoChain().locations;
}

/** Inserts the demo locations and closes some for good; returns how many were inserted. Call on an empty locations table. */
export async function insertDemoLocations(db: Db): Promise<number> {
  const { locations, closedRlids } = demoChain();
  const count = await insertLocations(db, locations);
  for (const rlid of closedRlids) await closeLocationPermanently(db, rlid, DEMO_CLOSING_DATE);
  return count;
}
