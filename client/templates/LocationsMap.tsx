import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { LocationsMapViewProps } from '../components/locations-map/map-view';
import { MapListItem, mapListItemId } from '../components/locations-map/MapListItem';
import { gettext, interpolate } from '../lib/i18n';
import { fetchNearestLocations, searchLocationsByAddress, type MapPoint } from '../lib/location-search';
import { focusedEntry, MAP_SEARCH_AREA, type MapListEntry } from '../lib/map-list';
import type { Location } from '../lib/location-schemas';
import { preferredLocationStore } from '../lib/preferred-location-store';
import { usePageContext } from '../lib/page-context';
import { requestDevicePosition } from '../lib/user-position';

export type { MapListEntry } from '../lib/map-list';

/** Props of the 'locations map' template (SPEC §2 item 9). */
export interface LocationsMapProps {
  /** What the visitor searched for (query parameter `q`); empty before any search. */
  query: string;
  /** The searched point (from `q`, or `latitude`/`longitude`); null when nothing was searched or found. */
  origin: MapPoint | null;
  /** Whether the address asked for a search, so an empty list means nothing was found. */
  searched: boolean;
  /** Restaurants near `origin` (without a search, near the site's default map centre), nearest first. */
  locations: MapListEntry[];
}

/** Where the list opens when the address asked for no search, and how the visitor is told. */
interface ListStart {
  point: MapPoint;
  place: string;
}

function preferredStart(location: Pick<Location, 'latitude' | 'longitude' | 'city' | 'state'>): ListStart {
  return { point: { lat: location.latitude, lng: location.longitude }, place: interpolate('{city}, {state}', { city: location.city, state: location.state }) };
}

async function positionStart(): Promise<ListStart | null> {
  const point = await requestDevicePosition();
  return point && { point, place: gettext('your location') };
}

// Only the map the site uses is downloaded: Google's with a key, the built-in one without.
const GoogleLocationsMap = lazy(() => import('../components/locations-map/GoogleLocationsMap'));
const OfflineLocationsMap = lazy(() => import('../components/locations-map/OfflineLocationsMap'));

interface ListState {
  entries: MapListEntry[];
  origin: MapPoint | null;
  /** The last search found nothing: no place by that name, or no restaurant near it. */
  notFound: boolean;
}

/**
 * The locator: a search form and the lettered list on the left, the map on the right. The list
 * is the primary interface; the map (drawn after mount) mirrors its focus.
 */
export default function LocationsMap({ query, origin, searched, locations }: LocationsMapProps) {
  const { site } = usePageContext();
  const [list, setList] = useState<ListState>({ entries: locations, origin, notFound: searched && locations.length === 0 });
  const [focusedRlid, setFocusedRlid] = useState<number | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [panRequest, setPanRequest] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const mapRegion = useRef<HTMLDivElement | null>(null);

  const showResults = useCallback((entries: MapListEntry[], point: MapPoint, place: string) => {
    setList({ entries, origin: point, notFound: entries.length === 0 });
    setFocusedRlid(null);
    setInfoOpen(false);
    setAnnouncement(
      entries.length === 0
        ? gettext('Please enter a valid city, state, or ZIP code.')
        : entries.length === 1
          ? interpolate('1 restaurant found near {place}', { place })
          : interpolate('{count} restaurants found near {place}', { count: entries.length, place }),
    );
  }, []);

  // Without a search in the address, the list opens on the visitor's preferred restaurant, else
  // on where the device is (SPEC §4 "User position"); the server's default-centre list stays until then.
  useEffect(() => {
    setMounted(true);
    if (searched) return;
    let active = true;
    const preferred = preferredLocationStore().getSnapshot();
    void (async () => {
      const start = preferred ? preferredStart(preferred) : await positionStart();
      if (!start || !active) return;
      try {
        const result = await fetchNearestLocations(start.point, MAP_SEARCH_AREA);
        if (!active) return;
        showResults(result.locations, start.point, start.place);
        if (preferred && result.locations.some((entry) => entry.location.rlid === preferred.rlid)) {
          setFocusedRlid(preferred.rlid);
          setPanRequest((count) => count + 1);
        }
      } catch (error) {
        console.warn('The location list could not be fetched', error);
      }
    })();
    return () => {
      active = false;
    };
  }, [searched, showResults]);

  const onSearch = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    const address = typeof text === 'string' ? text.trim() : '';
    if (!address) return;
    try {
      const found = await searchLocationsByAddress(address, MAP_SEARCH_AREA);
      // No place by that name: the search is ignored (SPEC §5) and the visitor told why.
      if (!found) {
        setList((current) => ({ ...current, notFound: true }));
        setAnnouncement(gettext('Please enter a valid city, state, or ZIP code.'));
        return;
      }
      showResults(found.result.locations, found.point, address);
      const url = new URL(window.location.href);
      url.searchParams.delete('latitude');
      url.searchParams.delete('longitude');
      url.searchParams.set('q', address);
      window.history.replaceState(window.history.state, '', url);
    } catch (error) {
      console.warn('The location search failed', error);
    }
  };

  const select = useCallback((rlid: number, from: HTMLElement | null) => {
    // Google's markers are not ours to focus: their info window hands the focus to the map region.
    opener.current = from ?? mapRegion.current;
    setFocusedRlid(rlid);
    setInfoOpen(true);
    setPanRequest((count) => count + 1);
    if (from?.closest('.map-list')) {
      // On narrow screens the map sits above the list: bring it into view to show the choice.
      const map = mapRegion.current?.getBoundingClientRect();
      if (map && (map.bottom < 0 || map.top > window.innerHeight)) mapRegion.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    } else {
      // Chosen on the map: bring its list entry into view too.
      document.getElementById(mapListItemId(rlid))?.scrollIntoView({ block: 'nearest' });
    }
  }, []);

  const closeInfo = useCallback(() => {
    setInfoOpen(false);
    opener.current?.focus();
  }, []);

  const onItemClick = (event: MouseEvent<HTMLLIElement>, rlid: number) => {
    // Links and buttons inside the item do their own thing; the rest of the item chooses it.
    const target = event.target as HTMLElement;
    const control = target.closest('a, button');
    if (control && !control.classList.contains('map-list__select')) return;
    select(rlid, event.currentTarget.querySelector<HTMLElement>('.map-list__select'));
  };

  const focused = focusedEntry(list.entries, focusedRlid);
  const mapProps: LocationsMapViewProps = {
    entries: list.entries,
    origin: list.origin,
    focusedRlid: focused?.location.rlid ?? null,
    infoOpen,
    panRequest,
    onSelect: select,
    onCloseInfo: closeInfo,
  };
  const MapView = site.googleMapsApiKey ? GoogleLocationsMap : OfflineLocationsMap;
  return (
    <div className="template-locations template-locations-map">
      <div className="locations-map__layout">
        <div className="locations-map__search">
          <form className="locations-search" role="search" method="get" onSubmit={(event) => void onSearch(event)}>
            <h1 className="locations-search__heading">{interpolate('Find a different {brand}', { brand: site.brandName })}</h1>
            <label className="form__label" htmlFor="locations-search-input">
              {interpolate('Search for a {brand} by city, state, or ZIP', { brand: site.brandName })}
            </label>
            <div className="locations-search__row">
              <input
                className="form__input"
                id="locations-search-input"
                name="q"
                type="text"
                required
                autoComplete="postal-code"
                placeholder={gettext('City, State, or ZIP')}
                defaultValue={query}
              />
              <button className="button button--primary" type="submit">
                {gettext('Go')}
              </button>
            </div>
          </form>
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {announcement}
          </p>
        </div>
        <div className="locations-map__results">
          {list.notFound && <p className="locations-search__message">{gettext('Please enter a valid city, state, or ZIP code.')}</p>}
          {list.entries.length > 0 && (
            <ol className="map-list" aria-label={gettext('Restaurants nearest first')}>
              {list.entries.map((entry, index) => (
                <MapListItem key={entry.location.rlid} entry={entry} index={index} isFocused={entry === focused} onClick={onItemClick} />
              ))}
            </ol>
          )}
        </div>
        <div className="locations-map__map" ref={mapRegion} tabIndex={-1} role="region" aria-label={gettext('Map of locations')}>
          {mounted && (
            <Suspense fallback={<p className="offline-map__loading">{gettext('Loading map…')}</p>}>
              <MapView {...mapProps} />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
