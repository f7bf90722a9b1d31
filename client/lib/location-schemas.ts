import * as z from 'zod/mini';
import { isTimeZone } from './local-clock';

/** Where the nearest-locations search is asked (SPEC §7). */
export const GET_LOCATIONS_URL = '/api/location/getlocations/';
/** Where one location is fetched by rlid. */
export const GET_LOCATION_URL = '/api/location/getlocation/';
/** Where a location's wait-list state is fetched by rlid. */
export const GET_WAITLIST_URL = '/api/location/getwaitlist/';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One opening span on one weekday (0 = Sunday … 6 = Saturday), times as 'HH:MM'. */
export const locationHoursSchema = z.object({
  dayOfWeek: z.int().check(z.gte(0), z.lte(6)),
  open: z.string().check(z.regex(HH_MM)),
  close: z.string().check(z.regex(HH_MM)),
});

/** The location object of SPEC §3, as the location API returns it. */
export const locationSchema = z.object({
  rlid: z.int(),
  restaurantNumber: z.string(),
  address1: z.string(),
  address2: z.optional(z.string()),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  countryRootURL: z.optional(z.string()),
  zip: z.string(),
  longitude: z.number().check(z.gte(-180), z.lte(180)),
  latitude: z.number().check(z.gte(-90), z.lte(90)),
  /** The restaurant's IANA time zone: its hours, bookings and wait list run on this clock. */
  timeZone: z.string().check(z.refine(isTimeZone, 'timeZone must be an IANA time zone, e.g. America/Denver.')),
  hours: z.array(locationHoursSchema),
  curbsideHours: z.array(locationHoursSchema),
  deliveryHours: z.array(locationHoursSchema),
  phone: z.string(),
  hasCurbside: z.boolean(),
  hasDelivery: z.boolean(),
  hasOnlineOrdering: z.boolean(),
  hasTakeOut: z.boolean(),
  isDiningRoomOpened: z.boolean(),
  isTemporarilyClosed: z.boolean(),
  outsideDining: z.boolean(),
  isReservationsEnabled: z.boolean(),
  localPageURL: z.optional(z.string()),
  estimatedWaitTime: z.optional(z.string()),
  waitListMaxPartySize: z.optional(z.int()),
  waitListReady: z.optional(z.boolean()),
});

/** The location list response of SPEC §3: nearest first, distance in miles. */
export const locationListResponseSchema = z.object({
  totalLocations: z.int().check(z.gte(0)),
  locations: z.array(z.object({ distance: z.number().check(z.gte(0)), location: locationSchema })),
  currentLocation: z.nullable(locationSchema),
});

/** The wait-list state of one location. */
export const waitListResponseSchema = z.object({
  rlid: z.int(),
  waitListReady: z.nullable(z.boolean()),
  estimatedWaitTime: z.nullable(z.string()),
  waitListMaxPartySize: z.nullable(z.int()),
});

/** One weekday opening span. */
export type LocationHours = z.infer<typeof locationHoursSchema>;
/** A location as the API returns it. */
export type Location = z.infer<typeof locationSchema>;
/** What GET /api/location/getlocations/ answers. */
export type LocationListResponse = z.infer<typeof locationListResponseSchema>;
/** What GET /api/location/getwaitlist/ answers. */
export type WaitListResponse = z.infer<typeof waitListResponseSchema>;
