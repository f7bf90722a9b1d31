/**
 * Google's browser geocoder, used instead of the server's offline one when the page loaded the
 * Maps script (it does only when the site has a Google Maps key). Typed structurally so the
 * bundle needs no global google.maps types.
 */

/** A point as location-search's MapPoint, spelled out here because location-search imports this module. */
interface GeocodedPoint {
  lat: number;
  lng: number;
}

interface GoogleGeocoderResult {
  geometry?: { location?: { lat(): number; lng(): number } };
}

interface GoogleGeocoder {
  geocode(request: { address: string }): Promise<{ results: GoogleGeocoderResult[] }>;
}

interface GoogleMapsNamespace {
  importLibrary(name: 'geocoding'): Promise<{ Geocoder: new () => GoogleGeocoder }>;
}

function loadedMaps(): GoogleMapsNamespace | null {
  const maps = (window as { google?: { maps?: Partial<GoogleMapsNamespace> } }).google?.maps;
  return typeof maps?.importLibrary === 'function' ? (maps as GoogleMapsNamespace) : null;
}

/** Whether the Google Maps script has loaded on this page. */
export function hasGoogleGeocoder(): boolean {
  return typeof window !== 'undefined' && loadedMaps() !== null;
}

/** Geocodes with Google, in the offline geocoder's result shape; no match gives no results. */
export async function geocodeWithGoogle(address: string): Promise<{ geometry?: { location?: GeocodedPoint } }[]> {
  const maps = loadedMaps();
  if (!maps) throw new Error('The Google Maps script has not loaded.');
  const { Geocoder } = await maps.importLibrary('geocoding');
  try {
    const { results } = await new Geocoder().geocode({ address });
    return results.map(({ geometry }) => ({
      geometry: geometry?.location ? { location: { lat: geometry.location.lat(), lng: geometry.location.lng() } } : {},
    }));
  } catch (error) {
    // Google rejects a query that matches nothing with ZERO_RESULTS; that is an empty answer, not a failure.
    if (error instanceof Error && 'code' in error && error.code === 'ZERO_RESULTS') return [];
    throw error;
  }
}
