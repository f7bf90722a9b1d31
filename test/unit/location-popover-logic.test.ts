import { expect } from 'chai';
import { directionsUrl, localPageUrl, orderUrl, telUrl } from '../../client/lib/location-links';
import { formatDistance, triggerLabel } from '../../client/lib/location-labels';
import { geocodeAddress } from '../../client/lib/location-search';
import {
  createPreferredLocationStore,
  LOCATION_COOKIE_DAYS,
  LOCATION_STORAGE_KEY,
  locationCookie,
  parseStoredLocation,
  PREFERRED_LOCATION_LOCK,
  RLID_STORAGE_KEY,
  type PreferredLocationEnvironment,
} from '../../client/lib/preferred-location-store';
import { formatClockTime, todaysHours } from '../../client/lib/todays-hours';
import { positionFromQuery, requestDevicePosition } from '../../client/lib/user-position';
import { OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT, visitorPanelFor } from '../../client/lib/visitor-panel-events';
import { sampleLocation } from '../support/locations';

const PLACE = { city: 'Boston', state: 'MA' };
const NONE = { isTemporarilyClosed: false, isDiningRoomOpened: false, outsideDining: false, hasDelivery: false, hasCurbside: false };

/** Records console calls of one kind while `run` runs. */
async function capturingConsole(kind: 'warn' | 'info', run: () => unknown): Promise<unknown[][]> {
  const calls: unknown[][] = [];
  const original = console[kind];
  console[kind] = (...args: unknown[]) => void calls.push(args);
  try {
    await run();
  } finally {
    console[kind] = original;
  }
  return calls;
}

describe('location popover: trigger label', () => {
  const cases: [string, Partial<typeof NONE>, string][] = [
    ['temporarily closed, whatever else it offers', { isTemporarilyClosed: true, isDiningRoomOpened: true, hasDelivery: true }, 'Boston, MA (Restaurant Temporarily Closed)'],
    ['dining room and outside dining', { isDiningRoomOpened: true, outsideDining: true, hasDelivery: true }, 'Boston, MA (Indoor/Outdoor Dining Available)'],
    ['dining room only', { isDiningRoomOpened: true, hasDelivery: true }, 'Boston, MA (Indoor Dining Available)'],
    ['outside dining only', { outsideDining: true, hasCurbside: true }, 'Boston, MA (Outdoor Dining Available)'],
    ['no dining, delivery', { hasDelivery: true, hasCurbside: true }, 'Boston, MA (Delivery Available)'],
    ['no dining or delivery, curbside', { hasCurbside: true }, 'Boston, MA (Curbside Available)'],
    ['none of those', {}, 'Boston, MA (Pick Up Only)'],
  ];
  for (const [name, flags, label] of cases) {
    it(`reads '${label}' for ${name}`, () => {
      expect(triggerLabel({ ...PLACE, ...NONE, ...flags })).to.equal(label);
    });
  }

  it("invites a search with no location: 'Find A Location Near You'", () => {
    expect(triggerLabel(null)).to.equal('Find A Location Near You');
  });
});

describe("location popover: today's hours", () => {
  const location = sampleLocation({
    hours: [
      { dayOfWeek: 1, open: '11:00', close: '22:00' },
      { dayOfWeek: 2, open: '11:30', close: '15:00' },
      { dayOfWeek: 2, open: '17:00', close: '00:30' },
    ],
    deliveryHours: [{ dayOfWeek: 1, open: '12:00', close: '21:00' }],
    curbsideHours: [{ dayOfWeek: 1, open: '11:00', close: '20:45' }],
    hasDelivery: true,
    hasCurbside: true,
  });

  it('shows open – close of the given weekday as clock times, every span of a split day', () => {
    expect(todaysHours(location, 'main', 1)).to.equal('11:00 AM – 10:00 PM');
    expect(todaysHours(location, 'main', 2)).to.equal('11:30 AM – 3:00 PM, 5:00 PM – 12:30 AM');
    expect(todaysHours(location, 'delivery', 1)).to.equal('12:00 PM – 9:00 PM');
    expect(todaysHours(location, 'curbside', 1)).to.equal('11:00 AM – 8:45 PM');
  });

  it('shows nothing for a day with no entry', () => {
    expect(todaysHours(location, 'main', 0)).to.equal(null);
    expect(todaysHours(location, 'delivery', 3)).to.equal(null);
    expect(todaysHours(location, 'curbside', 6)).to.equal(null);
  });

  it("shows 'Temporarily Closed' for the main hours of a closed restaurant, and only there", () => {
    const closed = { ...location, isTemporarilyClosed: true };
    expect(todaysHours(closed, 'main', 1)).to.equal('Temporarily Closed');
    expect(todaysHours(closed, 'main', 0)).to.equal('Temporarily Closed');
    expect(todaysHours(closed, 'delivery', 1)).to.equal('12:00 PM – 9:00 PM');
  });

  it("shows 'Not Available' for delivery or curbside a location does not offer, even with hours", () => {
    expect(todaysHours({ ...location, hasDelivery: false }, 'delivery', 1)).to.equal('Not Available');
    expect(todaysHours({ ...location, hasCurbside: false }, 'curbside', 1)).to.equal('Not Available');
    expect(todaysHours({ ...location, hasCurbside: false }, 'main', 1)).to.equal('11:00 AM – 10:00 PM');
  });

  it('refuses a weekday that is not a whole number from 0 to 6', () => {
    for (const weekday of [-1, 7, 1.5, Number.NaN]) expect(() => todaysHours(location, 'main', weekday), String(weekday)).to.throw();
  });

  it('writes midnight and noon as 12', () => {
    expect(formatClockTime('00:05')).to.equal('12:05 AM');
    expect(formatClockTime('12:00')).to.equal('12:00 PM');
    expect(formatClockTime('23:59')).to.equal('11:59 PM');
  });
});

describe('location popover: links and distances', () => {
  it('orders on the country root address when the location has one', () => {
    expect(orderUrl({ rlid: 7, countryRootURL: 'https://www.redharbor.example/ca/' }, 'https://shop.test')).to.equal('https://www.redharbor.example/ca/order?rlid=7');
    expect(orderUrl({ rlid: 7, countryRootURL: 'https://www.redharbor.example' }, 'https://shop.test')).to.equal('https://www.redharbor.example/order?rlid=7');
  });

  it('orders on the current address otherwise', () => {
    expect(orderUrl({ rlid: 42 }, 'http://site.test:8080')).to.equal('http://site.test:8080/order?rlid=42');
  });

  it('links directions by latitude and longitude, the local page under its prefix, and the phone by digits', () => {
    expect(directionsUrl({ lat: 42.36, lng: -71.05 })).to.equal('https://www.google.com/maps/dir/?api=1&destination=42.36,-71.05');
    expect(localPageUrl('ma/boston/100-harbor-st')).to.equal('/seafood-restaurants/locations/ma/boston/100-harbor-st/');
    expect(telUrl('(617) 555-0100')).to.equal('tel:6175550100');
  });

  it('writes distances in miles to one decimal', () => {
    expect(formatDistance(0.04)).to.equal('0.0 mi');
    expect(formatDistance(3.837)).to.equal('3.8 mi');
    expect(formatDistance(12.96)).to.equal('13.0 mi');
  });
});

describe('location popover: reserve or wait list', () => {
  it('offers reservations first, then a ready wait list, then nothing', () => {
    const open = { isTemporarilyClosed: false };
    expect(visitorPanelFor({ ...open, isReservationsEnabled: true, waitListReady: true })).to.equal(OPEN_RESERVATION_PANEL_EVENT);
    expect(visitorPanelFor({ ...open, isReservationsEnabled: false, waitListReady: true })).to.equal(OPEN_WAITLIST_EVENT);
    expect(visitorPanelFor({ ...open, isReservationsEnabled: false, waitListReady: false })).to.equal(null);
    expect(visitorPanelFor({ ...open, isReservationsEnabled: false })).to.equal(null);
    expect([OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT]).to.deep.equal(['open-reservation-panel', 'open-waitlist']);
  });

  it('offers neither while the restaurant is temporarily closed', () => {
    expect(visitorPanelFor({ isTemporarilyClosed: true, isReservationsEnabled: true, waitListReady: true })).to.equal(null);
    expect(visitorPanelFor({ isTemporarilyClosed: true, isReservationsEnabled: false, waitListReady: true })).to.equal(null);
  });
});

describe('location popover: user position from the address', () => {
  it('uses latitude and longitude when both parse as numbers', () => {
    expect(positionFromQuery('?latitude=42.36&longitude=-71.05')).to.deep.equal({ lat: 42.36, lng: -71.05 });
    expect(positionFromQuery('?longitude=0&latitude=0')).to.deep.equal({ lat: 0, lng: 0 });
  });

  it('ignores them when either is missing, blank or not a number', () => {
    for (const search of ['', '?latitude=42.36', '?latitude=42.36&longitude=', '?latitude=abc&longitude=-71', '?latitude=42.36&longitude=-71x', '?latitude=Infinity&longitude=1']) {
      expect(positionFromQuery(search), search).to.equal(null);
    }
  });
});

describe('location popover: device position', () => {
  const deviceAnswering = (answer: (success: PositionCallback, failure: PositionErrorCallback) => void, asked: PositionOptions[] = []) =>
    ({
      getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback, options: PositionOptions) => {
        asked.push(options);
        answer(success, failure);
      },
    }) as unknown as Geolocation;

  it('asks with low accuracy and answers the point', async () => {
    const asked: PositionOptions[] = [];
    const device = deviceAnswering((success) => success({ coords: { latitude: 1.5, longitude: -2.5 } } as GeolocationPosition), asked);
    expect(await requestDevicePosition(device)).to.deep.equal({ lat: 1.5, lng: -2.5 });
    expect(asked).to.deep.equal([{ enableHighAccuracy: false }]);
  });

  it('only logs a refusal, as information rather than an error', async () => {
    const device = deviceAnswering((_success, failure) => failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));
    let point: unknown = 'unset';
    const logged = await capturingConsole('info', async () => {
      point = await requestDevicePosition(device);
    });
    expect(point).to.equal(null);
    expect(logged).to.deep.equal([['Device position unavailable: User denied Geolocation']]);
  });
});

/** A browser-like environment in memory: storage, the cookies written, an optional lock. */
function memoryEnvironment(options: { withLocks?: boolean } = {}) {
  const items = new Map<string, string>();
  const cookies: string[] = [];
  const lockNames: string[] = [];
  const environment: PreferredLocationEnvironment = {
    storage: {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    },
    writeCookie: (cookie) => void cookies.push(cookie),
    isSecure: false,
    now: () => new Date('2026-03-01T12:00:00Z'),
    ...(options.withLocks
      ? {
          locks: {
            request: (async (name: string, callback: () => unknown) => {
              lockNames.push(name);
              return callback();
            }) as unknown as LockManager['request'],
          },
        }
      : {}),
  };
  return { items, cookies, lockNames, environment };
}

describe('location popover: preferred location store', () => {
  it('saves the location and its rlid locally and the rlid in a 365-day cookie, under the lock when there is one', async () => {
    const { items, cookies, lockNames, environment } = memoryEnvironment({ withLocks: true });
    const store = createPreferredLocationStore(environment);
    let notified = 0;
    store.subscribe(() => notified++);
    const location = sampleLocation({ rlid: 4321 });
    await store.save(location);
    expect(JSON.parse(items.get(LOCATION_STORAGE_KEY)!)).to.deep.equal(location);
    expect(items.get(RLID_STORAGE_KEY)).to.equal('4321');
    expect(cookies).to.deep.equal([`li=4321; Max-Age=${365 * 86400}; Expires=Mon, 01 Mar 2027 12:00:00 GMT; Path=/; SameSite=Lax`]);
    expect(lockNames).to.deep.equal([PREFERRED_LOCATION_LOCK]);
    expect(store.getSnapshot()).to.deep.equal(location);
    expect(notified).to.equal(1);
    expect(LOCATION_COOKIE_DAYS).to.equal(365);
  });

  it('writes without a lock where the browser has none', async () => {
    const { items, environment } = memoryEnvironment();
    await createPreferredLocationStore(environment).save(sampleLocation({ rlid: 5 }));
    expect(items.get(RLID_STORAGE_KEY)).to.equal('5');
  });

  it('clears the stored location, the rlid and the cookie', async () => {
    const { items, cookies, environment } = memoryEnvironment();
    const store = createPreferredLocationStore(environment);
    await store.save(sampleLocation());
    await store.clear();
    expect([...items.keys()]).to.deep.equal([]);
    expect(cookies.at(-1)).to.match(/^li=; Max-Age=0; .*Path=\/; SameSite=Lax$/);
    expect(store.getSnapshot()).to.equal(null);
  });

  it('marks the cookie Secure on https', () => {
    expect(locationCookie(9, { isSecure: true, now: () => new Date(0) })).to.match(/; SameSite=Lax; Secure$/);
  });

  it('keeps one snapshot until storage changes, and tells subscribers when another tab changed it', () => {
    const { items, environment } = memoryEnvironment();
    const store = createPreferredLocationStore(environment);
    expect(store.getSnapshot()).to.equal(null);
    let notified = 0;
    store.subscribe(() => notified++);
    const location = sampleLocation({ rlid: 77 });
    items.set(LOCATION_STORAGE_KEY, JSON.stringify(location));
    store.reload();
    const first = store.getSnapshot();
    expect(first).to.deep.equal(location);
    store.reload();
    expect(store.getSnapshot()).to.equal(first);
    expect(notified).to.equal(1);
  });

  it('ignores and logs stored data that is not JSON or not a location', async () => {
    const notJson = await capturingConsole('warn', () => expect(parseStoredLocation('{oops')).to.equal(null));
    expect(notJson).to.have.length(1);
    const { rlid: _dropped, ...withoutRlid } = sampleLocation();
    const wrongShape = await capturingConsole('warn', () => expect(parseStoredLocation(JSON.stringify(withoutRlid))).to.equal(null));
    expect(String(wrongShape[0]?.[0])).to.contain('not a location');
    const quiet = await capturingConsole('warn', () => expect(parseStoredLocation(null)).to.equal(null));
    expect(quiet).to.deep.equal([]);
  });

  it('keeps a location saved before locations carried a time zone, so the visitor keeps their choice until it is refreshed', () => {
    const { timeZone: _added, ...savedEarlier } = sampleLocation();
    expect(parseStoredLocation(JSON.stringify(savedEarlier))).to.deep.equal(savedEarlier);
    const wrongZone = JSON.stringify({ ...sampleLocation(), timeZone: 'Mars/Olympus_Mons' });
    return capturingConsole('warn', () => expect(parseStoredLocation(wrongZone)).to.equal(null));
  });

  it('answers none for invalid stored data through the store too', async () => {
    const { items, environment } = memoryEnvironment();
    items.set(LOCATION_STORAGE_KEY, JSON.stringify({ ...sampleLocation(), latitude: 'north' }));
    const warnings = await capturingConsole('warn', () => expect(createPreferredLocationStore(environment).getSnapshot()).to.equal(null));
    expect(warnings).to.have.length(1);
  });
});

describe("location popover: Google's geocoder when the Maps script loaded", () => {
  const globals = globalThis as { window?: unknown };
  afterEach(() => {
    delete globals.window;
  });

  /** A stand-in for the loaded Maps script whose geocoder answers `answer`. */
  function loadMaps(answer: () => Promise<{ results: { geometry?: { location?: { lat(): number; lng(): number } } }[] }>): string[] {
    const asked: string[] = [];
    class Geocoder {
      geocode({ address }: { address: string }) {
        asked.push(address);
        return answer();
      }
    }
    globals.window = { google: { maps: { importLibrary: async (name: string) => (name === 'geocoding' ? { Geocoder } : {}) } } };
    return asked;
  }

  it('asks Google instead of the server and takes the first result', async () => {
    const asked = loadMaps(async () => ({ results: [{ geometry: { location: { lat: () => 64.5, lng: () => -165.4 } } }] }));
    expect(await geocodeAddress('Nome, AK')).to.deep.equal({ lat: 64.5, lng: -165.4 });
    expect(asked).to.deep.equal(['Nome, AK']);
  });

  it("treats Google's ZERO_RESULTS as a result without geometry: logged, and no point", async () => {
    loadMaps(async () => {
      throw Object.assign(new Error('no match'), { code: 'ZERO_RESULTS' });
    });
    let point: unknown = 'unset';
    const warnings = await capturingConsole('warn', async () => {
      point = await geocodeAddress('Nowhere at all');
    });
    expect(point).to.equal(null);
    expect(warnings).to.deep.equal([['Result has no geometry info']]);
  });

  it('passes on any other failure of the geocoder', async () => {
    loadMaps(async () => {
      throw Object.assign(new Error('over quota'), { code: 'OVER_QUERY_LIMIT' });
    });
    let failure: unknown;
    await geocodeAddress('Boston, MA').catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error).with.property('message', 'over quota');
  });
});
