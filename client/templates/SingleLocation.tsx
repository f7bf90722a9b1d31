import LocationAddress from '../components/LocationAddress';
import VisitorPanelButton from '../components/VisitorPanelButton';
import { gettext, interpolate } from '../lib/i18n';
import { directionsUrl, telUrl } from '../lib/location-links';
import type { LocationHours as HoursSpan } from '../lib/location-schemas';
import { usePageContext } from '../lib/page-context';

/** The opening hours of one day: a list because a day can have split hours. */
export interface LocationDayHours {
  day_name: string;
  hours: string[];
}

/** One kind of hours (SPEC §3); only type 'Operation' is shown. */
export interface LocationHours {
  type_name: string;
  days: LocationDayHours[];
}

/** What the single location page shows of a restaurant (the fields SPEC §3 lists for templates). */
export interface LocationDetail {
  id: number;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postcode: string;
  /** Two-letter country code: 'US'. */
  country: string;
  phone: { national: string };
  location: { lat: number; lng: number };
  url: string;
  map_image_url_mobile: string | null;
  map_image_url_desktop: string | null;
  has_online_ordering: boolean;
  /** The online ordering address (/order?rlid=...), when online ordering is offered and the restaurant is open. */
  order_url: string | null;
  accepts_reservations: boolean;
  /** Whether the wait list takes online joins now (SPEC §4), for 'Join the wait list'. */
  wait_list_ready: boolean;
  is_temporarily_closed: boolean;
  /** What the restaurant offers ('Dine-In', 'Curbside', ...), translated. */
  services: string[];
  hours: LocationHours[];
  /** The dine-in spans as stored ('HH:MM'), for the machine-readable hours. */
  opening_hours: HoursSpan[];
}

/** Props of the 'single location' template (SPEC §2 item 8). */
export interface SingleLocationProps {
  title: string;
  /** The restaurant, or null when the page's restaurant is not known: the page then shows its title. */
  location: LocationDetail | null;
  /** The locations map page, for 'Find a different' restaurant; null when the site has none. */
  locator_url: string | null;
}

/** The hours type the page shows: dine-in and to-go opening hours. */
const OPERATION_HOURS = 'Operation';

function MapImage({ location }: { location: LocationDetail }) {
  const { map_image_url_mobile: mobile, map_image_url_desktop: desktop } = location;
  const fallback = mobile ?? desktop;
  if (!fallback) return null;
  return (
    <picture className="single-location__map">
      {desktop && <source media="(min-width: 841px)" srcSet={desktop} />}
      {/* The largest paint of the page on a phone, so the browser fetches it first. */}
      <img src={fallback} alt={interpolate('Map of {city}, {state}', { city: location.city, state: location.state })} width={640} height={400} fetchPriority="high" />
    </picture>
  );
}

function OperationHours({ hours }: { hours: LocationHours[] }) {
  const operation = hours.find((entry) => entry.type_name === OPERATION_HOURS);
  if (!operation || operation.days.length === 0) return null;
  return (
    <section className="single-location__card single-location__hours" aria-labelledby="location-hours-heading">
      <h2 id="location-hours-heading">{gettext('Hours of Operation')}</h2>
      <p className="single-location__hours-kind">{gettext('Dine-In & To-Go')}</p>
      <dl className="hours-list">
        {operation.days.map((day) => (
          <div key={day.day_name} className="hours-list__row">
            <dt>{day.day_name}</dt>
            <dd>
              {day.hours.map((span) => (
                <span key={span} className="hours-list__span">
                  {span}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** One restaurant: where it is, how to reach it, its hours, and a way to another one. */
export default function SingleLocation({ title, location, locator_url }: SingleLocationProps) {
  const { site } = usePageContext();
  const heading = location ? interpolate('{city}, {state}', { city: location.city, state: location.state }) : title;
  return (
    <article className="template-locations template-single-location">
      <div className="container single-location__grid">
        <div className="single-location__main">
          <p className="single-location__brand">{site.brandName}</p>
          <h1 className="page-title">{heading}</h1>
          {location && (
            <>
              {location.is_temporarily_closed && <p className="single-location__notice">{gettext('Temporarily Closed')}</p>}
              <LocationAddress location={location} className="single-location__address" />
              <p className="single-location__actions">
                <a className="button button--secondary" href={directionsUrl(location.location)} target="_blank" rel="noopener noreferrer">
                  {gettext('Get directions')}
                  <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>
                </a>
                {location.order_url && (
                  <a className="button button--primary" href={location.order_url}>
                    {gettext('Order Online')}
                  </a>
                )}
                <VisitorPanelButton
                  location={{
                    rlid: location.id,
                    isReservationsEnabled: location.accepts_reservations,
                    waitListReady: location.wait_list_ready,
                    isTemporarilyClosed: location.is_temporarily_closed,
                  }}
                  style="secondary"
                />
              </p>
              {location.services.length > 0 && (
                <ul className="single-location__services" aria-label={gettext('Services')}>
                  {location.services.map((service) => (
                    <li key={service}>{service}</li>
                  ))}
                </ul>
              )}
            </>
          )}
          {locator_url && (
            <p className="single-location__locator">
              <a href={locator_url}>{interpolate('Find a different {brand}', { brand: site.brandName })}</a>
            </p>
          )}
        </div>
        {location && <MapImage location={location} />}
        <div className="single-location__cards">
          {location && <OperationHours hours={location.hours} />}
          <section className="single-location__card single-location__contact" aria-labelledby="location-contact-heading">
            <h2 id="location-contact-heading">{gettext('Contact Us')}</h2>
            {location && location.phone.national && (
              <p className="single-location__contact-line">
                <span className="single-location__contact-label">{gettext('Restaurant')}</span>
                <a className="single-location__phone" href={telUrl(location.phone.national)}>
                  {location.phone.national}
                </a>
              </p>
            )}
            <p className="single-location__contact-line">
              <span className="single-location__contact-label">{gettext('Guest Relations')}</span>
              <a className="single-location__phone" href={telUrl(site.nationalPhone)}>
                {site.nationalPhone}
              </a>
            </p>
          </section>
        </div>
      </div>
    </article>
  );
}
