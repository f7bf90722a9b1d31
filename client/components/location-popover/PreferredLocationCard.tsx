import type { Ref } from 'react';
import LocationAddress from '../LocationAddress';
import { gettext, interpolate } from '../../lib/i18n';
import { directionsUrl, localPageUrl, offersOnlineOrdering, orderUrl, telUrl } from '../../lib/location-links';
import { localClock } from '../../lib/local-clock';
import type { StoredLocation } from '../../lib/preferred-location-store';
import { todaysHours, type HoursKind } from '../../lib/todays-hours';
import VisitorPanelButton from '../VisitorPanelButton';

const HOURS_ROWS: readonly { kind: HoursKind; label: () => string }[] = [
  { kind: 'main', label: () => gettext("Today's Hours") },
  { kind: 'delivery', label: () => gettext('Delivery') },
  { kind: 'curbside', label: () => gettext('Curbside') },
];

/** Props of PreferredLocationCard; it renders only in the browser, so it may read the clock and the address bar. */
export interface PreferredLocationCardProps {
  location: StoredLocation;
  onChangeLocation: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The saved location: address, directions, local page, today's hours, phone, reserve / wait list, ordering, and 'Change Location'. */
export default function PreferredLocationCard({ location, onChangeLocation, headingRef }: PreferredLocationCardProps) {
  // Today where the restaurant is, not where the visitor is. A copy saved before locations carried
  // their zone shows no hours until the popover's refresh brings the zone.
  const weekday = location.timeZone === undefined ? null : localClock(new Date(), location.timeZone).dayOfWeek;
  const hours = weekday === null ? [] : HOURS_ROWS.map((row) => ({ ...row, value: todaysHours(location, row.kind, weekday) })).filter((row) => row.value !== null);
  return (
    <section className="preferred-location" aria-labelledby="preferred-location-heading">
      <p className="preferred-location__eyebrow">{gettext('Your Location')}</p>
      <h2 id="preferred-location-heading" className="preferred-location__heading" ref={headingRef} tabIndex={-1}>
        {interpolate('{city}, {state}', { city: location.city, state: location.state })}
      </h2>
      <div className="preferred-location__place">
        <LocationAddress
          className="preferred-location__address"
          location={{ line1: location.address1, line2: location.address2, city: location.city, state: location.state, postcode: location.zip }}
        />
        <p className="preferred-location__links">
          <a href={directionsUrl({ lat: location.latitude, lng: location.longitude })} target="_blank" rel="noopener noreferrer">
            {gettext('Get directions')}
            <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>
          </a>
          {location.localPageURL && <a href={localPageUrl(location.localPageURL)}>{gettext('View Local Page')}</a>}
        </p>
      </div>
      <a className="preferred-location__phone" href={telUrl(location.phone)}>
        <span className="visually-hidden">{gettext('Call')} </span>
        {location.phone}
      </a>
      {hours.length > 0 && (
        <dl className="preferred-location__hours">
          {hours.map((row) => (
            <div key={row.kind} className="preferred-location__hours-row">
              <dt>{row.label()}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="preferred-location__actions">
        <VisitorPanelButton location={location} style="secondary" className="preferred-location__panel-button" />
        {offersOnlineOrdering(location) && (
          <a className="button button--primary" href={orderUrl(location, window.location.origin)}>
            {gettext('Order Now')}
          </a>
        )}
      </div>
      <button type="button" className="button button--text-link preferred-location__change" onClick={onChangeLocation}>
        {gettext('Change Location')}
      </button>
    </section>
  );
}
