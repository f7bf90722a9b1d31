/// <reference types="google.maps" />
import { APIProvider, InfoWindow, Map, Marker, useMap } from '@vis.gl/react-google-maps';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import { loadGoogleMaps } from '../../lib/google-maps-loader';
import { focusedEntry, locationLetter, oneLineAddress } from '../../lib/map-list';
import { spreadAtZoom } from '../../lib/offline-map/spread-at-zoom';
import { usePageContext } from '../../lib/page-context';
import { LocationInfo } from './LocationInfo';
import type { LocationsMapViewProps } from './map-view';

/** Map zoom of the locator (SPEC §9). */
export const GOOGLE_MAP_ZOOM = 10;
/** Before any search: the whole country. */
const COUNTRY_VIEW = { center: { lat: 39.8, lng: -98.6 }, zoom: 4 };

/** The room of Google's default marker (27 × 43 px) and a 4 px gap, kept between spread pins. */
const MARKER_ROOM = { width: 31, height: 47 };

/** A grey map with points of interest and transit hidden (SPEC §9), so the restaurant pins stand out. */
export const GREY_MAP_STYLE: google.maps.MapTypeStyle[] = [
  { stylers: [{ saturation: -100 }] },
  { featureType: 'water', elementType: 'geometry', stylers: [{ lightness: -10 }] },
  { featureType: 'road', elementType: 'geometry', stylers: [{ lightness: 40 }] },
  { featureType: 'poi', stylers: [{ visibility: 'off' }] },
  { featureType: 'transit', stylers: [{ visibility: 'off' }] },
];

// Pans the map to the chosen restaurant each time the visitor chooses one.
function PanToFocused({ point, panRequest }: { point: google.maps.LatLngLiteral | null; panRequest: number }) {
  const map = useMap();
  // Only a new choice pans; the point object changes identity on every render.
  const pan = useEffectEvent(() => {
    if (map && point) map.panTo(point);
  });
  useEffect(() => {
    if (panRequest > 0) pan();
  }, [map, panRequest]);
  return null;
}

// A new list re-centres the map on its first restaurant (or the searched point) at the locator zoom.
function FollowSearch({ center, entries }: { center: google.maps.LatLngLiteral | null; entries: LocationsMapViewProps['entries'] }) {
  const map = useMap();
  // Only a new list re-centres; the centre object changes identity on every render.
  const recentre = useEffectEvent(() => {
    if (!map || !center) return;
    map.panTo(center);
    map.setZoom(GOOGLE_MAP_ZOOM);
  });
  useEffect(() => recentre(), [map, entries]);
  return null;
}

/** The locator on Google Maps, used when the site has a Maps key. */
export default function GoogleLocationsMap({ entries, origin, focusedRlid, infoOpen, panRequest, onSelect, onCloseInfo }: LocationsMapViewProps) {
  const { site } = usePageContext();
  const apiKey = site.googleMapsApiKey ?? '';
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let active = true;
    loadGoogleMaps(apiKey).then(
      () => active && setStatus('ready'),
      (error: unknown) => {
        console.warn('The map is unavailable', error);
        if (active) setStatus('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [apiKey]);

  const focused = focusedEntry(entries, focusedRlid);
  const focusedPoint = focused ? { lat: focused.location.latitude, lng: focused.location.longitude } : null;
  const center = focusedPoint ?? origin;
  const [zoom, setZoom] = useState(center ? GOOGLE_MAP_ZOOM : COUNTRY_VIEW.zoom);
  // Restaurants close together (one city, one address) get pins spread apart at the current zoom.
  const spots = useMemo(
    () =>
      spreadAtZoom(
        entries.map(({ location }) => ({ lat: location.latitude, lng: location.longitude })),
        zoom,
        MARKER_ROOM,
      ),
    [entries, zoom],
  );
  const focusedSpot = focused ? (spots[entries.indexOf(focused)] ?? null) : null;
  if (status === 'failed') return <p className="offline-map__loading">{gettext('The map could not be loaded. The list of restaurants still works.')}</p>;
  if (status === 'loading') return <p className="offline-map__loading">{gettext('Loading map…')}</p>;
  return (
    <APIProvider apiKey={apiKey}>
      <Map
        className="google-map"
        defaultCenter={center ?? COUNTRY_VIEW.center}
        defaultZoom={center ? GOOGLE_MAP_ZOOM : COUNTRY_VIEW.zoom}
        styles={GREY_MAP_STYLE}
        gestureHandling="cooperative"
        clickableIcons={false}
        onZoomChanged={(event) => setZoom(event.detail.zoom)}
      >
        <FollowSearch center={center} entries={entries} />
        <PanToFocused point={focusedSpot} panRequest={panRequest} />
        {entries.map((entry, index) => {
          const letter = locationLetter(index);
          return (
            <Marker
              key={entry.location.rlid}
              position={spots[index]}
              label={{ text: letter, color: '#ffffff', fontWeight: '700' }}
              title={interpolate('{letter}: {address}', { letter, address: oneLineAddress(entry.location) })}
              zIndex={entry === focused ? entries.length + 1 : entries.length - index}
              onClick={() => onSelect(entry.location.rlid, null)}
            />
          );
        })}
        {infoOpen && focused && focusedSpot && (
          <InfoWindow position={focusedSpot} pixelOffset={[0, -38]} onCloseClick={onCloseInfo}>
            <LocationInfo location={focused.location} letter={locationLetter(entries.indexOf(focused))} origin={window.location.origin} />
          </InfoWindow>
        )}
      </Map>
    </APIProvider>
  );
}
