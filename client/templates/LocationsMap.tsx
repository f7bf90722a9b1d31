import { gettext, interpolate } from '../lib/i18n';
import { usePageContext } from '../lib/page-context';

/** A restaurant in the map list: the SPEC §3 Location fields the list shows. */
export interface MapLocation {
  rlid: number;
  address1: string;
  address2?: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  latitude: number;
  longitude: number;
  hasOnlineOrdering: boolean;
  estimatedWaitTime?: string;
  waitListReady?: boolean;
  localPageURL?: string;
}

/** One entry of a location list response: the restaurant and its distance in miles. */
export interface MapListEntry {
  distance: number;
  location: MapLocation;
}

/** Props of the 'locations map' template (SPEC §2 item 9). */
export interface LocationsMapProps {
  /** What the visitor searched for (query parameter `q`); empty before any search. */
  query: string;
  locations: MapListEntry[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The list glyph of the n-th location: A to Z, then A again (SPEC §9). */
export function locationLetter(index: number): string {
  return LETTERS[index % LETTERS.length]!;
}

/** Where a location's local page lives (SPEC §2 "Links used by visitor pages"). */
function localPageUrl(localPageURL: string): string {
  return `/seafood-restaurants/locations/${localPageURL}`;
}

function ListItem({ entry, index }: { entry: MapListEntry; index: number }) {
  const { location } = entry;
  return (
    <li className="map-list__item">
      <span className="map-list__letter" aria-hidden="true">
        {locationLetter(index)}
      </span>
      <div className="map-list__body">
        <p className="map-list__distance">{interpolate('{distance} mi', { distance: entry.distance.toFixed(2) })}</p>
        <address className="map-list__address">
          {location.address1}
          {location.address2 && (
            <>
              <br />
              {location.address2}
            </>
          )}
          <br />
          {interpolate('{city}, {state} {postcode}', { city: location.city, state: location.state, postcode: location.zip })}
        </address>
        <a className="map-list__phone" href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>
          {location.phone}
        </a>
        {location.waitListReady && location.estimatedWaitTime && (
          <p className="map-list__wait">{interpolate('Current wait: {time}', { time: location.estimatedWaitTime })}</p>
        )}
        <p className="map-list__actions">
          {location.hasOnlineOrdering && (
            <a className="button button--primary" href={`/order?rlid=${location.rlid}`}>
              {gettext('Order Now')}
            </a>
          )}
          {location.localPageURL && (
            <a className="button button--text-link" href={localPageUrl(location.localPageURL)}>
              {gettext('View Local Page')}
            </a>
          )}
        </p>
      </div>
    </li>
  );
}

/**
 * The locator: a search form and the lettered list on the left, the map on the right. The map
 * column is the area the map script draws into, so the server renders it empty.
 */
export default function LocationsMap({ query, locations }: LocationsMapProps) {
  const { site } = usePageContext();
  const searched = query !== '';
  return (
    <div className="template-locations template-locations-map">
      <div className="locations-map__layout">
        <div className="locations-map__panel">
          <form className="locations-search" role="search" method="get">
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
                placeholder={gettext('City, State, or ZIP')}
                defaultValue={query}
              />
              <button className="button button--primary" type="submit">
                {gettext('Go')}
              </button>
            </div>
          </form>
          {searched && locations.length === 0 && (
            <p className="locations-search__message" role="status">
              {gettext('Please enter a valid city, state, or ZIP code.')}
            </p>
          )}
          {locations.length > 0 && (
            <ol className="map-list">
              {locations.map((entry, index) => (
                <ListItem key={entry.location.rlid} entry={entry} index={index} />
              ))}
            </ol>
          )}
        </div>
        <div className="locations-map__map" role="region" aria-label={gettext('Map of locations')} />
      </div>
    </div>
  );
}
