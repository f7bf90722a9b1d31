/** The addresses a location links to, shared by the popover, the map page and the local page. */

/** A point by its latitude and longitude. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Where the local page of a location lives (SPEC §2 "Links used by visitor pages"). */
export const LOCAL_PAGE_PREFIX = '/seafood-restaurants/locations/';

/** An external maps link with driving directions to the point. */
export function directionsUrl({ lat, lng }: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** The local page of a location from its localPageURL ('fl/orlando/123-main-st'). */
export function localPageUrl(localPageURL: string): string {
  return `${LOCAL_PAGE_PREFIX}${localPageURL.replace(/^\/+/, '')}`;
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

/** A tel: address from a displayed phone number: digits and a leading plus only. */
export function telUrl(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
