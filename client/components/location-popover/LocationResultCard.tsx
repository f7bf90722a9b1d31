import Icon from '../Icon';
import { gettext, interpolate } from '../../lib/i18n';
import { formatDistance } from '../../lib/location-labels';
import type { Location } from '../../lib/location-schemas';

/** One search result as a button that makes it the preferred location. */
export default function LocationResultCard({ location, distance, onChoose }: { location: Location; distance: number; onChoose: (location: Location) => void }) {
  return (
    <button type="button" className="location-result" onClick={() => onChoose(location)}>
      <span className="location-result__distance">{formatDistance(distance)}</span>
      <span className="location-result__street">
        {location.address1}
        {location.address2 && `, ${location.address2}`}
      </span>
      <span className="location-result__city">{interpolate('{city}, {state} {postcode}', { city: location.city, state: location.state, postcode: location.zip })}</span>
      {(location.hasDelivery || location.isDiningRoomOpened) && (
        <span className="location-result__services">
          {location.hasDelivery && (
            <span className="location-result__service">
              <Icon name="check" /> {gettext('Delivery Available')}
            </span>
          )}
          {location.isDiningRoomOpened && (
            <span className="location-result__service">
              <Icon name="check" /> {gettext('Indoor Dining Available')}
            </span>
          )}
        </span>
      )}
      <Icon name="caret-right" className="location-result__caret" />
    </button>
  );
}
