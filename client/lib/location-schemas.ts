import { z } from 'zod';
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
  dayOfWeek: z.number().int().min(0).max(6),
  open: z.string().regex(HH_MM),
  close: z.string().regex(HH_MM),
});

/** The location object of SPEC §3, as the location API returns it. */
export const locationSchema = z.object({
  rlid: z.number().int(),
  restaurantNumber: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  countryRootURL: z.string().optional(),
  zip: z.string(),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
  /** The restaurant's IANA time zone: its hours, bookings and wait list run on this clock. */
  timeZone: z.string().refine(isTimeZone, 'timeZone must be an IANA time zone, e.g. America/Denver.'),
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
  localPageURL: z.string().optional(),
  estimatedWaitTime: z.string().optional(),
  waitListMaxPartySize: z.number().int().optional(),
  waitListReady: z.boolean().optional(),
});

/** The location list response of SPEC §3: nearest first, distance in miles. */
export const locationListResponseSchema = z.object({
  totalLocations: z.number().int().min(0),
  locations: z.array(z.object({ distance: z.number().min(0), location: locationSchema })),
  currentLocation: locationSchema.nullable(),
});

/** The wait-list state of one location. */
export const waitListResponseSchema = z.object({
  rlid: z.number().int(),
  waitListReady: z.boolean().nullable(),
  estimatedWaitTime: z.string().nullable(),
  waitListMaxPartySize: z.number().int().nullable(),
});

/** One weekday opening span. */
export type LocationHours = z.infer<typeof locationHoursSchema>;
/** A location as the API returns it. */
export type Location = z.infer<typeof locationSchema>;
/** What GET /api/location/getlocations/ answers. */
export type LocationListResponse = z.infer<typeof locationListResponseSchema>;
/** What GET /api/location/getwaitlist/ answers. */
export type WaitListResponse = z.infer<typeof waitListResponseSchema>;
