/**
 * Pins spread apart on a tiled web map (Google Maps): the same rule as the built-in map
 * (`spreadPins`), applied in the map's own pixels at its zoom and turned back into coordinates.
 */
import type { MapPoint } from '../location-search';
import type { PixelPoint } from './projection';
import { spreadPins, type PinRoom } from './spread-pins';

/** Width in pixels of the whole world at zoom 0 on web maps (one 256 px tile). */
const TILE_SIZE = 256;

/** Where a point falls on the Web Mercator world drawn at `zoom`, in pixels from its top left. */
export function worldPixel(point: MapPoint, zoom: number): PixelPoint {
  const size = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((point.lat * Math.PI) / 180);
  return { x: ((point.lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** The point at a pixel of the Web Mercator world drawn at `zoom` (the inverse of `worldPixel`). */
export function worldPoint(pixel: PixelPoint, zoom: number): MapPoint {
  const size = TILE_SIZE * 2 ** zoom;
  const mercatorY = Math.PI * (1 - (2 * pixel.y) / size);
  return { lat: (Math.atan(Math.sinh(mercatorY)) * 180) / Math.PI, lng: (pixel.x / size) * 360 - 180 };
}

/**
 * Where to draw each restaurant's pin at a zoom so that none hides another: pins that would
 * overlap move apart by whole pins; a pin with room stays exactly at its restaurant.
 */
export function spreadAtZoom(points: readonly MapPoint[], zoom: number, room: PinRoom): MapPoint[] {
  const pixels = points.map((point) => worldPixel(point, zoom));
  return spreadPins(pixels, room).map((spot, index) => (spot.x === pixels[index]!.x && spot.y === pixels[index]!.y ? points[index]! : worldPoint(spot, zoom)));
}
