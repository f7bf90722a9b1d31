import { sql } from 'kysely';
import type { Location, LocationHours, LocationListResponse } from '../../client/lib/location-schemas';
import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import type { LocationHoursRow, LocationRow } from '../db/schema';
import { acceptsOnlineJoins } from './waitlist/readiness';
import { timeZoneAt } from './location-clock';

export { locationListResponseSchema, locationSchema, type Location, type LocationListResponse } from '../../client/lib/location-schemas';

/** Mean earth radius in miles, the haversine constant for distances in miles. */
export const EARTH_RADIUS_MILES = 3958.8;
/** Miles per degree of latitude (and of longitude at the equator). */
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;
/** Rows per INSERT, well below PostgreSQL's 65,535 bind parameters. */
const LOCATION_BATCH_SIZE = 500;
const HOURS_BATCH_SIZE = 2000;

/** A location to store: the API shape, hours included; without a time zone, the zone of its coordinates. */
export type LocationInput = Omit<Location, 'timeZone'> & { timeZone?: string };

/** What a nearest-locations search asks for. */
export interface NearestLocationsOptions {
  latitude: number;
  longitude: number;
  radiusMiles: number;
  limit: number;
}

/** Great-circle distance in miles between two points (haversine); the SQL search uses the same formula. */
export function haversineMiles(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((to.latitude - from.latitude) * rad) / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(((to.longitude - from.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The latitude/longitude box holding every point within `radiusMiles`; `longitudes` null means any longitude. */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  longitudes: { min: number; max: number; wraps: boolean } | null;
}

/** The box the index narrows a search to before distances are computed. */
export function boundingBox({ latitude, longitude, radiusMiles }: Omit<NearestLocationsOptions, 'limit'>): BoundingBox {
  const latitudeSpan = radiusMiles / MILES_PER_DEGREE;
  const minLatitude = Math.max(-90, latitude - latitudeSpan);
  const maxLatitude = Math.min(90, latitude + latitudeSpan);
  // Near a pole a circle covers every meridian; the cosine of the farthest latitude bounds the span.
  const widestLatitude = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  if (widestLatitude >= 89.9) return { minLatitude, maxLatitude, longitudes: null };
  const longitudeSpan = latitudeSpan / Math.cos((widestLatitude * Math.PI) / 180);
  if (longitudeSpan >= 180) return { minLatitude, maxLatitude, longitudes: null };
  const min = longitude - longitudeSpan;
  const max = longitude + longitudeSpan;
  // A box crossing the antimeridian is two ranges: longitude >= min OR longitude <= max.
  if (min < -180) return { minLatitude, maxLatitude, longitudes: { min: min + 360, max, wraps: true } };
  if (max > 180) return { minLatitude, maxLatitude, longitudes: { min, max: max - 360, wraps: true } };
  return { minLatitude, maxLatitude, longitudes: { min, max, wraps: false } };
}

/** The SQL of the nearest-locations search: bounding box on the lat/lng index, then haversine order. */
export function nearestLocationsQuery(db: Db, options: NearestLocationsOptions) {
  const { latitude, longitude, radiusMiles, limit } = options;
  const box = boundingBox(options);
  // Parameters are cast: PostgreSQL would otherwise infer `2 * $1` as integer.
  const distance = sql<number>`2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(l.latitude - ${latitude}::float8) / 2), 2)
    + cos(radians(${latitude}::float8)) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - ${longitude}::float8) / 2), 2))))`;
  return (
    db
      .selectFrom(
        db
          .selectFrom('locations as l')
          .selectAll('l')
          .select(distance.as('distance'))
          .where('l.permanently_closed_at', 'is', null)
          .where('l.latitude', '>=', box.minLatitude)
          .where('l.latitude', '<=', box.maxLatitude)
          .$if(box.longitudes !== null && !box.longitudes.wraps, (qb) => qb.where('l.longitude', '>=', box.longitudes!.min).where('l.longitude', '<=', box.longitudes!.max))
          .$if(box.longitudes !== null && box.longitudes.wraps, (qb) =>
            qb.where((eb) => eb.or([eb('l.longitude', '>=', box.longitudes!.min), eb('l.longitude', '<=', box.longitudes!.max)])),
          )
          .as('candidates'),
      )
      .selectAll('candidates')
      // The window count is taken before LIMIT, so one query gives both the page and the total in range.
      .select(sql<string>`count(*) over ()`.as('total_locations'))
      .where('candidates.distance', '<=', radiusMiles)
      .orderBy('candidates.distance')
      .orderBy('candidates.rlid')
      .limit(limit)
  );
}

/** The locations within `radiusMiles` of a point, nearest first, at most `limit`, with how many are in range. */
/** `now` decides which wait lists read as ready (opening hours). */
export async function findNearestLocations(db: Db, options: NearestLocationsOptions, now: Date): Promise<LocationListResponse> {
  const rows = await nearestLocationsQuery(db, options).execute();
  const hours = await hoursByLocation(
    db,
    rows.map((row) => row.rlid),
  );
  return {
    totalLocations: rows.length ? Number(rows[0]!.total_locations) : 0,
    locations: rows.map((row) => ({ distance: Number(row.distance), location: toLocation(row, hours.get(row.rlid) ?? [], now) })),
    currentLocation: null,
  };
}

/** One location by rlid, or undefined; `now` decides whether its wait list reads as ready. */
export async function getLocation(db: Db, rlid: number, now: Date): Promise<Location | undefined> {
  const row = await db.selectFrom('locations').selectAll().where('rlid', '=', rlid).executeTakeFirst();
  if (!row) return undefined;
  const hours = await hoursByLocation(db, [rlid]);
  return toLocation(row, hours.get(rlid) ?? [], now);
}

/** A location's street address and phone, as a guest is told where to go; throws when there is no such location. */
export async function locationAddress(db: Db, rlid: number): Promise<Pick<LocationRow, 'address1' | 'city' | 'state' | 'zip' | 'phone'>> {
  return db.selectFrom('locations').select(['address1', 'city', 'state', 'zip', 'phone']).where('rlid', '=', rlid).executeTakeFirstOrThrow();
}

/** Whether a location with this rlid is stored (open or not). */
export async function locationExists(db: Db, rlid: number): Promise<boolean> {
  return (await db.selectFrom('locations').select('rlid').where('rlid', '=', rlid).executeTakeFirst()) !== undefined;
}

/** Deletes the locations whose rlid is at least `first` and below `end` (a block such as the bench's). */
export async function deleteLocationsInRange(db: Db, first: number, end: number): Promise<void> {
  await db.deleteFrom('locations').where('rlid', '>=', first).where('rlid', '<', end).execute();
}

/** Stores locations and their hours in batches, in one transaction; returns how many locations were inserted. */
export async function insertLocations(db: Db, locations: readonly LocationInput[]): Promise<number> {
  await withTransaction(db, async (trx) => {
    for (let start = 0; start < locations.length; start += LOCATION_BATCH_SIZE) {
      await trx
        .insertInto('locations')
        .values(locations.slice(start, start + LOCATION_BATCH_SIZE).map(toRow))
        .execute();
    }
    const hours = locations.flatMap(toHoursRows);
    for (let start = 0; start < hours.length; start += HOURS_BATCH_SIZE) {
      await trx
        .insertInto('location_hours')
        .values(hours.slice(start, start + HOURS_BATCH_SIZE))
        .execute();
    }
  });
  return locations.length;
}

const HOURS_KINDS = { hours: 'operation', curbsideHours: 'curbside', deliveryHours: 'delivery' } as const;

type HoursByKind = Record<LocationHoursRow['kind'], LocationHours[]>;

async function hoursByLocation(db: Db, rlids: readonly number[]): Promise<Map<number, LocationHoursRow[]>> {
  const byLocation = new Map<number, LocationHoursRow[]>();
  if (!rlids.length) return byLocation;
  const rows = await db
    .selectFrom('location_hours')
    .selectAll()
    .where('location_rlid', 'in', rlids)
    .orderBy('location_rlid')
    .orderBy('kind')
    .orderBy('day_of_week')
    .orderBy('open')
    .execute();
  for (const row of rows) {
    const list = byLocation.get(row.location_rlid) ?? [];
    list.push(row);
    byLocation.set(row.location_rlid, list);
  }
  return byLocation;
}

/**
 * The API shape of a stored location; its wait list counts as ready only while it accepts
 * online joins (see acceptsOnlineJoins).
 */
function toLocation(row: LocationRow, hours: readonly LocationHoursRow[], now: Date): Location {
  const byKind: HoursByKind = { operation: [], curbside: [], delivery: [] };
  for (const span of hours) byKind[span.kind].push({ dayOfWeek: span.day_of_week, open: span.open, close: span.close });
  const waitListReady = row.wait_list_ready === null ? null : acceptsOnlineJoins(row, byKind.operation, now);
  return {
    rlid: row.rlid,
    restaurantNumber: row.restaurant_number,
    address1: row.address1,
    ...(row.address2 ? { address2: row.address2 } : {}),
    city: row.city,
    state: row.state,
    country: row.country,
    ...(row.country_root_url ? { countryRootURL: row.country_root_url } : {}),
    zip: row.zip,
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    timeZone: row.time_zone,
    hours: byKind.operation,
    curbsideHours: byKind.curbside,
    deliveryHours: byKind.delivery,
    phone: row.phone,
    hasCurbside: row.has_curbside,
    hasDelivery: row.has_delivery,
    hasOnlineOrdering: row.has_online_ordering,
    hasTakeOut: row.has_take_out,
    isDiningRoomOpened: row.is_dining_room_opened,
    isTemporarilyClosed: row.is_temporarily_closed,
    outsideDining: row.outside_dining,
    isReservationsEnabled: row.is_reservations_enabled,
    ...(row.local_page_url ? { localPageURL: row.local_page_url } : {}),
    ...(row.estimated_wait_time !== null ? { estimatedWaitTime: row.estimated_wait_time } : {}),
    ...(row.wait_list_max_party_size !== null ? { waitListMaxPartySize: row.wait_list_max_party_size } : {}),
    ...(waitListReady !== null ? { waitListReady } : {}),
  };
}

function toRow(location: LocationInput) {
  return {
    rlid: location.rlid,
    restaurant_number: location.restaurantNumber,
    address1: location.address1,
    address2: location.address2 ?? null,
    city: location.city,
    state: location.state,
    country: location.country,
    country_root_url: location.countryRootURL ?? null,
    zip: location.zip,
    longitude: location.longitude,
    latitude: location.latitude,
    time_zone: location.timeZone ?? timeZoneAt(location.latitude, location.longitude),
    phone: location.phone,
    has_curbside: location.hasCurbside,
    has_delivery: location.hasDelivery,
    has_online_ordering: location.hasOnlineOrdering,
    has_take_out: location.hasTakeOut,
    is_dining_room_opened: location.isDiningRoomOpened,
    is_temporarily_closed: location.isTemporarilyClosed,
    outside_dining: location.outsideDining,
    is_reservations_enabled: location.isReservationsEnabled,
    local_page_url: location.localPageURL ?? null,
    estimated_wait_time: location.estimatedWaitTime ?? null,
    wait_list_max_party_size: location.waitListMaxPartySize ?? null,
    wait_list_ready: location.waitListReady ?? null,
  };
}

function toHoursRows(location: LocationInput) {
  return (Object.keys(HOURS_KINDS) as (keyof typeof HOURS_KINDS)[]).flatMap((field) =>
    location[field].map((span) => ({ location_rlid: location.rlid, kind: HOURS_KINDS[field], day_of_week: span.dayOfWeek, open: span.open, close: span.close })),
  );
}
