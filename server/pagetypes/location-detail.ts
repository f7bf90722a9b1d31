import type { Location, LocationHours as HoursSpan } from '../../client/lib/location-schemas';
import { offersOnlineOrdering, orderUrl } from '../../client/lib/location-links';
import { gettext } from '../../client/lib/i18n';
import type { LocationDetail, LocationHours } from '../../client/templates/SingleLocation';
import { locationMapImageUrls } from '../maps/map-image-urls';
import { formatClockTime } from '../../client/lib/todays-hours';

/** Weekday names by dayOfWeek (0 = Sunday), as schema.org names them. */
const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The order a week is shown in: Monday first, as restaurants print their hours. */
const DISPLAY_WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
/** Each kind of hours by the type name SPEC §3 gives it; the page shows 'Operation' only. */
const HOURS_TYPES = [
  ['Operation', 'hours'],
  ['Curbside', 'curbsideHours'],
  ['Delivery', 'deliveryHours'],
] as const;
/** The services a local page lists, each with the location flag that offers it (labels read at render time, once translations are in). */
const SERVICES: ReadonlyArray<readonly [keyof Location, () => string]> = [
  ['isDiningRoomOpened', () => gettext('Dine-In')],
  ['outsideDining', () => gettext('Outdoor Dining')],
  ['hasTakeOut', () => gettext('To Go')],
  ['hasCurbside', () => gettext('Curbside')],
  ['hasDelivery', () => gettext('Delivery')],
  ['isReservationsEnabled', () => gettext('Reservations')],
];
/** Geo coordinates in structured data: 5 decimals, about a metre. */
const GEO_DECIMALS = 5;

/** The translated name of a weekday. */
function dayName(dayOfWeek: number): string {
  const names: Record<number, string> = {
    0: gettext('Sunday'),
    1: gettext('Monday'),
    2: gettext('Tuesday'),
    3: gettext('Wednesday'),
    4: gettext('Thursday'),
    5: gettext('Friday'),
    6: gettext('Saturday'),
  };
  return names[dayOfWeek]!;
}

/** One kind of hours as the template lists it: every weekday, 'Closed' on days without a span. */
function hoursOfType(typeName: string, spans: readonly HoursSpan[]): LocationHours {
  return {
    type_name: typeName,
    days: DISPLAY_WEEK.map((dayOfWeek) => {
      const today = spans.filter((span) => span.dayOfWeek === dayOfWeek).sort((a, b) => a.open.localeCompare(b.open));
      return {
        day_name: dayName(dayOfWeek),
        hours: today.length ? today.map((span) => `${formatClockTime(span.open)} – ${formatClockTime(span.close)}`) : [gettext('Closed')],
      };
    }),
  };
}

/** What the single location template shows of a location whose page is at `url` (site-relative). */
export function locationDetail(location: Location, url: string, options: { googleMapsApiKey: string | undefined; origin: string }): LocationDetail {
  const maps = locationMapImageUrls(location, options.googleMapsApiKey);
  return {
    id: location.rlid,
    line1: location.address1,
    line2: location.address2 ?? null,
    city: location.city,
    state: location.state,
    postcode: location.zip,
    country: location.country,
    phone: { national: location.phone },
    location: { lat: location.latitude, lng: location.longitude },
    url,
    map_image_url_mobile: maps.mobile,
    map_image_url_desktop: maps.desktop,
    has_online_ordering: location.hasOnlineOrdering,
    order_url: offersOnlineOrdering(location) ? orderUrl(location, options.origin) : null,
    accepts_reservations: location.isReservationsEnabled,
    wait_list_ready: location.waitListReady === true,
    is_temporarily_closed: location.isTemporarilyClosed,
    services: SERVICES.filter(([flag]) => location[flag] === true).map(([, label]) => label()),
    hours: HOURS_TYPES.map(([typeName, field]) => hoursOfType(typeName, location[field])),
    opening_hours: location.hours,
  };
}

/**
 * schema.org Restaurant JSON-LD of a local page: one OpeningHoursSpecification per set of days
 * sharing a span, a span closing after midnight kept whole (opens 11:00, closes 01:00).
 */
export function restaurantStructuredData(name: string, detail: LocationDetail, origin: string): Record<string, unknown> {
  const url = `${origin}${detail.url}`;
  const spans = new Map<string, { opens: string; closes: string; days: number[] }>();
  for (const span of detail.opening_hours) {
    const key = `${span.open}-${span.close}`;
    const entry = spans.get(key) ?? { opens: span.open, closes: span.close, days: [] };
    entry.days.push(span.dayOfWeek);
    spans.set(key, entry);
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${url}#restaurant`,
    name,
    url,
    telephone: detail.phone.national,
    servesCuisine: 'Seafood',
    acceptsReservations: detail.accepts_reservations,
    address: {
      '@type': 'PostalAddress',
      streetAddress: [detail.line1, detail.line2].filter(Boolean).join(', '),
      addressLocality: detail.city,
      addressRegion: detail.state,
      postalCode: detail.postcode,
      addressCountry: detail.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: Number(detail.location.lat.toFixed(GEO_DECIMALS)),
      longitude: Number(detail.location.lng.toFixed(GEO_DECIMALS)),
    },
    openingHoursSpecification: [...spans.values()].map(({ opens, closes, days }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days.sort((a, b) => a - b).map((day) => `https://schema.org/${SCHEMA_DAYS[day]}`),
      opens,
      closes,
    })),
  };
}
