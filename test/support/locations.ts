import { randomInt } from 'node:crypto';
import type { Location } from '../../client/lib/location-schemas';

/** A block of rlids no other test uses: tests share one database and run in any order. */
export function uniqueRlidBase(): number {
  return 100_000_000 + randomInt(800_000_000);
}

/** A complete location at a point, open Friday and Sunday, with no wait list and no reservations. */
export function testLocation(rlid: number, at: { latitude: number; longitude: number }, overrides: Partial<Location> = {}): Location {
  return {
    rlid,
    restaurantNumber: String(rlid % 10000),
    address1: `${rlid % 1000} Test Quay`,
    city: 'Testport',
    state: 'TS',
    country: 'US',
    zip: '00000',
    latitude: at.latitude,
    longitude: at.longitude,
    hours: [
      { dayOfWeek: 5, open: '11:00', close: '23:00' },
      { dayOfWeek: 0, open: '11:00', close: '21:00' },
    ],
    curbsideHours: [],
    deliveryHours: [],
    phone: '(555) 555-0100',
    hasCurbside: false,
    hasDelivery: false,
    hasOnlineOrdering: false,
    hasTakeOut: true,
    isDiningRoomOpened: true,
    isTemporarilyClosed: false,
    outsideDining: false,
    isReservationsEnabled: false,
    ...overrides,
  };
}
