/**
 * Finding restaurants from what a visitor typed or where they are: geocode the text, then ask
 * the location API for the nearest ones. Shared by the location popover, the locations map
 * and the contact form's location picker, each with its own radius and limit (SPEC §7).
 */
import * as z from 'zod/mini';
import { readShape, RequestFailedError } from './api-client';
import { geocodeWithGoogle, hasGoogleGeocoder } from './google-geocoder';
import { GET_LOCATION_URL, GET_LOCATIONS_URL, locationListResponseSchema, locationSchema, type Location, type LocationListResponse } from './location-schemas';

/** The server's offline geocoder; answers like a maps geocoder: `{results: [{geometry: {location}}]}`. */
export const GEOCODE_URL = '/api/location/geocode/';

/** A point on the map, as maps libraries name it (SPEC §3 "Map point"). */
export interface MapPoint {
  lat: number;
  lng: number;
}

/** How far and how many: the popover search uses 200/4, the nearby list 200/26, the form picker 200/6. */
export interface SearchArea {
  radius: number;
  limit: number;
}

const geocodeResponseSchema = z.object({
  results: z.array(
    z.object({
      geometry: z.optional(z.object({ location: z.optional(z.object({ lat: z.number(), lng: z.number() })) })),
      formatted_address: z.optional(z.string()),
    }),
  ),
});

/** The first result's point, or null (logging 'Result has no geometry info') when it has none (SPEC §5, §8). */
export function firstResultPoint(results: readonly { geometry?: { location?: MapPoint } }[]): MapPoint | null {
  const location = results[0]?.geometry?.location;
  if (!location) {
    console.warn('Result has no geometry info');
    return null;
  }
  return { lat: location.lat, lng: location.lng };
}

/**
 * Resolves typed text (city, state, 'City, ST', ZIP or postal code) to a point: with Google's
 * geocoder when the page loaded the Maps script, else with the server's offline geocoder.
 */
export async function geocodeAddress(address: string): Promise<MapPoint | null> {
  if (hasGoogleGeocoder()) return firstResultPoint(await geocodeWithGoogle(address));
  const url = `${GEOCODE_URL}?${new URLSearchParams({ q: address })}`;
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RequestFailedError(url, response.status);
  const { results } = await readShape(response, GEOCODE_URL, geocodeResponseSchema);
  return firstResultPoint(results);
}

/** The nearest locations to a point, nearest first (the API answers at most `limit`, within `radius` miles). */
export async function fetchNearestLocations(point: MapPoint, { radius, limit }: SearchArea): Promise<LocationListResponse> {
  const query = new URLSearchParams({ latitude: String(point.lat), longitude: String(point.lng), radius: String(radius), limit: String(limit) });
  const url = `${GET_LOCATIONS_URL}?${query}`;
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RequestFailedError(url, response.status);
  return readShape(response, GET_LOCATIONS_URL, locationListResponseSchema);
}

/** One location by rlid, or null when there is none (404). */
export async function fetchLocation(rlid: number): Promise<Location | null> {
  const url = `${GET_LOCATION_URL}?${new URLSearchParams({ rlid: String(rlid) })}`;
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new RequestFailedError(url, response.status);
  return readShape(response, GET_LOCATION_URL, locationSchema);
}

/** Geocodes the text and lists the nearest locations; null when the text names no place. */
export async function searchLocationsByAddress(address: string, area: SearchArea): Promise<{ point: MapPoint; result: LocationListResponse } | null> {
  const point = await geocodeAddress(address);
  if (!point) return null;
  return { point, result: await fetchNearestLocations(point, area) };
}
