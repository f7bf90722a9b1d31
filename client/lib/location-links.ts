/**
 * Addresses built from a location (SPEC §2 "Links used by visitor pages"): its local page and
 * city page in the directory, online ordering, driving directions and its phone; shared by the
 * popover, the map page and the local page.
 */

/** A point by its latitude and longitude. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Where local pages live: `/seafood-restaurants/locations/{localPageURL}`. */
export const LOCAL_PAGES_PATH = '/seafood-restaurants/locations/';

/** A location's local page ('fl/orlando/123-main-st'), with the trailing slash the site answers on without a redirect. */
export function localPageUrl(localPageURL: string): string {
  return `${LOCAL_PAGES_PATH}${localPageURL.replace(/^\/+|\/+$/g, '')}/`;
}

/** The directory page of a city, from the first two components of its locations' local page address. */
export function cityPageUrl(stateSlug: string, citySlug: string): string {
  return `${LOCAL_PAGES_PATH}${stateSlug}/${citySlug}/`;
}

/**
 * Online ordering for a location: /order?rlid={rlid} under its country root address when it
 * has one ('https://example.com/ca/' gives 'https://example.com/ca/order?rlid=7'), otherwise on
 * `currentOrigin`, the address the visitor is on.
 */
export function orderUrl(location: { rlid: number; countryRootURL?: string | undefined }, currentOrigin: string): string {
  const origin = `${currentOrigin}/`;
  const root = location.countryRootURL ? new URL(location.countryRootURL.replace(/\/*$/, '/'), origin) : origin;
  return new URL(`order?rlid=${location.rlid}`, root).toString();
}

/** Whether 'Order Now' is offered: the restaurant orders online and is not temporarily closed. */
export function offersOnlineOrdering(location: { hasOnlineOrdering: boolean; isTemporarilyClosed: boolean }): boolean {
  return location.hasOnlineOrdering && !location.isTemporarilyClosed;
}

/** Driving directions to a point in the maps service. */
export function directionsUrl({ lat, lng }: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** A tel: address from a displayed phone number: digits and a leading plus only. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
