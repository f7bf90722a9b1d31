import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { Location } from '../../client/lib/location-schemas';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { followLink, useBrowserSuite } from '../support/browser';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { settableClock, todayAt } from '../support/clock';
import { startTestServer } from '../support/server';

/**
 * What counts as a problem on these pages: console warnings too (React reports hydration
 * mismatches there), but not map images, which come from another endpoint whose answer is not
 * these journeys' concern.
 */
const PROBLEMS = { warnings: true, ignore: [/\/location-map\//] };

function restaurant(rlid: number, fields: Pick<Location, 'address1' | 'city' | 'state' | 'localPageURL'>): Location {
  return {
    rlid,
    restaurantNumber: String(rlid % 100000),
    country: 'US',
    zip: '03101',
    latitude: 43.0,
    longitude: -71.46,
    timeZone: 'America/New_York',
    hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '11:00', close: dayOfWeek === 6 ? '01:00' : '22:00' })),
    curbsideHours: [],
    deliveryHours: [],
    phone: '(603) 555-0144',
    hasCurbside: false,
    hasDelivery: true,
    hasOnlineOrdering: true,
    hasTakeOut: true,
    isDiningRoomOpened: true,
    isTemporarilyClosed: false,
    outsideDining: true,
    isReservationsEnabled: false,
    ...fields,
  };
}

describe('locations directory in the browser', function () {
  const suite = useBrowserSuite({ problems: PROBLEMS });
  let site: TestSite;
  const suffix = uniqueSuffix();
  const base = 100_000_000 + randomInt(800_000_000);

  before(async function () {
    site = await createTestSite(suite.server.db);
    const restaurants = await addChild(suite.server.db, site.home, {
      title: 'Seafood Restaurants',
      slug: 'seafood-restaurants',
      pageType: 'content_page',
      content: { body: [], confirmation: [] },
    });
    await addChild(suite.server.db, restaurants, { title: 'United States', slug: 'locations', pageType: 'locations_state_list_page', content: { country: 'United States' } });
    await insertLocations(suite.server.db, [
      restaurant(base, { address1: '5 Granite Quay', city: `Granite Bay ${suffix}`, state: 'NH', localPageURL: `nh/granite-bay-${suffix}/5-granite-quay` }),
      restaurant(base + 1, { address1: '9 Maple Wharf', city: `Sugarport ${suffix}`, state: 'VT', localPageURL: `vt/sugarport-${suffix}/9-maple-wharf` }),
    ]);
  });

  const url = (path: string) => `http://${site.hostname}:${suite.server.port}${path}`;

  for (const width of [375, 1280]) {
    it(`goes from the state list through a city to a local page at ${width}px`, async () => {
      const page = await suite.openPage(url('/seafood-restaurants/locations/'), { width });
      expect(await page.$eval('h1', (element) => element.textContent)).to.equal('All United States Locations');

      const cityLink = `a[href="/seafood-restaurants/locations/nh/granite-bay-${suffix}/"]`;
      expect(await page.$eval(cityLink, (link) => link.checkVisibility()), 'hidden while its state is closed').to.equal(false);
      const openState = (name: string) => page.$$eval('summary', (summaries, stateName) => summaries.find((summary) => summary.textContent === stateName)?.click(), name);
      await openState('New Hampshire');
      await openState('Vermont');
      expect(await page.$$eval('details[open] > summary', (open) => open.map((summary) => summary.textContent))).to.include.members(['New Hampshire', 'Vermont']);

      await followLink(page, cityLink);
      expect(await page.$eval('h1', (element) => element.textContent)).to.equal(`Granite Bay ${suffix}, NH`);
      expect(await page.$eval('.locations-hero__link', (link) => link.textContent)).to.equal('More United States Locations');
      // The card is the directory's own: its address reads on full lines, its button sits below it
      // at its own size (the location popover's result cards once shared its class and split it in two columns).
      const card = await page.$eval('.location-card', (element) => {
        const addressElement = element.querySelector('.location-card__address')!;
        const address = addressElement.getBoundingClientRect();
        const button = element.querySelector('a.button')!.getBoundingClientRect();
        return {
          addressLines: Math.round(address.height / parseFloat(getComputedStyle(addressElement).lineHeight)),
          buttonBelow: button.top >= address.bottom,
          buttonHeight: button.height,
          topBorder: getComputedStyle(element).borderTopWidth,
        };
      });
      expect(card).to.deep.include({ addressLines: 2, buttonBelow: true, topBorder: '4px' });
      expect(card.buttonHeight).to.be.below(60);

      await followLink(page, '.location-card a.button');
      expect(new URL(page.url()).pathname).to.equal(`/seafood-restaurants/locations/nh/granite-bay-${suffix}/5-granite-quay/`);
      expect(await page.$eval('h1', (element) => element.textContent)).to.equal(`Granite Bay ${suffix}, NH`);
      const hours = await page.$$eval('.hours-list__row', (rows) => rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
      expect(hours).to.have.length(7);
      expect(hours[0]).to.deep.equal(['Monday', '11:00 AM – 10:00 PM']);
      expect(hours[5]).to.deep.equal(['Saturday', '11:00 AM – 1:00 AM']);
      expect(await page.$eval('#location-hours-heading', (element) => element.textContent)).to.equal('Hours of Operation');
      await page.close();
    });
  }
});

describe('local page offers in the browser', function () {
  // The wait list takes joins only while the restaurant is open: the server reads a daytime hour.
  const serverTime = settableClock(todayAt('14:00', 'America/New_York'));
  const suite = useBrowserSuite({ serve: () => startTestServer({}, { clock: serverTime.clock }), problems: PROBLEMS });
  let site: TestSite;
  const suffix = uniqueSuffix();
  const base = 100_000_000 + randomInt(800_000_000);
  const local = (street: string) => `nh/offerton-${suffix}/${street}`;
  const reservations = restaurant(base, { address1: '1 Booking Row', city: `Offerton ${suffix}`, state: 'NH', localPageURL: local('1-booking-row') });
  const waitList = restaurant(base + 1, { address1: '2 Queue Ln', city: `Offerton ${suffix}`, state: 'NH', localPageURL: local('2-queue-ln') });
  const closed = restaurant(base + 2, { address1: '3 Shut Rd', city: `Offerton ${suffix}`, state: 'NH', localPageURL: local('3-shut-rd') });

  before(async function () {
    site = await createTestSite(suite.server.db);
    const restaurants = await addChild(suite.server.db, site.home, {
      title: 'Seafood Restaurants',
      slug: 'seafood-restaurants',
      pageType: 'content_page',
      content: { body: [], confirmation: [] },
    });
    await addChild(suite.server.db, restaurants, { title: 'United States', slug: 'locations', pageType: 'locations_state_list_page', content: { country: 'United States' } });
    await insertLocations(suite.server.db, [
      { ...reservations, isReservationsEnabled: true },
      { ...waitList, waitListReady: true, waitListMaxPartySize: 8 },
      { ...closed, isTemporarilyClosed: true, isReservationsEnabled: true, waitListReady: true },
    ]);
  });

  async function openLocalPage(location: Location): Promise<BrowserPage> {
    const page = await suite.openPage(`http://${site.hostname}:${suite.server.port}/seafood-restaurants/locations/${location.localPageURL}/`);
    await page.evaluate(() => {
      const events: unknown[] = [];
      (window as unknown as { panelEvents: unknown[] }).panelEvents = events;
      for (const type of ['open-reservation-panel', 'open-waitlist']) {
        window.addEventListener(type, (event) => events.push({ type: event.type, detail: (event as CustomEvent<unknown>).detail }));
      }
    });
    return page;
  }
  const actions = (page: BrowserPage) => page.$$eval('.single-location__actions :is(a, button)', (controls) => controls.map((control) => control.firstChild?.textContent));
  const panelEvents = (page: BrowserPage) => page.evaluate(() => (window as unknown as { panelEvents: unknown[] }).panelEvents);

  const offers = [
    { location: reservations, button: 'Reserve a Table', event: 'open-reservation-panel', when: 'for a restaurant that takes reservations', panel: "the reservation panel's" },
    { location: waitList, button: 'Join the wait list', event: 'open-waitlist', when: 'when the wait list is ready', panel: "the wait list's" },
  ];
  for (const offer of offers) {
    it(`offers '${offer.button}' ${offer.when}, raising ${offer.panel} event`, async () => {
      const page = await openLocalPage(offer.location);
      expect(await actions(page)).to.deep.equal(['Get directions', 'Order Online', offer.button]);
      await page.click('.single-location__actions button');
      expect(await panelEvents(page)).to.deep.equal([{ type: offer.event, detail: { rlid: offer.location.rlid } }]);
      await page.waitForSelector('dialog.visitor-panel[open]');
      await page.close();
    });
  }

  it('offers neither a table, the wait list nor ordering while the restaurant is temporarily closed', async () => {
    const page = await openLocalPage(closed);
    expect(await actions(page)).to.deep.equal(['Get directions']);
    expect(await page.$eval('.single-location__notice', (notice) => notice.textContent)).to.equal('Temporarily Closed');
    await page.close();
  });
});
