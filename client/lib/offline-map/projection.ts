/**
 * Projections of the built-in map, shared by the browser map and the generated map images:
 * Mercator, like web maps, so shapes near a restaurant look as visitors expect.
 */
import { geoMercator, type GeoProjection } from 'd3-geo';
import type { MapPoint } from '../location-search';

/** A drawing area in pixels. */
export interface MapSize {
  width: number;
  height: number;
}

/** A point on the drawing, in pixels from the top left. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** Miles per degree of latitude. */
const MILES_PER_DEGREE = 69.09;

/**
 * Smallest area a fitted map shows, in degrees of latitude each way from the middle: one
 * restaurant alone would otherwise be drawn at an endless zoom.
 */
export const MIN_FIT_HALF_SPAN_DEGREES = 0.15;

/** Corners of what the map shows before anything is searched: the lower 48 states and southern Canada. */
export const DEFAULT_MAP_EXTENT: readonly MapPoint[] = [
  { lat: 50, lng: -125 },
  { lat: 24.5, lng: -66.5 },
];

/** A Mercator projection that fits every point inside the area, `padding` pixels from each edge. */
export function fitMercator(points: readonly MapPoint[], size: MapSize, padding: number): GeoProjection {
  if (points.length === 0) throw new Error('fitMercator needs at least one point');
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const middle = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lng: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
  const span = MIN_FIT_HALF_SPAN_DEGREES;
  const corners: [number, number][] = [
    [middle.lng - span, middle.lat - span],
    [middle.lng + span, middle.lat + span],
  ];
  const coordinates = [...points.map((point): [number, number] => [point.lng, point.lat]), ...corners];
  const inner = Math.max(1, Math.min(size.width, size.height) / 2 - 1);
  const pad = Math.min(padding, inner);
  return geoMercator().fitExtent(
    [
      [pad, pad],
      [size.width - pad, size.height - pad],
    ],
    { type: 'MultiPoint', coordinates },
  );
}

/** A Mercator projection centred on a point, `milesAcross` miles from the left edge to the right. */
export function centredMercator(center: MapPoint, size: MapSize, milesAcross: number): GeoProjection {
  const projection = geoMercator()
    .center([center.lng, center.lat])
    .translate([size.width / 2, size.height / 2]);
  // Mercator's scale is radians → pixels at the equator; stretch by 1/cos(lat) to keep miles true here.
  const radiansAcross = ((milesAcross / MILES_PER_DEGREE) * Math.PI) / 180;
  const scale = size.width / radiansAcross / (1 / Math.cos((center.lat * Math.PI) / 180));
  return projection.scale(scale);
}

/** Where a point falls on the drawing. */
export function projectPoint(projection: GeoProjection, point: MapPoint): PixelPoint {
  const [x, y] = projection([point.lng, point.lat]) ?? [Number.NaN, Number.NaN];
  return { x, y };
}

/**
 * How far to shift the drawing so that `target` comes to a spot of the area, given as fractions
 * of its width and height (the middle by default).
 */
export function panOffsetTo(target: PixelPoint, size: MapSize, spot: PixelPoint = { x: 0.5, y: 0.5 }): PixelPoint {
  return { x: size.width * spot.x - target.x, y: size.height * spot.y - target.y };
}

/** Whether a point lies inside the area, `margin` pixels of slack included. */
export function isInside(point: PixelPoint, size: MapSize, margin = 0): boolean {
  return point.x >= -margin && point.y >= -margin && point.x <= size.width + margin && point.y <= size.height + margin;
}
