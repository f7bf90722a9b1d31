import { useEffect, useState, type MouseEvent } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import { localPageUrl, offersOnlineOrdering, orderUrl, telUrl } from '../../lib/location-links';
import { visitorPanelFor } from '../../lib/visitor-panel-events';
import { formatMapDistance, locationLetter, type MapListEntry } from '../../lib/map-list';
import VisitorPanelButton from '../VisitorPanelButton';

/** Props of one entry of the locator list. */
export interface MapListItemProps {
  entry: MapListEntry;
  index: number;
  isFocused: boolean;
  onClick(event: MouseEvent<HTMLLIElement>, rlid: number): void;
}

/** The element id of a restaurant's list entry. */
export function mapListItemId(rlid: number): string {
  return `map-list-item-${rlid}`;
}

// The order link is built on this page's own address when the restaurant has no country root; the
// server does not know the address the visitor used, so a relative link is rendered until mount.
function useOrderUrl(location: MapListEntry['location']): string {
  const [url, setUrl] = useState(location.countryRootURL ? orderUrl(location, location.countryRootURL) : `/order?rlid=${location.rlid}`);
  useEffect(() => setUrl(orderUrl(location, window.location.origin)), [location]);
  return url;
}

/**
 * One restaurant in the locator list (SPEC §2 item 9): letter, distance with two decimals,
 * address, phone, current wait when the wait list is ready, reservation and order buttons, and
 * the local page link. Clicking the entry focuses it on the map.
 */
export function MapListItem({ entry, index, isFocused, onClick }: MapListItemProps) {
  const { location } = entry;
  const letter = locationLetter(index);
  const orderHref = useOrderUrl(location);
  const canOrder = offersOnlineOrdering(location);
  return (
    <li id={mapListItemId(location.rlid)} className={`map-list__item${isFocused ? ' map-list__item--focused' : ''}`} onClick={(event) => onClick(event, location.rlid)}>
      <button className="map-list__select" type="button" aria-pressed={isFocused}>
        <span className="map-list__letter" aria-hidden="true">
          {letter}
        </span>
        <span className="map-list__title">
          <span className="visually-hidden">{interpolate('{letter}: ', { letter })}</span>
          {location.address1}
        </span>
        <span className="map-list__distance">{interpolate('{distance} mi', { distance: formatMapDistance(entry.distance) })}</span>
      </button>
      <div className="map-list__body">
        <address className="map-list__address">
          {location.address2 && (
            <>
              {location.address2}
              <br />
            </>
          )}
          {interpolate('{city}, {state} {postcode}', { city: location.city, state: location.state, postcode: location.zip })}
        </address>
        <p className="map-list__phone-line">
          <a className="map-list__phone" href={telUrl(location.phone)}>
            {location.phone}
          </a>
        </p>
        {location.isTemporarilyClosed && <p className="map-list__closed">{gettext('Temporarily Closed')}</p>}
        {location.waitListReady && location.estimatedWaitTime && <p className="map-list__wait">{interpolate('Current wait: {time}', { time: location.estimatedWaitTime })}</p>}
        {(canOrder || visitorPanelFor(location)) && (
          <p className="map-list__actions">
            <VisitorPanelButton location={location} />
            {canOrder && (
              <a className="button button--secondary" href={orderHref}>
                {gettext('Order Now')}
              </a>
            )}
          </p>
        )}
        {location.localPageURL && (
          <p className="map-list__local">
            <a className="map-list__local-link" href={localPageUrl(location.localPageURL)}>
              {gettext('View Local Page')}
            </a>
          </p>
        )}
      </div>
    </li>
  );
}
