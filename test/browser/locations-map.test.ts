import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { LOCATION_STORAGE_KEY } from '../../client/lib/preferred-location-store';
import { geocode } from '../../server/geocoder';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { LOCATIONS_MAP_PAGE_TYPE } from '../../server/pagetypes/locations-map-page';
import { useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { testLocationAt, uniqueRlidBase } from '../support/locations';
import { request, startTestServer } from '../support/server';

// A small town, so no other test's restaurants come nearer than these.
const ZIP = '97910';
const MILES_PER_DEGREE = 69.0933;
// Expected: the geocoder has no place by this name, which it logs (SPEC §8).
const NO_GEOMETRY_WARNING = /Result has no geometry info/;

/**
 * Presses a map pin once it stands still, as a visitor would: a pan glides for half a second, and
 * on a loaded machine a press aimed while the map still moves lands beside the pin.
 */
async function pressPin(page: BrowserPage, selector: string): Promise<void> {
  await page.waitForFunction(
    (pin) =>
      new Promise<boolean>((resolve) => {
        const before = document.querySelector(pin)?.getBoundingClientRect();
        if (!before) return resolve(false);
        setTimeout(() => {
          const after = document.querySelector(pin)?.getBoundingClientRect();
          resolve(after?.x === before.x && after.y === before.y);
        }, 100);
      }),
    {},
    selector,
  );
  await page.click(selector);
}

describe('locations map in the browser', function () {
  // Console warnings count: React reports hydration mismatches there.
  // Each test opens the map in a context of its own, so it passes alone and in any order.
  const suite = useBrowserSuite({ problems: { warnings: true, ignore: [NO_GEOMETRY_WARNING] }, contextPerTest: true });
  let site: TestSite;
  const base = uniqueRlidBase();
  const town = geocode(ZIP)!;
  // Restaurants in four directions, far enough apart that their pins do not overlap.
  const at = (northMiles: number, eastMiles: number) => ({
    latitude: town.latitude + northMiles / MILES_PER_DEGREE,
    longitude: town.longitude + eastMiles / (MILES_PER_DEGREE * Math.cos((town.latitude * Math.PI) / 180)),
  });
  const restaurants = [
    testLocationAt(base, at(2, 0), { address1: '10 North Rd', city: 'Jordan Valley', state: 'OR', zip: ZIP, isReservationsEnabled: true }),
    testLocationAt(base + 1, at(0, 6), { address1: '20 East Ave', city: 'Jordan Valley', state: 'OR', zip: ZIP, waitListReady: true, estimatedWaitTime: '25 min' }),
    testLocationAt(base + 2, at(-10, 0), { address1: '30 South St', city: 'Arock', state: 'OR', zip: ZIP, estimatedWaitTime: '40 min', waitListReady: false }),
    testLocationAt(base + 3, at(0, -15), { address1: '40 West Way', city: 'Danner', state: 'OR', zip: ZIP, hasOnlineOrdering: true }),
  ];

  before(async function () {
    site = await createTestSite(suite.server.db, { settings: { brandName: 'Red Harbor' } });
    await addChild(suite.server.db, site.home, { title: 'Find a Red Harbor', slug: 'locations-map', pageType: LOCATIONS_MAP_PAGE_TYPE, content: {} });
    await insertLocations(suite.server.db, restaurants);
  });

  const openMap = () =>
    suite.openPage(`http://${site.hostname}:${suite.server.port}/locations-map/`, {
      height: 800,
      // The map glides for half a second when it fits or pans; a pin clicked mid-glide moves from under
      // the pointer. Visitors who ask for reduced motion get no glide, which keeps each click on its pin.
      beforeLoad: (tab) => tab.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]),
    });
  const search = async (page: BrowserPage, text: string) => {
    await page.click('#locations-search-input', { count: 3 });
    await page.type('#locations-search-input', text);
    await page.click('.locations-search button[type="submit"]');
  };
  /** The map after a visitor searched the four restaurants' ZIP and the list shows them all. */
  const openSearchedMap = async () => {
    const page = await openMap();
    await search(page, ZIP);
    await page.waitForSelector(`#map-list-item-${base + 3}`);
    await page.waitForSelector('.offline-map__land');
    return page;
  };
  const itemTexts = (page: BrowserPage) => page.$$eval('.map-list__item', (items) => items.map((item) => item.textContent ?? ''));
  const infoWindowText = (page: BrowserPage) => page.$eval('.map-info-window', (card) => card.textContent ?? '');

  it('lists the restaurants near a searched ZIP, lettered, with distances to two decimals', async () => {
    const page = await openMap();
    await search(page, ZIP);
    await page.waitForSelector(`#map-list-item-${base + 3}`);
    const letters = await page.$$eval('.map-list__letter', (glyphs) => glyphs.map((glyph) => glyph.textContent));
    expect(letters.slice(0, 4)).to.deep.equal(['A', 'B', 'C', 'D']);
    const distances = await page.$$eval('.map-list__distance', (cells) => cells.map((cell) => cell.textContent ?? ''));
    expect(distances.slice(0, 4)).to.deep.equal(['2.00 mi', '6.00 mi', '10.00 mi', '15.00 mi']);
    expect(new URL(page.url()).searchParams.get('q')).to.equal(ZIP);
    // The built-in map draws a labelled pin button for each restaurant.
    await page.waitForSelector('.offline-map__land');
    const markers = await page.$$eval('.map-marker', (buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(markers.slice(0, 2)).to.deep.equal(['A: 10 North Rd, Jordan Valley, OR', 'B: 20 East Ave, Jordan Valley, OR']);
  });

  it('shows the current wait only for a restaurant whose wait list is ready', async () => {
    const texts = await itemTexts(await openSearchedMap());
    expect(texts.filter((text) => text.includes('Current wait'))).to.have.length(1);
    expect(texts[1]).to.include('Current wait: 25 min');
    expect(texts[1]).to.include('Join the wait list');
    expect(texts[2]).to.not.include('Current wait');
  });

  it('focuses a marker: its list item is highlighted and the info window shows it', async () => {
    const page = await openSearchedMap();
    await pressPin(page, '.map-marker[aria-label^="D: "]');
    await page.waitForSelector('.map-info-window');
    expect(await infoWindowText(page)).to.include('40 West Way');
    const focused = await page.$$eval('.map-list__item--focused', (items) => items.map((item) => item.id));
    expect(focused).to.deep.equal([`map-list-item-${base + 3}`]);
    await page.click('.map-info-window__close');
    await page.waitForSelector('.map-info-window', { hidden: true });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).to.equal('D: 40 West Way, Danner, OR');
  });

  it('focuses a list item: its marker is pressed, the map pans and the info window shows it', async () => {
    const page = await openSearchedMap();
    const planeBefore = await page.$eval('.offline-map__plane', (plane) => plane.getAttribute('style'));
    await page.click(`#map-list-item-${base + 2} .map-list__address`);
    await page.waitForSelector('.map-info-window');
    expect(await infoWindowText(page)).to.include('30 South St');
    const pressed = await page.$$eval('.map-marker[aria-pressed="true"]', (buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(pressed).to.deep.equal(['C: 30 South St, Arock, OR']);
    // The pan lands a frame after the info window opens: under load, reading at once can come first.
    await page.waitForFunction((before) => document.querySelector('.offline-map__plane')?.getAttribute('style') !== before, { timeout: 5000 }, planeBefore);
    expect(await page.$eval('.offline-map__plane', (plane) => plane.getAttribute('style'))).to.not.equal(planeBefore);
    expect(await page.$eval(`#map-list-item-${base + 2}`, (item) => item.classList.contains('map-list__item--focused'))).to.equal(true);

    // Closing hands the focus back to the entry it came from.
    await page.keyboard.press('Escape');
    await page.waitForSelector('.map-info-window', { hidden: true });
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.id)).to.equal(`map-list-item-${base + 2}`);
  });

  it('raises the reservation event with the restaurant id', async () => {
    const page = await openSearchedMap();
    await page.evaluate(() => {
      window.addEventListener('open-reservation-panel', (event) => {
        document.body.dataset.reserved = String((event as CustomEvent<{ rlid: number }>).detail.rlid);
      });
    });
    await page.click(`#map-list-item-${base} .map-list__actions button`);
    expect(await page.evaluate(() => document.body.dataset.reserved)).to.equal(String(base));
    // The reservation panel opens for it; Escape closes it again.
    await page.waitForSelector('dialog.visitor-panel[open]');
    expect(await page.$eval('#visitor-panel-title', (title) => title.textContent)).to.equal('Reserve a Table');
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.visitor-panel', { hidden: true });
  });

  it('says so when the search names no place, and keeps the list', async () => {
    const page = await openSearchedMap();
    await search(page, 'xyzzy plugh');
    await page.waitForSelector('.locations-search__message');
    expect(await page.$eval('.locations-search__message', (message) => message.textContent)).to.equal('Please enter a valid city, state, or ZIP code.');
    expect(await page.$(`#map-list-item-${base}`)).to.not.equal(null);
  });
});

describe('locations map with a Google Maps key whose script cannot load', function () {
  // Nothing listens on the discard port: every load of the maps script fails at once.
  const MAPS_SCRIPT_URL = 'https://127.0.0.1:9/maps/api/js';
  const suite = useBrowserSuite({ serve: () => startTestServer({ GOOGLE_MAPS_API_KEY: 'public-test-key', MAPS_SCRIPT_URL }) });
  let site: TestSite;

  before(async function () {
    site = await createTestSite(suite.server.db, { settings: { brandName: 'Red Harbor' } });
    await addChild(suite.server.db, site.home, { title: 'Find a Red Harbor', slug: 'locations-map', pageType: LOCATIONS_MAP_PAGE_TYPE, content: {} });
  });

  it('tries the maps script 3 times, logs each failure, and keeps the list working', async () => {
    const page = await suite.browser.newPage();
    const attempts: string[] = [];
    const warnings: string[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(MAPS_SCRIPT_URL)) attempts.push(req.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'warn') warnings.push(message.text());
    });
    await page.goto(`http://${site.hostname}:${suite.server.port}/locations-map/?q=97910`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.querySelector('.locations-map__map')?.textContent?.includes('The map could not be loaded'), { timeout: 45_000 });
    expect(attempts).to.have.length(3);
    for (const url of attempts) expect(new URL(url).searchParams.get('key')).to.equal('public-test-key');
    expect(warnings.filter((text) => text.startsWith('Google Maps did not load'))).to.have.length(3);
    expect(await page.$('#locations-search-input')).to.not.equal(null);
    await page.close();
  });
});

describe('locations map before any search', function () {
  // A context of its own per test: its own localStorage.
  const suite = useBrowserSuite({ contextPerTest: true });
  let site: TestSite;
  const base = uniqueRlidBase();
  // Remote spots of this run only, so no other test's restaurants come near.
  const centre = { lat: -47 + (base % 1000) / 1000, lng: 60 + (base % 997) / 1000 };
  const elsewhere = { lat: centre.lat - 8, lng: centre.lng + 10 };
  const near = (point: { lat: number; lng: number }, northMiles: number, eastMiles: number) => ({
    latitude: point.lat + northMiles / MILES_PER_DEGREE,
    longitude: point.lng + eastMiles / (MILES_PER_DEGREE * Math.cos((point.lat * Math.PI) / 180)),
  });
  const twinA = testLocationAt(base, near(centre, 1, 0), { address1: '1 Twin Quay', city: 'Twinport', isReservationsEnabled: true, hasOnlineOrdering: true });
  const twinB = testLocationAt(base + 1, near(centre, 1, 0), { address1: '2 Twin Quay', city: 'Twinport', hasOnlineOrdering: true });
  const closed = testLocationAt(base + 2, near(centre, 0, 5), {
    address1: '3 Shut Rd',
    city: 'Closeby',
    isTemporarilyClosed: true,
    isReservationsEnabled: true,
    hasOnlineOrdering: true,
  });
  const noOrdering = testLocationAt(base + 3, near(centre, -8, 0), {
    address1: '4 Plain St',
    city: 'Plainfield',
    phone: '(807) 555-0169',
    hasOnlineOrdering: false,
    waitListReady: false,
    localPageURL: `ts/plainfield-${base}/4-plain-st`,
  });
  const favourite = testLocationAt(base + 4, near(elsewhere, 3, 0), { address1: '5 Favourite Ave', city: 'Faraway' });
  const neighbour = testLocationAt(base + 5, near(elsewhere, 1, 0), { address1: '6 Neighbour Ave', city: 'Faraway' });

  before(async function () {
    site = await createTestSite(suite.server.db, { settings: { mapDefaultCenter: centre } });
    await addChild(suite.server.db, site.home, { title: 'Find a Red Harbor', slug: 'locations-map', pageType: LOCATIONS_MAP_PAGE_TYPE, content: {} });
    await insertLocations(suite.server.db, [twinA, twinB, closed, noOrdering, favourite, neighbour]);
  });

  const mapUrl = () => `http://${site.hostname}:${suite.server.port}/locations-map/`;
  async function openMap(width = 1280): Promise<BrowserPage> {
    return suite.openPage(mapUrl(), { width });
  }
  const listedRlids = (page: BrowserPage) => page.$$eval('.map-list__item', (items) => items.map((item) => Number(item.id.replace('map-list-item-', ''))));

  it("lists the restaurants nearest the site's default map centre, in the page as served", async () => {
    const html = (await request(suite.server, '/locations-map/', { host: site.hostname })).body;
    expect(html).to.include(`id="map-list-item-${twinA.rlid}"`);
    const page = await openMap();
    expect(await listedRlids(page)).to.deep.equal([twinA.rlid, twinB.rlid, closed.rlid, noOrdering.rlid]);
    expect(await page.$('.locations-search__message')).to.equal(null);
    await page.close();
  });

  it('opens on the preferred restaurant: the restaurants near it, it focused', async () => {
    const page = await openMap();
    await page.evaluate((key, value) => localStorage.setItem(key, value), LOCATION_STORAGE_KEY, JSON.stringify(favourite));
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector(`#map-list-item-${favourite.rlid}.map-list__item--focused`);
    expect(await listedRlids(page)).to.deep.equal([favourite.rlid, neighbour.rlid]);
    expect(await page.$$eval('.map-marker[aria-pressed="true"]', (markers) => markers.map((marker) => marker.getAttribute('aria-label')))).to.deep.equal([
      'A: 5 Favourite Ave, Faraway, TS',
    ]);
    await page.close();
  });

  it('draws two restaurants of one city as two pins, each visible and pressable', async () => {
    const page = await openMap();
    await page.waitForSelector('.map-marker');
    const boxes = await Promise.all([twinA, twinB].map(async (twin) => (await page.$(`.map-marker[aria-label$="${twin.address1}, Twinport, TS"]`))!.boundingBox()));
    const [a, b] = boxes.map((box) => box!);
    const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap, JSON.stringify(boxes)).to.equal(false);
    for (const twin of [twinA, twinB]) {
      await pressPin(page, `.map-marker[aria-label$="${twin.address1}, Twinport, TS"]`);
      await page.waitForSelector('.map-info-window');
      expect(await page.$eval('.map-info-window', (card) => card.textContent)).to.include(twin.address1);
      expect(await page.$eval(`#map-list-item-${twin.rlid}`, (item) => item.classList.contains('map-list__item--focused'))).to.equal(true);
      await page.keyboard.press('Escape');
      await page.waitForSelector('.map-info-window', { hidden: true });
    }
    await page.close();
  });

  it("lets a pin be pressed while the outlines still load, and stops saying 'Loading map…' once they cannot be had", async () => {
    let refuseAtlas: (() => Promise<void>) | undefined;
    const page = await suite.openPage(mapUrl(), {
      // The outlines never come until refused: the page is ready once hydrated, with that request still open.
      waitUntil: 'load',
      beforeLoad: async (tab) => {
        await tab.setRequestInterception(true);
        tab.on('request', (request) => {
          if (new URL(request.url()).pathname === '/location-map/atlas.json') refuseAtlas = () => request.abort();
          else void request.continue();
        });
      },
    });
    await page.waitForSelector('.offline-map__loading');
    await pressPin(page, `.map-marker[aria-label$="${twinB.address1}, Twinport, TS"]`);
    await page.waitForSelector('.map-info-window');
    expect(await page.$eval('.map-info-window', (card) => card.textContent)).to.include(twinB.address1);
    await refuseAtlas!();
    await page.waitForSelector('.offline-map__loading', { hidden: true });
    expect(await page.$$('.map-marker')).to.have.length(4);
    suite.allowProblems(/atlas\.json|outlines could not be loaded/);
    await page.close();
  });

  it("offers neither 'Reserve a Table' nor 'Order Now' for a temporarily closed restaurant, in the list or on the map", async () => {
    const page = await openMap();
    const controls = await page.$eval(`#map-list-item-${closed.rlid}`, (item) => [...item.querySelectorAll('.map-list__body :is(a, button)')].map((control) => control.textContent));
    expect(controls).to.deep.equal([closed.phone]);
    expect(await page.$eval(`#map-list-item-${closed.rlid}`, (item) => item.textContent)).to.include('Temporarily Closed');
    await page.click(`#map-list-item-${closed.rlid} .map-list__address`);
    await page.waitForSelector('.map-info-window');
    const card = await page.$eval('.map-info-window', (element) => element.textContent ?? '');
    expect(card).to.include('Temporarily Closed');
    expect(card).to.not.include('Order Now');
    expect(card).to.not.include('Reserve a Table');
    // The twin that is open still offers both.
    const open = await page.$eval(`#map-list-item-${twinA.rlid}`, (item) => [...item.querySelectorAll('.map-list__actions :is(a, button)')].map((control) => control.textContent));
    expect(open).to.deep.equal(['Reserve a Table', 'Order Now']);
    await page.close();
  });

  for (const width of [375, 1280]) {
    it(`sets the phone and the local page link apart when a restaurant has no online ordering, at ${width}px`, async () => {
      const page = await openMap(width);
      const item = `#map-list-item-${noOrdering.rlid}`;
      const phone = (await (await page.$(`${item} .map-list__phone`))!.boundingBox())!;
      const link = (await (await page.$(`${item} .map-list__local-link`))!.boundingBox())!;
      expect(link.y, 'the link starts below the phone').to.be.at.least(phone.y + phone.height + 4);
      const text = await page.$eval(item, (element) => (element as HTMLElement).innerText);
      expect(text).to.match(/\(807\) 555-0169\s*\n\s*VIEW LOCAL PAGE/);
      await page.close();
    });
  }
});
