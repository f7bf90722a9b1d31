import { forwardRef } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import type { Location } from '../../lib/location-schemas';
import { directionsUrl, localPageUrl, offersOnlineOrdering, orderUrl, telUrl } from '../../lib/location-links';

/** Props of the info window content. */
export interface LocationInfoProps {
  location: Location;
  letter: string;
  /** The page's own origin, for order links of restaurants without a country root address. */
  origin: string;
}

/** What an info window says about a restaurant: name, address, phone and links. */
export const LocationInfo = forwardRef<HTMLHeadingElement, LocationInfoProps>(function LocationInfo({ location, letter, origin }, headingRef) {
  return (
    <div className="map-info">
      <h2 className="map-info__title" ref={headingRef} tabIndex={-1}>
        <span className="map-info__letter" aria-hidden="true">
          {letter}
        </span>
        {interpolate('{city}, {state}', { city: location.city, state: location.state })}
      </h2>
      {location.isTemporarilyClosed && <p className="map-info__closed">{gettext('Temporarily Closed')}</p>}
      <address className="map-info__address">
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
      <a className="map-info__phone" href={telUrl(location.phone)}>
        {location.phone}
      </a>
      <p className="map-info__links">
        <a href={directionsUrl({ lat: location.latitude, lng: location.longitude })} target="_blank" rel="noopener noreferrer">
          {gettext('Get directions')}
          <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>
        </a>
        {location.localPageURL && <a href={localPageUrl(location.localPageURL)}>{gettext('View Local Page')}</a>}
        {offersOnlineOrdering(location) && <a href={orderUrl(location, origin)}>{gettext('Order Now')}</a>}
      </p>
    </div>
  );
});
