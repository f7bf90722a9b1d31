import { expect } from 'chai';
import { geocode } from '../../server/geocoder';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { LOCATIONS_MAP_PAGE_TYPE } from '../../server/pagetypes/locations-map-page';
import { createTestSite, type TestSite } from '../support/fixtures';
import { testLocationAt, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

// A small town, so no other test's restaurants come nearer than these.
const ZIP = '59011';
const MILES_PER_DEGREE_LATITUDE = 69.0933;

const itemsOf = (html: string) => html.match(/<li id="map-list-item-\d+"[\s\S]*?<\/li>/g) ?? [];
const distancesOf = (html: string) => [...html.matchAll(/class="map-list__distance">([^<]*)</g)].map((match) => match[1]);

describe('locations map page', () => {
  let server: TestServer;
  let site: TestSite;
  const base = uniqueRlidBase();
  const town = geocode(ZIP)!;
  const north = (miles: number) => ({ latitude: town.latitude + miles / MILES_PER_DEGREE_LATITUDE, longitude: town.longitude });
  const near = testLocationAt(base, north(0.5), {
    address1: '101 McLeod St',
    city: 'Big Timber',
    state: 'MT',
    zip: ZIP,
    isReservationsEnabled: true,
    hasOnlineOrdering: true,
    countryRootURL: 'https://www.redharbor.example/',
    localPageURL: `mt/big-timber/${base}`,
  });
  const waiting = testLocationAt(base + 1, north(1.5), { waitListReady: true, estimatedWaitTime: '20 min', phone: '(406) 555-0142' });
  const notReady = testLocationAt(base + 2, north(3), { waitListReady: false, estimatedWaitTime: '45 min' });

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db, { settings: { brandName: 'Red Harbor' } });
    await addChild(server.db, site.home, { title: 'Find a Red Harbor', slug: 'locations-map', pageType: LOCATIONS_MAP_PAGE_TYPE, content: {} });
    await insertLocations(server.db, [notReady, near, waiting]);
  });
  after(() => server.close());

  const get = (query: string) => request(server, `/locations-map/?${query}`, { host: site.hostname });

  it('answers a ZIP in the address with the lettered list in the HTML, nearest first, distances to 2 decimals', async () => {
    const response = await get(`q=${ZIP}`);
    expect(response.status).to.equal(200);
    const items = itemsOf(response.body).slice(0, 3);
    expect(items.map((item) => /id="map-list-item-(\d+)"/.exec(item)![1])).to.deep.equal([near, waiting, notReady].map((location) => String(location.rlid)));
    expect(distancesOf(response.body).slice(0, 3)).to.deep.equal(['0.50 mi', '1.50 mi', '3.00 mi']);
    expect(items.map((item) => />([A-Z])<\/span>/.exec(item)![1])).to.deep.equal(['A', 'B', 'C']);
    expect(response.body).to.include('value="59011"');
    expect(response.body).to.not.include('class="locations-search__message"');
  });

  it('shows the wait, the buttons and the links by each restaurant’s own rules', async () => {
    const [first, second, third] = itemsOf((await get(`q=${ZIP}`)).body);
    expect(first).to.include('>Reserve a Table</button>');
    expect(first).to.include('href="https://www.redharbor.example/order?rlid=' + near.rlid + '"');
    expect(first).to.include(`href="/seafood-restaurants/locations/mt/big-timber/${base}/"`);
    expect(first).to.not.include('Current wait');

    expect(second).to.include('Current wait: 20 min');
    expect(second).to.include('>Join the wait list</button>');
    expect(second).to.include('href="tel:4065550142"');
    expect(second).to.not.include('Order Now');
    expect(second).to.not.include('View Local Page');

    expect(third).to.not.include('Current wait');
    expect(third).to.not.match(/Reserve a Table|Join the wait list/);
  });

  it('finds the same restaurants from a city and state, and from latitude and longitude', async () => {
    const byCity = distancesOf((await get('q=Big%20Timber%2C%20MT')).body);
    expect(byCity.length).to.be.greaterThan(2);
    const byPosition = await get(`latitude=${town.latitude}&longitude=${town.longitude}`);
    expect(itemsOf(byPosition.body)[0]).to.include(`id="map-list-item-${near.rlid}"`);
    expect(distancesOf(byPosition.body)[0]).to.equal('0.50 mi');
  });

  it('says so when the search names no place', async () => {
    const response = await get('q=xyzzy%20plugh');
    expect(response.status).to.equal(200);
    expect(response.body).to.include('<p class="locations-search__message">Please enter a valid city, state, or ZIP code.</p>');
    expect(itemsOf(response.body)).to.deep.equal([]);
  });

  it('lists nothing and says nothing before a search, or with a half-given position', async () => {
    for (const query of ['', 'latitude=45.8&longitude=', 'latitude=north&longitude=-110']) {
      const response = await get(query);
      expect(response.status, query).to.equal(200);
      expect(itemsOf(response.body), query).to.deep.equal([]);
      expect(response.body, query).to.not.include('class="locations-search__message"');
    }
  });
});
