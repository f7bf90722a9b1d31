import type { GeoProjection } from 'd3-geo';
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useState } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import { focusedEntry, locationLetter, oneLineAddress } from '../../lib/map-list';
import type { AtlasShapes } from '../../lib/offline-map/atlas';
import { atlasPathSteps, placeCities, type AtlasPaths } from '../../lib/offline-map/draw';
import { loadAtlasShapes } from '../../lib/offline-map/load-atlas';
import { PIN_GLYPH_CENTER, PIN_PATH, PIN_SIZE } from '../../lib/offline-map/pin';
import { spreadPins } from '../../lib/offline-map/spread-pins';
import { DEFAULT_MAP_EXTENT, fitMercator, panOffsetTo, projectPoint, type MapSize, type PixelPoint } from '../../lib/offline-map/projection';
import { runInSlices } from '../../lib/run-in-slices';
import { InfoWindowCard } from './InfoWindowCard';
import { LocationInfo } from './LocationInfo';
import type { LocationsMapViewProps } from './map-view';

/** Space kept between the outermost pins and the edge when the map fits the results. */
const FIT_PADDING = 56;
/** Where a chosen pin is brought: below the middle, leaving room for its info window above. */
const FOCUS_SPOT = { x: 0.5, y: 0.75 };
/** Pixels kept between pins spread apart. */
const PIN_SPACING = 4;
/** Most city names drawn for orientation. */
const MAX_CITY_LABELS = 10;

function useElementSize(element: HTMLElement | null): MapSize | null {
  const [size, setSize] = useState<MapSize | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((current) => (current && current.width === width && current.height === height ? current : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

/** The atlas outlines: null while they load, 'failed' when they could not be had. */
function useAtlasShapes(): AtlasShapes | null | 'failed' {
  const [shapes, setShapes] = useState<AtlasShapes | null | 'failed'>(null);
  useEffect(() => {
    let active = true;
    loadAtlasShapes().then(
      (loaded) => active && setShapes(loaded),
      // The pins and the list still work without outlines.
      (error: unknown) => {
        console.warn('The map outlines could not be loaded', error);
        if (active) setShapes('failed');
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return shapes;
}

/**
 * The outlines' path data under `projection`, drawn in slices between other work (a whole
 * country's coasts take a long task on a phone); null until drawn for this projection.
 */
function useOutlinePaths(shapes: AtlasShapes | null, projection: GeoProjection | null, size: MapSize | null): AtlasPaths | null {
  const [drawn, setDrawn] = useState<{ projection: GeoProjection; paths: AtlasPaths } | null>(null);
  useEffect(() => {
    if (!shapes || !projection || !size) return;
    const controller = new AbortController();
    const steps = atlasPathSteps(shapes, projection, size, Math.max(size.width, size.height));
    void runInSlices(steps, controller.signal).then((paths) => paths && setDrawn({ projection, paths }));
    return () => controller.abort();
  }, [shapes, projection, size]);
  return drawn?.projection === projection ? drawn.paths : null;
}

/**
 * The built-in map, for sites without a Google Maps key: state and coast outlines drawn with
 * d3-geo, a lettered pin button per restaurant, panning to the chosen one and an info window.
 */
export default function OfflineLocationsMap({ entries, origin, focusedRlid, infoOpen, panRequest, onSelect, onCloseInfo }: LocationsMapViewProps) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const size = useElementSize(frame);
  const atlas = useAtlasShapes();
  const shapes = atlas === 'failed' ? null : atlas;
  const [offset, setOffset] = useState<PixelPoint>({ x: 0, y: 0 });

  const projection = useMemo(() => {
    const points = entries.map(({ location }) => ({ lat: location.latitude, lng: location.longitude }));
    if (origin) points.push(origin);
    return size ? fitMercator(points.length > 0 ? points : DEFAULT_MAP_EXTENT, size, FIT_PADDING) : null;
  }, [entries, origin, size]);

  // Restaurants close together (one city) are spread apart, so each pin can be seen and pressed.
  const pins = useMemo(() => {
    if (!projection) return [];
    const spots = spreadPins(
      entries.map((entry) => projectPoint(projection, { lat: entry.location.latitude, lng: entry.location.longitude })),
      { width: PIN_SIZE.width + PIN_SPACING, height: PIN_SIZE.height + PIN_SPACING },
    );
    return entries.map((entry, index) => ({ entry, at: spots[index]! }));
  }, [entries, projection]);

  const paths = useOutlinePaths(shapes, projection, size);
  const drawing = useMemo(() => {
    if (!shapes || !projection || !size || !paths) return null;
    return { paths, cities: placeCities(shapes.cities, projection, size, { max: MAX_CITY_LABELS, avoid: pins.map((pin) => pin.at) }) };
  }, [shapes, projection, size, pins, paths]);

  // A new list is drawn fitted, unpanned.
  useEffect(() => setOffset({ x: 0, y: 0 }), [entries]);

  const focused = focusedEntry(entries, focusedRlid);
  const focusedPin = pins.find((pin) => pin.entry === focused);
  // Pan only when asked (a new choice), not when the pin moves because the frame resized.
  const panToFocused = useEffectEvent(() => {
    if (focusedPin && size) setOffset(panOffsetTo(focusedPin.at, size, FOCUS_SPOT));
  });
  useEffect(() => {
    if (panRequest > 0) panToFocused();
  }, [panRequest]);

  const pageOrigin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="offline-map" ref={setFrame}>
      <div className="offline-map__plane" style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}>
        {drawing && size && (
          <svg className="offline-map__outlines" width={size.width} height={size.height} aria-hidden="true" focusable="false">
            <path className="offline-map__land" d={drawing.paths.land} />
            <path className="offline-map__coast" d={drawing.paths.outlines} />
            <path className="offline-map__borders" d={drawing.paths.stateBorders} />
            {drawing.cities.map(({ city, at, side }) => (
              <g key={`${city.name}-${city.lat}`} className="offline-map__city">
                <circle cx={at.x} cy={at.y} r={2.5} />
                <text x={side === 'right' ? at.x + 6 : at.x - 6} y={at.y + 4} textAnchor={side === 'right' ? 'start' : 'end'}>
                  {city.name}
                </text>
              </g>
            ))}
          </svg>
        )}
        {origin && projection && <span className="offline-map__origin" style={positionStyle(projectPoint(projection, origin))} aria-hidden="true" />}
        {pins.map(({ entry, at }, index) => {
          const letter = locationLetter(index);
          const isFocused = entry === focused;
          return (
            <button
              key={entry.location.rlid}
              type="button"
              className={`map-marker${isFocused ? ' map-marker--focused' : ''}`}
              style={{ ...positionStyle(at), zIndex: isFocused ? entries.length + 1 : entries.length - index }}
              aria-label={interpolate('{letter}: {address}', { letter, address: oneLineAddress(entry.location) })}
              aria-pressed={isFocused}
              onClick={(event) => onSelect(entry.location.rlid, event.currentTarget)}
            >
              <svg width={PIN_SIZE.width} height={PIN_SIZE.height} viewBox={`0 0 ${PIN_SIZE.width} ${PIN_SIZE.height}`} aria-hidden="true" focusable="false">
                <path className="map-marker__pin" d={PIN_PATH} />
                <text className="map-marker__letter" x={PIN_GLYPH_CENTER.x} y={PIN_GLYPH_CENTER.y} textAnchor="middle" dominantBaseline="central">
                  {letter}
                </text>
              </svg>
            </button>
          );
        })}
        {infoOpen && focused && (
          <InfoWindowCard anchor={focusedPin?.at ?? null} offsetY={PIN_SIZE.height} label={gettext('Restaurant details')} onClose={onCloseInfo}>
            {(headingRef) => <LocationInfo ref={headingRef} location={focused.location} letter={locationLetter(entries.indexOf(focused))} origin={pageOrigin} />}
          </InfoWindowCard>
        )}
      </div>
      {atlas === null && <p className="offline-map__loading">{gettext('Loading map…')}</p>}
    </div>
  );
}

function positionStyle(at: PixelPoint) {
  return { left: `${at.x}px`, top: `${at.y}px` };
}
