import LocationAddress from '../components/LocationAddress';
import { gettext, interpolate } from '../lib/i18n';

/** A restaurant as the city list shows it. */
export interface CityLocation {
  id: number;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postcode: string;
  /** The location's local page, when it has one. */
  url: string | null;
}

/** Props of the 'locations list' template: the restaurants of one city (SPEC §2 item 7). */
export interface LocationsListProps {
  city: string;
  /** Two-letter state or province code: 'FL'. */
  state: string;
  country: { printable_name: string };
  /** The country's state list page, or null when the site has none. */
  state_list_url: string | null;
  locations: CityLocation[];
}

/** A city's restaurants: a hero with the city and state, a way to the state list, then the list. */
export default function LocationsList({ city, state, country, state_list_url, locations }: LocationsListProps) {
  return (
    <div className="template-locations template-locations-city">
      <header className="locations-hero">
        <div className="container">
          <h1 className="locations-hero__title">{interpolate('{city}, {state}', { city, state })}</h1>
          {state_list_url && (
            <a className="locations-hero__link" href={state_list_url}>
              {interpolate('More {country} Locations', { country: country.printable_name })}
            </a>
          )}
        </div>
      </header>
      {locations.length > 0 && (
        <div className="container">
          <ul className="location-cards">
            {locations.map((location) => (
              <li key={location.id} className="location-card">
                <LocationAddress location={location} className="location-card__address" id={`location-${location.id}-address`} />
                {location.url && (
                  // Every card's link reads the same; its address tells them apart for screen readers.
                  <a className="button button--secondary" aria-describedby={`location-${location.id}-address`} href={location.url}>
                    {gettext('View Local Page')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
