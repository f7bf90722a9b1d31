/**
 * Where a location's map images come from (SPEC §2 item 8): Google Static Maps when a maps key
 * is configured, otherwise the site's own generated image, so a fresh machine shows a map too.
 */

/** The two map images the single location page shows, by screen size. */
export const MAP_IMAGE_SIZES = {
  mobile: { width: 640, height: 400 },
  desktop: { width: 1200, height: 480 },
} as const;

/** Which of the two images. */
export type MapImageVariant = keyof typeof MAP_IMAGE_SIZES;

/** Google's static map service. */
export const GOOGLE_STATIC_MAPS_URL = 'https://maps.googleapis.com/maps/api/staticmap';

/** Zoom of both images: a few streets around the restaurant. */
export const MAP_IMAGE_ZOOM = 14;

/** The site's own map image of a location: a PNG drawn from embedded outlines. */
export function generatedMapImagePath(rlid: number, variant: MapImageVariant): string {
  return `/location-map/${rlid}/${variant}.png`;
}

/** The mobile and desktop map image addresses of one location. */
export function locationMapImageUrls(location: { rlid: number; latitude: number; longitude: number }, googleMapsApiKey: string | undefined): Record<MapImageVariant, string> {
  const url = (variant: MapImageVariant): string => {
    if (!googleMapsApiKey) return generatedMapImagePath(location.rlid, variant);
    const { width, height } = MAP_IMAGE_SIZES[variant];
    const point = `${location.latitude},${location.longitude}`;
    const query = new URLSearchParams({ center: point, zoom: String(MAP_IMAGE_ZOOM), size: `${width}x${height}`, scale: '2', markers: `color:red|${point}`, key: googleMapsApiKey });
    return `${GOOGLE_STATIC_MAPS_URL}?${query}`;
  };
  return { mobile: url('mobile'), desktop: url('desktop') };
}
