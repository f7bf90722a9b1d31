import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { Location } from '../../client/lib/location-schemas';
import { LOCATION_STORAGE_KEY, RLID_STORAGE_KEY } from '../../client/lib/preferred-location-store';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { LOCATIONS_MAP_PAGE_TYPE } from '../../server/pagetypes/locations-map-page';
import { useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { settableClock, todayAt } from '../support/clock';
import { sampleLocation } from '../support/locations';
import { request, startTestServer } from '../support/server';

/** Miles per degree of latitude with the API's earth radius: a point this far north is this far away. */
const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
// Remote spots no other test puts restaurants near.
const POSITION_SPOT = { lat: -49.35, lng: 70.22 };
const PREFERRED_SPOT = { lat: -62.1, lng: -140.5 };
const TRIGGER = '.location-popover__trigger';
// The test restaurants open 11:00–22:00 on Eastern time (their remote spots' own zones are ocean ones).
const RESTAURANT_ZONE = 'America/New_York';
const DAYTIME = '14:00';
const NIGHT = '03:00';

interface PanelEvent {
  type: string;
  detail: unknown;
}

describe('location popover in the browser', function () {
  this.timeout(120_000);
  // Readiness follows opening hours, so the server's time is set: daytime unless a test says otherwise.
  const serverTime = settableClock(todayAt(DAYTIME, RESTAURANT_ZONE));
  // A context of its own per test: its own localStorage and cookies.
  const suite = useBrowserSuite({ serve: () => startTestServer({}, { clock: serverTime.clock }), contextPerTest: true });
  let site: TestSite;
  let siteUrl: string;
  const base = 100_000_000 + randomInt(800_000_000);
  let nextRlid = base;
  const rlid = () => nextRlid++;

  const locationNear = (point: { lat: number; lng: number }, northMiles: number, overrides: Partial<Location> = {}): Location =>
    sampleLocation({
      rlid: rlid(),
      address1: `${100 + Math.round(northMiles * 10)} Harbor Rd`,
      latitude: point.lat + northMiles / MILES_PER_DEGREE,
      longitude: point.lng,
      hours: EVERY_DAY.map((dayOfWeek) => ({ dayOfWeek, open: '11:00', close: '22:00' })),
      timeZone: RESTAURANT_ZONE,
      ...overrides,
    });

  let zipGroup: Location[];
  let cityGroup: Location[];
  let positionGroup: Location[];
  const preferred = (overrides: Partial<Location>) => locationNear(PREFERRED_SPOT, 1, { city: 'Testport', state: 'TS', ...overrides });
  const cases = {
    closed: preferred({ isTemporarilyClosed: true }),
    indoorOutdoor: preferred({ isDiningRoomOpened: true, outsideDining: true }),
    indoor: preferred({ isDiningRoomOpened: true, outsideDining: false }),
    outdoor: preferred({ isDiningRoomOpened: false, outsideDining: true }),
    delivery: preferred({ isDiningRoomOpened: false, hasDelivery: true, hasCurbside: true }),
    curbside: preferred({ isDiningRoomOpened: false, hasDelivery: false, hasCurbside: true }),
    pickUp: preferred({ isDiningRoomOpened: false, hasDelivery: false, hasCurbside: false }),
    reservations: preferred({ isReservationsEnabled: true, waitListReady: true, countryRootURL: 'https://www.redharbor.example/ca/' }),
    waitList: preferred({ isReservationsEnabled: false, waitListReady: true, localPageURL: 'ts/testport/110-harbor-rd' }),
    waitListAtNight: preferred({ isReservationsEnabled: false, waitListReady: true }),
    neither: preferred({ isReservationsEnabled: false, waitListReady: false }),
    // Opening an hour later each weekday: Sunday at 1:00 AM, Monday at 2:00 AM, ...
    honolulu: preferred({ timeZone: 'Pacific/Honolulu', hours: EVERY_DAY.map((dayOfWeek) => ({ dayOfWeek, open: `0${dayOfWeek + 1}:00`, close: '22:00' })) }),
    closedTakingReservations: preferred({ isTemporarilyClosed: true, isReservationsEnabled: true, hasOnlineOrdering: true }),
  };

  async function geocoded(query: string): Promise<{ lat: number; lng: number }> {
    const response = await request(suite.server, `/api/location/geocode/?${new URLSearchParams({ q: query })}`);
    return response.json<{ results: { geometry: { location: { lat: number; lng: number } } }[] }>().results[0]!.geometry.location;
  }

  before(async function () {
    site = await createTestSite(suite.server.db);
    await addChild(suite.server.db, site.home, { title: 'Locations', slug: 'locations', pageType: LOCATIONS_MAP_PAGE_TYPE, content: {} });
    siteUrl = `http://${site.hostname}:${suite.server.port}`;
    const zipPoint = await geocoded('99723');
    zipGroup = [
      locationNear(zipPoint, 1, { hasDelivery: true, isDiningRoomOpened: false }),
      locationNear(zipPoint, 2.5, { hasDelivery: false, isDiningRoomOpened: true }),
      locationNear(zipPoint, 4, { hasDelivery: false, isDiningRoomOpened: false }),
      locationNear(zipPoint, 6, { city: 'Barrow', state: 'AK' }),
      locationNear(zipPoint, 8),
    ];
    const cityPoint = await geocoded('Nome, AK');
    cityGroup = [locationNear(cityPoint, 0.5, { city: 'Nome', state: 'AK' }), locationNear(cityPoint, 3, { city: 'Nome', state: 'AK' })];
    positionGroup = [1, 2, 3].map((miles) => locationNear(POSITION_SPOT, miles, { city: 'Port-aux-Francais', state: 'TF' }));
    await insertLocations(suite.server.db, [...zipGroup, ...cityGroup, ...positionGroup, ...Object.values(cases)]);
  });

  async function openPage(path = '/', width = 1280): Promise<BrowserPage> {
    // Hydration is the signal that the page works; waiting for the network to idle as well
    // would only add half a second to every page.
    return suite.openPage(`${siteUrl}${path}`, { width, waitUntil: 'load' });
  }

  const triggerText = (page: BrowserPage) => page.$eval(TRIGGER, (element) => element.textContent?.trim());
  const waitForTrigger = (page: BrowserPage, text: string) =>
    page.waitForFunction((selector, expected) => document.querySelector(selector)?.textContent?.trim() === expected, {}, TRIGGER, text);
  const cardTexts = (page: BrowserPage) =>
    page.$$eval('.location-result', (cards) =>
      cards.map((card) => ({
        distance: card.querySelector('.location-result__distance')?.textContent,
        street: card.querySelector('.location-result__street')?.textContent,
        city: card.querySelector('.location-result__city')?.textContent,
        services: [...card.querySelectorAll('.location-result__service')].map((service) => service.textContent?.trim()),
      })),
    );

  async function search(page: BrowserPage, text: string): Promise<void> {
    await page.click(TRIGGER);
    await page.waitForSelector('.location-search__input', { visible: true });
    await page.type('.location-search__input', text);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.location-search__status')?.textContent?.includes('found'));
  }

  async function openWithPreferred(location: Location, path = '/'): Promise<BrowserPage> {
    const page = await suite.openPage(`${siteUrl}${path}`, {
      waitUntil: 'load',
      // Saved before the page's own scripts run, as a returning visitor's browser has it.
      beforeLoad: (tab) => tab.evaluateOnNewDocument((key, value) => localStorage.setItem(key, value), LOCATION_STORAGE_KEY, JSON.stringify(location)),
    });
    await page.waitForFunction((selector) => !document.querySelector(selector)?.textContent?.includes('Find A Location'), {}, TRIGGER);
    return page;
  }

  async function openPreferredCard(location: Location, path = '/'): Promise<BrowserPage> {
    const page = await openWithPreferred(location, path);
    await page.click(TRIGGER);
    await page.waitForSelector('.preferred-location', { visible: true });
    return page;
  }

  const panelButtons = (page: BrowserPage) => page.$$eval('.preferred-location__actions button', (buttons) => buttons.map((button) => button.textContent));
  it('searches a ZIP, lists the nearest four with distances, and keeps the chosen one after a reload', async () => {
    const page = await openPage();
    expect(await triggerText(page)).to.equal('Find A Location Near You');
    expect(await page.$eval(TRIGGER, (element) => element.getAttribute('aria-expanded'))).to.equal('false');
    await search(page, '99723');
    expect(await page.$eval(TRIGGER, (element) => element.getAttribute('aria-expanded'))).to.equal('true');
    expect(await page.$eval('.location-search__status', (element) => [element.textContent, element.getAttribute('aria-live')])).to.deep.equal(['4 locations found', 'polite']);
    const cards = await cardTexts(page);
    expect(cards.map((card) => card.distance)).to.deep.equal(['1.0 mi', '2.5 mi', '4.0 mi', '6.0 mi']);
    expect(cards[0]).to.deep.include({ street: zipGroup[0]!.address1, city: 'Boston, MA 02110', services: ['Delivery Available'] });
    expect(cards[1]!.services).to.deep.equal(['Indoor Dining Available']);
    expect(cards[2]!.services).to.deep.equal([]);
    expect(cards[3]!.city).to.equal('Barrow, AK 02110');
    expect(await page.$eval('.location-search__all a', (anchor) => [anchor.textContent, anchor.getAttribute('href')])).to.deep.equal(['View All Locations', '/locations/']);

    await page.click('.location-search__results li:nth-child(2) .location-result');
    await page.waitForSelector('.preferred-location');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('preferred-location-heading');
    expect(await page.$eval('.preferred-location__address', (element) => element.textContent)).to.contain(zipGroup[1]!.address1);
    expect(await triggerText(page)).to.equal('Boston, MA (Indoor Dining Available)');
    const stored = await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), [LOCATION_STORAGE_KEY, RLID_STORAGE_KEY]);
    expect(JSON.parse(stored[0]!)).to.deep.equal(zipGroup[1]);
    expect(stored[1]).to.equal(String(zipGroup[1]!.rlid));

    const cookie = (await page.cookies()).find((candidate) => candidate.name === 'li');
    expect(cookie).to.deep.include({ value: String(zipGroup[1]!.rlid), path: '/', sameSite: 'Lax' });
    // The browser dated the cookie with its own clock (not the page's Date, which test:hours moves), so it is measured against that clock.
    const days = (cookie!.expires * 1000 - (await page.evaluate(() => performance.timeOrigin + performance.now()))) / 86_400_000;
    expect(days).to.be.within(364.9, 365.1);

    await page.reload({ waitUntil: 'networkidle0' });
    await waitForTrigger(page, 'Boston, MA (Indoor Dining Available)');
    await page.click(TRIGGER);
    await page.waitForSelector('.preferred-location', { visible: true });
    expect(await page.$eval('.preferred-location__address', (element) => element.textContent)).to.contain(zipGroup[1]!.address1);
  });

  it("searches a 'City, ST' and says so when a place has no location nearby", async () => {
    const page = await openPage();
    await search(page, 'Nome, AK');
    expect((await cardTexts(page)).map((card) => [card.distance, card.street])).to.deep.equal([
      ['0.5 mi', cityGroup[0]!.address1],
      ['3.0 mi', cityGroup[1]!.address1],
    ]);
    expect(await page.$eval('.location-search__status', (element) => element.textContent)).to.equal('2 locations found');
    await page.click('.location-search__input', { count: 3 });
    await page.type('.location-search__input', 'Pago Pago, AS');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.location-search__status')?.textContent?.startsWith('No locations found'));
    expect(await page.$$('.location-result')).to.have.length(0);
  });

  it('refuses an empty search: the input is required', async () => {
    const page = await openPage();
    await page.click(TRIGGER);
    await page.waitForSelector('.location-search__input', { visible: true });
    expect(await page.$eval('.location-search__input', (input) => [(input as HTMLInputElement).required, (input as HTMLInputElement).labels?.[0]?.textContent])).to.deep.equal([
      true,
      'Search by city, state, or zip',
    ]);
    await page.type('.location-search__input', '   ');
    await page.keyboard.press('Enter');
    expect(await page.$eval('.location-search__input', (input) => (input as HTMLInputElement).validity.valid)).to.equal(false);
    expect(await page.$eval('.location-search__status', (element) => element.textContent)).to.equal('');
  });

  it('shows a change made in one tab in another without a reload', async () => {
    const first = await openPage();
    const second = await openPage();
    expect(await triggerText(second)).to.equal('Find A Location Near You');
    // A background tab draws no frames, and clicks wait for one: bring each to the front to use it.
    await first.bringToFront();
    await search(first, 'Nome, AK');
    await first.click('.location-result');
    await first.waitForSelector('.preferred-location');
    await waitForTrigger(second, 'Nome, AK (Indoor Dining Available)');

    await first.click('.preferred-location__change');
    await first.waitForSelector('.location-result');
    expect(await first.evaluate(() => document.activeElement?.classList.contains('location-search__input'))).to.equal(true);
    await first.click('.location-search__results li:nth-child(2) .location-result');
    await first.waitForSelector('.preferred-location');
    await second.bringToFront();
    await second.click(TRIGGER);
    await second.waitForFunction((street) => document.querySelector('.preferred-location__address')?.textContent?.includes(street), {}, cityGroup[1]!.address1);
  });

  it('lists the locations near the latitude and longitude of the address, nearest first', async () => {
    const page = await openPage(`/?latitude=${POSITION_SPOT.lat}&longitude=${POSITION_SPOT.lng}`);
    await page.click(TRIGGER);
    await page.waitForSelector('.location-result');
    expect((await cardTexts(page)).map((card) => [card.distance, card.street])).to.deep.equal(positionGroup.map((location, index) => [`${index + 1}.0 mi`, location.address1]));
  });

  it("ignores a latitude that is not a number, and lists the device's position, asked with low accuracy, on 'Use My Current Location'", async () => {
    const page = await suite.openPage(`${siteUrl}/?latitude=north&longitude=${POSITION_SPOT.lng}`, {
      // Test sites are plain-http *.test hosts, where Chromium refuses geolocation; stand in for the device.
      beforeLoad: (tab) =>
        tab.evaluateOnNewDocument((spot) => {
          const asked: PositionOptions[] = [];
          (window as unknown as { positionOptions: PositionOptions[] }).positionOptions = asked;
          Object.defineProperty(navigator, 'geolocation', {
            value: {
              getCurrentPosition(success: PositionCallback, _failure: PositionErrorCallback, options: PositionOptions) {
                asked.push(options);
                success({ coords: { latitude: spot.lat, longitude: spot.lng } } as GeolocationPosition);
              },
            },
          });
        }, POSITION_SPOT),
    });
    await page.click(TRIGGER);
    await page.waitForSelector('.location-result');
    expect(await page.$$('.location-result')).to.have.length(positionGroup.length);
    await page.type('.location-search__input', 'Nome, AK');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.location-result').length === 2);
    await page.click('.location-search__locate');
    await page.waitForFunction((count) => document.querySelectorAll('.location-result').length === count, {}, positionGroup.length);
    const asked = await page.evaluate(() => (window as unknown as { positionOptions: PositionOptions[] }).positionOptions);
    expect(asked).to.deep.equal([{ enableHighAccuracy: false }, { enableHighAccuracy: false }]);
  });

  it('labels the trigger by what the preferred location offers', async () => {
    const expected: [Location, string][] = [
      [cases.closed, 'Testport, TS (Restaurant Temporarily Closed)'],
      [cases.indoorOutdoor, 'Testport, TS (Indoor/Outdoor Dining Available)'],
      [cases.indoor, 'Testport, TS (Indoor Dining Available)'],
      [cases.outdoor, 'Testport, TS (Outdoor Dining Available)'],
      [cases.delivery, 'Testport, TS (Delivery Available)'],
      [cases.curbside, 'Testport, TS (Curbside Available)'],
      [cases.pickUp, 'Testport, TS (Pick Up Only)'],
    ];
    for (const [location, label] of expected) {
      const page = await openWithPreferred(location);
      expect(await triggerText(page), label).to.equal(label);
      await page.close();
    }
  });

  it('brings a stale saved copy up to date when the popover opens', async () => {
    const stale = { ...cases.indoor, phone: '(555) 555-0199', isReservationsEnabled: true };
    const page = await openPreferredCard(stale);
    await page.waitForFunction(() => document.querySelector('.preferred-location__phone')?.textContent?.includes('(617) 555-0100'));
    expect(await panelButtons(page)).to.deep.equal([]);
    expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), LOCATION_STORAGE_KEY))!)).to.deep.equal(cases.indoor);
  });

  it('ignores a stored location of the wrong shape', async () => {
    const page = await openPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warn') warnings.push(message.text());
    });
    await page.evaluate((key) => localStorage.setItem(key, '{"rlid":"not a number"}'), LOCATION_STORAGE_KEY);
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForFunction(() => true);
    expect(await triggerText(page)).to.equal('Find A Location Near You');
    expect(warnings.join('\n')).to.contain('is not a location');
  });

  async function recordPanelEvents(page: BrowserPage): Promise<void> {
    await page.evaluate(() => {
      const events: PanelEvent[] = [];
      (window as unknown as { panelEvents: PanelEvent[] }).panelEvents = events;
      for (const type of ['open-reservation-panel', 'open-waitlist']) {
        window.addEventListener(type, (event) => events.push({ type: event.type, detail: (event as CustomEvent).detail }));
      }
    });
  }
  const panelEvents = (page: BrowserPage) => page.evaluate(() => (window as unknown as { panelEvents: PanelEvent[] }).panelEvents);

  it("offers 'Reserve a Table' when reservations are on, raising open-reservation-panel with the rlid", async () => {
    const page = await openPreferredCard(cases.reservations);
    expect(await panelButtons(page)).to.deep.equal(['Reserve a Table']);
    await recordPanelEvents(page);
    await page.click('.preferred-location__panel-button');
    expect(await panelEvents(page)).to.deep.equal([{ type: 'open-reservation-panel', detail: { rlid: cases.reservations.rlid } }]);
    // The panel it opens is a dialog of its own: pressing in it or closing it leaves the popover open with focus back on the button.
    await page.waitForSelector('dialog[open]');
    await page.click('dialog[open] h2');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog[open]', { hidden: true });
    expect(await page.$eval('.location-popover__panel', (element) => (element as HTMLElement).hidden)).to.equal(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('preferred-location__panel-button'))).to.equal(true);
  });

  it("offers 'Join the wait list' when the wait list is ready, raising open-waitlist with the rlid", async () => {
    const page = await openPreferredCard(cases.waitList);
    expect(await panelButtons(page)).to.deep.equal(['Join the wait list']);
    await recordPanelEvents(page);
    await page.click('.preferred-location__panel-button');
    expect(await panelEvents(page)).to.deep.equal([{ type: 'open-waitlist', detail: { rlid: cases.waitList.rlid } }]);
  });

  it('offers no wait list at night, while the restaurant is closed, though its host has the wait list on', async () => {
    serverTime.set(todayAt(NIGHT, RESTAURANT_ZONE));
    try {
      const page = await openPreferredCard(cases.waitListAtNight);
      // The saved copy offers the wait list; the card follows the server once its answer is in.
      await page.waitForFunction(() => document.querySelectorAll('.preferred-location__actions button').length === 0);
      expect(await panelButtons(page)).to.deep.equal([]);
    } finally {
      serverTime.set(todayAt(DAYTIME, RESTAURANT_ZONE));
    }
  });

  it('offers neither when the location takes no reservations and its wait list is not ready', async () => {
    const page = await openPreferredCard(cases.neither);
    expect(await panelButtons(page)).to.deep.equal([]);
  });

  it("offers neither 'Reserve a Table' nor 'Order Now' while the restaurant is temporarily closed", async () => {
    const page = await openPreferredCard(cases.closedTakingReservations);
    expect(await page.$$eval('.preferred-location__actions :is(a, button)', (controls) => controls.map((control) => control.textContent))).to.deep.equal([]);
  });

  it("orders on the location's country root address, or else on this site", async () => {
    const abroad = await openPreferredCard(cases.reservations);
    expect(await abroad.$eval('.preferred-location__actions a', (anchor) => [anchor.textContent, anchor.getAttribute('href')])).to.deep.equal([
      'Order Now',
      `https://www.redharbor.example/ca/order?rlid=${cases.reservations.rlid}`,
    ]);
    const home = await openPreferredCard(cases.neither);
    expect(await home.$eval('.preferred-location__actions a', (anchor) => anchor.href)).to.equal(`${siteUrl}/order?rlid=${cases.neither.rlid}`);
  });

  it("shows today's hours, directions, the local page only when there is one, and the phone", async () => {
    const page = await openPreferredCard(cases.waitList);
    const rows = await page.$$eval('.preferred-location__hours-row', (elements) => elements.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
    // Delivery is offered but has no hours today, so it shows nothing; curbside is not offered.
    expect(rows).to.deep.equal([
      ["Today's Hours", '11:00 AM – 10:00 PM'],
      ['Curbside', 'Not Available'],
    ]);
    const links = await page.$$eval('.preferred-location a', (anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
    expect(links).to.deep.include.members([
      ['Get directions (opens in a new tab)', `https://www.google.com/maps/dir/?api=1&destination=${cases.waitList.latitude},${cases.waitList.longitude}`],
      ['View Local Page', '/seafood-restaurants/locations/ts/testport/110-harbor-rd/'],
      ['Call (617) 555-0100', 'tel:6175550100'],
    ]);
    const closed = await openPreferredCard(cases.closed);
    expect(await closed.$eval('.preferred-location__hours-row dd', (element) => element.textContent)).to.equal('Temporarily Closed');
    expect(await closed.$$eval('.preferred-location a', (anchors) => anchors.map((anchor) => anchor.textContent))).to.not.include('View Local Page');
  });

  it("shows today's hours of the day it is where the restaurant is, not where the visitor is", async () => {
    const page = await openWithPreferred(cases.honolulu);
    // Kiritimati is a full day ahead of Honolulu: the visitor's weekday is never the restaurant's.
    await page.emulateTimezone('Pacific/Kiritimati');
    await page.click(TRIGGER);
    await page.waitForSelector('.preferred-location__hours-row', { visible: true });
    // Honolulu's weekday by the browser's own clock, which test:hours does not move.
    const weekday = await page.evaluate(() =>
      ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Honolulu', weekday: 'short' }).format(new Date())),
    );
    expect(await page.$eval('.preferred-location__hours-row dd', (element) => element.textContent)).to.equal(`${weekday + 1}:00 AM – 10:00 PM`);
  });

  it("closes on Escape and on 'Hide location details', returning focus to the trigger, and on a press elsewhere, without trapping focus", async () => {
    const page = await openPage();
    await page.focus(TRIGGER);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.location-popover__panel:not([hidden])');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.location-popover__panel')))).to.equal(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.location-popover__panel[hidden]', { hidden: true });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('location-popover__trigger'))).to.equal(true);
    expect(await page.$eval(TRIGGER, (element) => element.getAttribute('aria-expanded'))).to.equal('false');

    await page.click(TRIGGER);
    await page.click('.location-popover__hide');
    expect(await page.$eval('.location-popover__panel', (element) => (element as HTMLElement).hidden)).to.equal(true);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('location-popover__trigger'))).to.equal(true);

    await page.click(TRIGGER);
    await page.click('main', { offset: { x: 900, y: 400 } });
    expect(await page.$eval('.location-popover__panel', (element) => (element as HTMLElement).hidden)).to.equal(true);

    // No trap: tabbing out of the last control of the panel leaves it.
    await page.click(TRIGGER);
    await page.focus('.location-search__all a, .location-search__alternatives a');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.location-popover__panel')))).to.equal(false);
  });
});
