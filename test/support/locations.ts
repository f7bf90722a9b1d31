import { randomInt } from 'node:crypto';
import type { Location, LocationHours } from '../../client/lib/location-schemas';
import { timeZoneAt } from '../../server/models/location-clock';

/** Every day, around the clock (a span from 00:00 to 00:00 runs the whole day). */
export const OPEN_ALL_DAY: LocationHours[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '00:00', close: '00:00' }));

/**
 * A block of rlids no other test uses: tests insert locations into the shared database. Nine
 * digits, as every rlid the site takes in an address.
 */
export function uniqueRlidBase(): number {
  return 100_000_000 + randomInt(800_000_000);
}

/** A location for tests, open around the clock unless the overrides say otherwise; its zone is that of its coordinates. */
export function testLocation(rlid: number, overrides: Partial<Location> = {}): Location {
  const location = {
    rlid,
    restaurantNumber: String(rlid % 100000),
    address1: `${rlid % 1000} Test Quay`,
    city: 'Testport',
    state: 'ME',
    country: 'US',
    zip: '04101',
    longitude: -70.25,
    latitude: 43.66,
    hours: OPEN_ALL_DAY,
    curbsideHours: [],
    deliveryHours: [],
    phone: '(555) 555-0100',
    hasCurbside: false,
    hasDelivery: false,
    hasOnlineOrdering: true,
    hasTakeOut: true,
    isDiningRoomOpened: true,
    isTemporarilyClosed: false,
    outsideDining: false,
    isReservationsEnabled: false,
    ...overrides,
  };
  return { ...location, timeZone: overrides.timeZone ?? timeZoneAt(location.latitude, location.longitude) };
}

/** A location at a point (state 'TS', no online ordering), open around the clock unless the overrides say otherwise. */
export function testLocationAt(rlid: number, at: { latitude: number; longitude: number }, overrides: Partial<Location> = {}): Location {
  return testLocation(rlid, { latitude: at.latitude, longitude: at.longitude, state: 'TS', zip: '00000', hasOnlineOrdering: false, ...overrides });
}

/** A fixed, valid location (Boston, delivery, Sundays 11–22) to vary in unit tests. */
export function sampleLocation(overrides: Partial<Location> = {}): Location {
  return testLocation(1234, {
    restaurantNumber: '0042',
    address1: '100 Harbor St',
    city: 'Boston',
    state: 'MA',
    zip: '02110',
    longitude: -71.05,
    latitude: 42.36,
    hours: [{ dayOfWeek: 0, open: '11:00', close: '22:00' }],
    phone: '(617) 555-0100',
    hasDelivery: true,
    ...overrides,
  });
}
