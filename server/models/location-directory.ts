import { sql } from 'kysely';
import type { Db } from '../db/database';
import { CA_PROVINCES, US_STATES } from '../regions';
import { slugify } from '../../client/lib/slugs';

/**
 * The locations directory reads the `locations` table by local page address. A directory
 * address is `{state}/{city}/{street}` (the localPageURL of SPEC §3): the first two components
 * name the city page, the whole names the local page. Permanently closed locations are left out
 * of every list; by address they are still found, so their pages can answer 301 or 410.
 */

/** Local page addresses of exactly three components, the ones the directory lists. */
const DIRECTORY_ADDRESS = '^[^/]+/[^/]+/[^/]+$';

/** State and province names by country code, for headings and for `/locations/list/` slugs. */
const REGION_NAMES: Record<string, Record<string, string>> = { US: US_STATES, CA: CA_PROVINCES };

/** A location as the directory lists it. */
export interface DirectoryLocation {
  rlid: number;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  localPageUrl: string;
}

/** One city of a country's directory. */
export interface DirectoryCity {
  country: string;
  state: string;
  stateSlug: string;
  city: string;
  citySlug: string;
}

/** A location found by its local page address, open or not. */
export interface LocationByAddress extends DirectoryLocation {
  isPermanentlyClosed: boolean;
}

/** The full name of a state or province, else its code. */
export function regionName(country: string, state: string): string {
  return REGION_NAMES[country]?.[state.toUpperCase()] ?? state;
}

function directoryLocations(db: Db) {
  return db
    .selectFrom('locations')
    .select(['rlid', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'local_page_url as localPageUrl'])
    .$narrowType<{ localPageUrl: string }>()
    .where('permanently_closed_at', 'is', null)
    .where(sql<boolean>`local_page_url ~ ${DIRECTORY_ADDRESS}`);
}

// LIKE treats % and _ as wildcards; a slug holds neither, but a hand-typed address might.
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}/%`;

/** The country codes that have at least one open location in the directory. */
export async function openCountryCodes(db: Db): Promise<string[]> {
  const rows = await directoryLocations(db).clearSelect().select('country').distinct().orderBy('country').execute();
  return rows.map((row) => row.country);
}

/** The cities of a country with at least one open location, one entry per city page. */
export async function directoryCities(db: Db, country: string): Promise<DirectoryCity[]> {
  const stateSlug = sql<string>`split_part(local_page_url, '/', 1)`;
  const citySlug = sql<string>`split_part(local_page_url, '/', 2)`;
  const rows = await directoryLocations(db)
    .clearSelect()
    .select(['country', 'state', stateSlug.as('stateSlug'), citySlug.as('citySlug'), sql<string>`min(city)`.as('city')])
    .where('country', '=', country)
    .groupBy(['country', 'state', stateSlug, citySlug])
    .execute();
  return rows;
}

/** The open locations of one city page, by street address. */
export async function openLocationsInCity(db: Db, stateSlug: string, citySlug: string): Promise<DirectoryLocation[]> {
  return directoryLocations(db)
    .where('local_page_url', 'like', likePrefix(`${stateSlug}/${citySlug}`))
    .orderBy('address1')
    .orderBy('rlid')
    .execute();
}

/** The open locations of a city named by name and state code (hand-made city pages). */
export async function openLocationsByCityName(db: Db, city: string, state: string): Promise<DirectoryLocation[]> {
  return directoryLocations(db)
    .where(sql<boolean>`lower(city) = lower(${city})`)
    .where(sql<boolean>`upper(state) = upper(${state})`)
    .orderBy('address1')
    .orderBy('rlid')
    .execute();
}

/** The location whose local page address this is, closed or not. */
export async function findLocationByLocalPageUrl(db: Db, localPageUrl: string): Promise<LocationByAddress | undefined> {
  const row = await db
    .selectFrom('locations')
    .select(['rlid', 'address1', 'address2', 'city', 'state', 'zip', 'country', 'local_page_url as localPageUrl', 'permanently_closed_at'])
    .$narrowType<{ localPageUrl: string }>()
    .where('local_page_url', '=', localPageUrl)
    .orderBy('permanently_closed_at', (ob) => ob.desc().nullsFirst())
    .orderBy('rlid')
    .executeTakeFirst();
  if (!row) return undefined;
  const { permanently_closed_at: closedAt, ...location } = row;
  return { ...location, isPermanentlyClosed: closedAt !== null };
}

/** The state codes a `/locations/list/` state slug may mean: the code itself or the slug of its full name. */
function stateCodesForSlug(stateSlug: string): string[] {
  const codes = new Set([stateSlug.toUpperCase()]);
  for (const names of Object.values(REGION_NAMES)) {
    for (const [code, name] of Object.entries(names)) if (slugify(name) === stateSlug) codes.add(code);
  }
  return [...codes];
}

/**
 * The local page address of the location at `/locations/list/{state}/{city}/{line1}/`: state
 * by code or name, city and first address line by their slugs; open locations first.
 */
export async function findLocalPageByListPath(db: Db, stateSlug: string, citySlug: string, line1Slug: string): Promise<string | undefined> {
  const candidates = await db
    .selectFrom('locations')
    .select(['city', 'address1', 'local_page_url as localPageUrl'])
    .$narrowType<{ localPageUrl: string }>()
    .where(sql<string>`upper(state)`, 'in', stateCodesForSlug(stateSlug.toLowerCase()))
    .where('local_page_url', 'is not', null)
    .orderBy('permanently_closed_at', (ob) => ob.desc().nullsFirst())
    .orderBy('rlid')
    .execute();
  const match = candidates.find((row) => slugify(row.city) === citySlug.toLowerCase() && slugify(row.address1) === line1Slug.toLowerCase());
  return match?.localPageUrl;
}

/** Whether the location with this rlid has closed for good (false for an unknown rlid). */
export async function isPermanentlyClosed(db: Db, rlid: number): Promise<boolean> {
  const row = await db.selectFrom('locations').select('permanently_closed_at').where('rlid', '=', rlid).executeTakeFirst();
  return Boolean(row?.permanently_closed_at);
}

/** Marks a location as closed for good; it leaves the directory and the nearest search. */
export async function closeLocationPermanently(db: Db, rlid: number, at: Date = new Date()): Promise<void> {
  await db.updateTable('locations').set({ permanently_closed_at: at }).where('rlid', '=', rlid).execute();
}

/** Every open directory address (local pages), in address order, for the sitemap. */
export async function openDirectoryAddresses(db: Db): Promise<string[]> {
  const rows = await directoryLocations(db).clearSelect().select('local_page_url as localPageUrl').$narrowType<{ localPageUrl: string }>().orderBy('local_page_url').execute();
  return rows.map((row) => row.localPageUrl);
}
