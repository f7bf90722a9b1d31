/** Where the visitor is (SPEC §4 "User position"): the page address first, then the device. */
import type { MapPoint } from './location-search';

/** latitude and longitude from query parameters when both parse as numbers in range; otherwise null (SPEC §5). */
export function positionFromQuery(params: { get(name: string): string | null }): MapPoint | null {
  const parse = (name: string) => {
    const text = params.get(name)?.trim();
    return text ? Number(text) : Number.NaN;
  };
  const lat = parse('latitude');
  const lng = parse('longitude');
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** The device position at low accuracy; null (with the reason logged, nothing shown) when unavailable or refused. */
export function requestDevicePosition(): Promise<MapPoint | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) {
      console.info('Device position unavailable: no geolocation support');
      resolve(null);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => {
        console.info(`Device position unavailable: ${error.message || `code ${error.code}`}`);
        resolve(null);
      },
      { enableHighAccuracy: false },
    );
  });
}
