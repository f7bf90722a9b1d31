/**
 * Addresses built from a location (SPEC §2 "Links used by visitor pages"): its local page and
 * city page in the directory, online ordering and driving directions.
 */

/** Where local pages live: `/seafood-restaurants/locations/{localPageURL}`. */
export const LOCAL_PAGES_PATH = '/seafood-restaurants/locations/';

/** A location's local page, with the trailing slash the site answers on without a redirect. */
export function localPageUrl(localPageURL: string): string {
  return `${LOCAL_PAGES_PATH}${localPageURL}/`;
}

/** The directory page of a city, from the first two components of its locations' local page address. */
export function cityPageUrl(stateSlug: string, citySlug: string): string {
  return `${LOCAL_PAGES_PATH}${stateSlug}/${citySlug}/`;
}

/** `/order?rlid={rlid}` on the location's country root address when it has one, else on `currentOrigin`. */
export function orderUrl(location: { rlid: number; countryRootURL?: string | undefined }, currentOrigin: string): string {
  const base = location.countryRootURL ?? `${currentOrigin}/`;
  return new URL(`order?rlid=${location.rlid}`, base.endsWith('/') ? base : `${base}/`).toString();
}

/** Driving directions to a point in the maps service. */
export function directionsUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** A tel: address from a displayed phone number: digits and a leading plus only. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
