import type { Location } from '../../client/lib/location-schemas';

/** A valid location to vary in tests. */
export function sampleLocation(overrides: Partial<Location> = {}): Location {
  return {
    rlid: 1234,
    restaurantNumber: '0042',
    address1: '100 Harbor St',
    city: 'Boston',
    state: 'MA',
    country: 'US',
    zip: '02110',
    longitude: -71.05,
    latitude: 42.36,
    hours: [{ dayOfWeek: 0, open: '11:00', close: '22:00' }],
    curbsideHours: [],
    deliveryHours: [],
    phone: '(617) 555-0100',
    hasCurbside: false,
    hasDelivery: true,
    hasOnlineOrdering: true,
    hasTakeOut: true,
    isDiningRoomOpened: true,
    isTemporarilyClosed: false,
    outsideDining: false,
    isReservationsEnabled: false,
    ...overrides,
  };
}
