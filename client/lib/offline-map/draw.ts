/**
 * SVG path data of an atlas under a projection, and the city labels that fit; the browser map
 * puts these in React elements and the map image renderer in an SVG string.
 */
import { geoPath, type GeoProjection } from 'd3-geo';
import type { AtlasShapes, CityLabel } from './atlas';
import { isInside, projectPoint, type MapSize, type PixelPoint } from './projection';

/** Path data ('d' attributes) of the land, the state borders and the outlines. */
export interface AtlasPaths {
  land: string;
  stateBorders: string;
  outlines: string;
}

/** A city label placed on the drawing, its name to the right of the dot or, near the right edge, to the left. */
export interface PlacedCity {
  city: CityLabel;
  at: PixelPoint;
  side: 'right' | 'left';
}

/** Pixels per character of a label, a generous estimate for the small sans labels the map uses. */
const LABEL_CHAR_WIDTH = 6.6;
const LABEL_HEIGHT = 14;

/**
 * Paths of everything within `size` plus `margin` pixels around it (so a drawing that is later
 * panned by up to `margin` stays filled); one decimal keeps the markup small.
 */
export function atlasPaths(shapes: AtlasShapes, projection: GeoProjection, size: MapSize, margin: number): AtlasPaths {
  const clipped = projection.clipExtent([
    [-margin, -margin],
    [size.width + margin, size.height + margin],
  ]);
  const path = geoPath(clipped).digits(1);
  const draw = (shape: Parameters<typeof path>[0]) => path(shape) ?? '';
  const paths = {
    land: shapes.land.map(draw).join(''),
    stateBorders: draw(shapes.stateBorders),
    outlines: shapes.outlines.map(draw).join(''),
  };
  projection.clipExtent(null);
  return paths;
}

/**
 * The biggest cities inside the area whose labels do not overlap each other or the `avoid`
 * points (markers), at most `max`.
 */
export function placeCities(cities: readonly CityLabel[], projection: GeoProjection, size: MapSize, options: { max: number; avoid?: readonly PixelPoint[] }): PlacedCity[] {
  const placed: PlacedCity[] = [];
  const boxes: { x1: number; y1: number; x2: number; y2: number }[] = (options.avoid ?? []).map((point) => ({
    x1: point.x - 16,
    y1: point.y - 40,
    x2: point.x + 16,
    y2: point.y + 4,
  }));
  const overlaps = (box: (typeof boxes)[number]) => boxes.some((other) => box.x1 < other.x2 && box.x2 > other.x1 && box.y1 < other.y2 && box.y2 > other.y1);
  for (const city of [...cities].sort((a, b) => b.population - a.population)) {
    if (placed.length >= options.max) break;
    const at = projectPoint(projection, city);
    if (!isInside(at, size, -8)) continue;
    const labelWidth = 8 + city.name.length * LABEL_CHAR_WIDTH;
    const side = at.x + labelWidth <= size.width ? 'right' : 'left';
    const box =
      side === 'right'
        ? { x1: at.x - 4, y1: at.y - LABEL_HEIGHT / 2, x2: at.x + labelWidth, y2: at.y + LABEL_HEIGHT / 2 }
        : { x1: at.x - labelWidth, y1: at.y - LABEL_HEIGHT / 2, x2: at.x + 4, y2: at.y + LABEL_HEIGHT / 2 };
    if (box.x1 < 0 || overlaps(box)) continue;
    boxes.push(box);
    placed.push({ city, at, side });
  }
  return placed;
}
