/**
 * SVG path data of an atlas under a projection, and the city labels that fit; the browser map
 * puts these in React elements and the map image renderer in an SVG string.
 */
import { geoPath, type GeoPermissibleObjects, type GeoProjection, type GeoStream } from 'd3-geo';
import type { MultiLineString } from 'geojson';
import { runToEnd } from '../run-in-slices';
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
 * Steps shorter than this many pixels are dropped from a drawn line: the coasts hold far more
 * detail than a map a few hundred pixels wide shows, and every point costs a path command to
 * build and the browser to lay out. Half a CSS pixel stays under a device pixel on every screen.
 */
const MIN_STEP_PX = 0.5;

/** Passes projected points on to `output`, leaving out each one within MIN_STEP_PX of the last kept. */
function withoutSubpixelSteps(output: GeoStream): GeoStream {
  let lastX = NaN;
  let lastY = NaN;
  return {
    point(x, y) {
      if (Math.abs(x - lastX) < MIN_STEP_PX && Math.abs(y - lastY) < MIN_STEP_PX) return;
      lastX = x;
      lastY = y;
      output.point(x, y);
    },
    lineStart() {
      lastX = lastY = NaN;
      output.lineStart();
    },
    lineEnd: () => output.lineEnd(),
    polygonStart: () => output.polygonStart(),
    polygonEnd: () => output.polygonEnd(),
    sphere: () => output.sphere?.(),
  };
}

/** Lines drawn in one step: the coasts are a few hundred lines, too many for one step. */
const LINES_PER_STEP = 25;

/**
 * `atlasPaths` one piece at a time (a land shape, or a few lines), pausing after each, so the
 * browser can draw a map between other work instead of in one long task (see runInSlices).
 */
export function* atlasPathSteps(shapes: AtlasShapes, projection: GeoProjection, size: MapSize, margin: number): Generator<void, AtlasPaths> {
  // The clip extent is set and cleared around each piece: between pieces the projection may serve others.
  const draw = (shape: GeoPermissibleObjects) => {
    projection.clipExtent([
      [-margin, -margin],
      [size.width + margin, size.height + margin],
    ]);
    try {
      return geoPath({ stream: (output) => projection.stream(withoutSubpixelSteps(output)) }).digits(1)(shape) ?? '';
    } finally {
      projection.clipExtent(null);
    }
  };
  const land: string[] = [];
  for (const shape of shapes.land) {
    land.push(draw(shape));
    yield;
  }
  const drawLines = function* (lines: MultiLineString, into: string[]) {
    for (let start = 0; start < lines.coordinates.length; start += LINES_PER_STEP) {
      into.push(draw({ type: 'MultiLineString', coordinates: lines.coordinates.slice(start, start + LINES_PER_STEP) }));
      yield;
    }
  };
  const stateBorders: string[] = [];
  yield* drawLines(shapes.stateBorders, stateBorders);
  const outlines: string[] = [];
  for (const lines of shapes.outlines) yield* drawLines(lines, outlines);
  return { land: land.join(''), stateBorders: stateBorders.join(''), outlines: outlines.join('') };
}

/**
 * Paths of everything within `size` plus `margin` pixels around it (so a drawing that is later
 * panned by up to `margin` stays filled); one decimal and no sub-pixel steps keep the markup small.
 */
export function atlasPaths(shapes: AtlasShapes, projection: GeoProjection, size: MapSize, margin: number): AtlasPaths {
  return runToEnd(atlasPathSteps(shapes, projection, size, margin));
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
