import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import type { Location } from '../../client/lib/location-schemas';
import type { Page } from '../../server/db/schema';
import { closeLocationPermanently } from '../../server/models/location-directory';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { testLocation } from '../support/locations';
import { request, startTestServer, type TestResponse, type TestServer } from '../support/server';
import { withoutPreloaded } from '../support/preloaded';

const BRAND = 'Test Harbor';
const NATIONAL_PHONE = '1-800-555-0177';

/** The directory of a test site: the US directory at the local pages' address, Canada beside it, a locator. */
async function addDirectory(server: TestServer, site: TestSite): Promise<{ locations: Page }> {
  const restaurants = await addChild(server.db, site.home, {
    title: 'Seafood Restaurants',
    slug: 'seafood-restaurants',
    pageType: 'content_page',
    content: { body: [], confirmation: [] },
  });
  const locations = await addChild(server.db, restaurants, { title: 'United States', slug: 'locations', pageType: 'locations_state_list_page', content: { country: 'United States' } });
  await addChild(server.db, restaurants, { title: 'Canada', slug: 'canada', pageType: 'locations_state_list_page', content: { country: 'Canada' } });
  await addChild(server.db, site.home, { title: 'Find a Test Harbor', slug: 'find', pageType: 'locations_map_page', content: {} });
  return { locations };
}

function location(rlid: number, overrides: Partial<Location> & Pick<Location, 'address1' | 'city' | 'state' | 'localPageURL'>): Location {
  return testLocation(rlid, {
    zip: '05401',
    latitude: 44.123456789,
    longitude: -72.987654321,
    hours: [
      { dayOfWeek: 1, open: '11:00', close: '22:00' },
      { dayOfWeek: 5, open: '11:00', close: '01:00' },
    ],
    curbsideHours: [{ dayOfWeek: 1, open: '15:15', close: '20:45' }],
    phone: '(802) 555-0101',
    hasCurbside: true,
    isReservationsEnabled: true,
    countryRootURL: 'https://www.redharbor.example/',
    ...overrides,
  });
}

/** The JSON-LD blocks of a page. */
function structuredData(html: string): Array<{ data: Record<string, unknown> }> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => ({
    data: JSON.parse(match[1]!) as Record<string, unknown>,
  }));
}

/** The rendered page without its preloaded JSON, whose catalog holds every message. */
const markup = (response: TestResponse) => withoutPreloaded(response.body);

describe('locations directory', () => {
  let server: TestServer;
  let site: TestSite;
  const suffix = uniqueSuffix();
  const base = 100_000_000 + randomInt(800_000_000);
  const city = `Harborview ${suffix}`;
  const citySlug = `harborview-${suffix}`;
  const cityPath = `/seafood-restaurants/locations/vt/${citySlug}/`;
  const wharf = location(base, { address1: '12 Wharf St', address2: 'Suite 4', city, state: 'VT', localPageURL: `vt/${citySlug}/12-wharf-st` });
  const dock = location(base + 1, { address1: '40 Dock Rd', city, state: 'VT', localPageURL: `vt/${citySlug}/40-dock-rd`, isReservationsEnabled: false, hasOnlineOrdering: false });
  const pier = location(base + 2, { address1: '7 Pier Ave', city, state: 'VT', localPageURL: `vt/${citySlug}/7-pier-ave` });
  const lonely = location(base + 3, { address1: '1 Last Light Ln', city: `Lonelyport ${suffix}`, state: 'VT', localPageURL: `vt/lonelyport-${suffix}/1-last-light-ln`, latitude: 44.9 });
  const fundy = location(base + 4, {
    address1: '88 Tide Way',
    city: `Fundy ${suffix}`,
    state: 'NS',
    country: 'CA',
    zip: 'B3H 1A1',
    localPageURL: `ns/fundy-${suffix}/88-tide-way`,
    countryRootURL: 'https://www.redharbor.example/ca/',
  });

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db, { settings: { brandName: BRAND, nationalPhone: NATIONAL_PHONE } });
    await addDirectory(server, site);
    await insertLocations(server.db, [wharf, dock, pier, lonely, fundy]);
    await closeLocationPermanently(server.db, pier.rlid);
    await closeLocationPermanently(server.db, lonely.rlid);
  });
  after(() => server.close());

  const get = (urlPath: string, host = site.hostname) => request(server, urlPath, { host });

  it("lists a country's states with their cities that have an open location, and links the other countries", async () => {
    const response = await get('/seafood-restaurants/locations/');
    expect(response.status).to.equal(200);
    const html = markup(response);
    expect(html).to.include('All United States Locations</h1>');
    expect(html).to.include(`Select a state to find a local ${BRAND}`);
    expect(html).to.include('<a class="locations-hero__link" href="/seafood-restaurants/canada/">See Canada Locations</a>');
    expect(html).to.include('<h2 id="state-directory-heading">United States</h2>');
    expect(html).to.match(/<summary>Vermont<\/summary><ul class="state-directory__cities">[\s\S]*?<\/ul>/);
    const vermont = /<summary>Vermont<\/summary><ul class="state-directory__cities">([\s\S]*?)<\/ul>/.exec(html)![1]!;
    expect(vermont).to.include(`<a href="${cityPath}">${city}</a>`);
    expect(vermont, 'a city whose only restaurant closed').to.not.include(`Lonelyport ${suffix}`);
    expect(html, 'a Canadian city').to.not.include(`Fundy ${suffix}`);

    const canada = markup(await get('/seafood-restaurants/canada/'));
    expect(canada).to.include('All Canada Locations</h1>');
    expect(canada).to.include('<a class="locations-hero__link" href="/seafood-restaurants/locations/">See United States Locations</a>');
    expect(canada).to.include('<summary>Nova Scotia</summary>');
    expect(canada).to.include(`<a href="/seafood-restaurants/locations/ns/fundy-${suffix}/">Fundy ${suffix}</a>`);
    expect(canada).to.not.include(city);
  });

  it("serves a city's page with its open locations, each linked to its local page", async () => {
    const response = await get(cityPath);
    expect(response.status).to.equal(200);
    const html = markup(response);
    expect(html).to.include(`<title>${BRAND} Seafood Restaurants in ${city}, VT</title>`);
    expect(html).to.include(`<h1 class="locations-hero__title">${city}, VT</h1>`);
    expect(html).to.include('<a class="locations-hero__link" href="/seafood-restaurants/locations/">More United States Locations</a>');
    expect(html).to.include(`12 Wharf St<br/>Suite 4<br/>${city}, VT 05401`);
    expect(html).to.include(`40 Dock Rd<br/>${city}, VT 05401`);
    expect(html).to.include(`href="${cityPath}12-wharf-st/">View Local Page</a>`);
    expect(html).to.include(`href="${cityPath}40-dock-rd/">View Local Page</a>`);
    expect(html, 'the closed location').to.not.include('7 Pier Ave');
    expect(html.indexOf('12 Wharf St')).to.be.lessThan(html.indexOf('40 Dock Rd'));

    const canadian = markup(await get(`/seafood-restaurants/locations/ns/fundy-${suffix}/`));
    expect(canadian).to.include(`<h1 class="locations-hero__title">Fundy ${suffix}, NS</h1>`);
    expect(canadian).to.include('<a class="locations-hero__link" href="/seafood-restaurants/canada/">More Canada Locations</a>');
  });

  it('serves the local page: heading, address, directions, maps, locator, phones, ordering and dine-in hours only', async () => {
    const response = await get(`${cityPath}12-wharf-st/`);
    expect(response.status).to.equal(200);
    const html = markup(response);
    expect(html).to.include(`<title>${BRAND} ${city}, VT | Seafood Restaurant</title>`);
    expect(html).to.include(`<meta name="description" content="${BRAND} seafood restaurant at 12 Wharf St, Suite 4, ${city}, VT 05401.`);
    expect(html).to.include(`<h1 class="page-title">${city}, VT</h1>`);
    expect(html).to.include(`12 Wharf St<br/>Suite 4<br/>${city}, VT 05401`);
    expect(html).to.include('href="https://www.google.com/maps/dir/?api=1&amp;destination=44.123456789,-72.987654321"');
    expect(html).to.include(`<source media="(min-width: 841px)" srcSet="/location-map/${wharf.rlid}/desktop.png"/>`);
    expect(html).to.include(`src="/location-map/${wharf.rlid}/mobile.png"`);
    expect(html).to.include(`<a href="/find/">Find a different ${BRAND}</a>`);
    expect(html).to.include('Contact Us</h2>');
    expect(html).to.include(`href="tel:18005550177">${NATIONAL_PHONE}</a>`);
    expect(html).to.include('href="tel:8025550101">(802) 555-0101</a>');
    expect(html).to.include(`<a class="button button--primary" href="https://www.redharbor.example/order?rlid=${wharf.rlid}">Order Online</a>`);
    expect(html).to.include('<dt>Friday</dt><dd><span class="hours-list__span">11:00 AM – 1:00 AM</span></dd>');
    expect(html).to.include('<dt>Sunday</dt><dd><span class="hours-list__span">Closed</span></dd>');
    expect(html, 'curbside hours').to.not.include('3:15 PM');

    const noOrdering = markup(await get(`${cityPath}40-dock-rd/`));
    expect(noOrdering).to.not.include('Order Online');
  });

  it('describes the restaurant in schema.org JSON-LD', async () => {
    const response = await get(`${cityPath}12-wharf-st/`);
    const blocks = structuredData(response.body);
    expect(blocks).to.have.length(1);
    const { data } = blocks[0]!;
    const url = `http://${site.hostname}${cityPath}12-wharf-st/`;
    expect(data).to.deep.include({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      '@id': `${url}#restaurant`,
      name: `${BRAND} ${city}`,
      url,
      telephone: '(802) 555-0101',
      servesCuisine: 'Seafood',
      acceptsReservations: true,
    });
    expect(data.address).to.deep.equal({
      '@type': 'PostalAddress',
      streetAddress: '12 Wharf St, Suite 4',
      addressLocality: city,
      addressRegion: 'VT',
      postalCode: '05401',
      addressCountry: 'US',
    });
    expect(data.geo).to.deep.equal({ '@type': 'GeoCoordinates', latitude: 44.12346, longitude: -72.98765 });
    expect(data.openingHoursSpecification).to.deep.equal([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Monday'], opens: '11:00', closes: '22:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Friday'], opens: '11:00', closes: '01:00' },
    ]);

    const other = structuredData((await get(`${cityPath}40-dock-rd/`)).body)[0]!.data;
    expect(other['@id']).to.equal(`http://${site.hostname}${cityPath}40-dock-rd/#restaurant`);
    expect(other.acceptsReservations).to.equal(false);
  });

  it('sends /locations/list/{state}/{city}/{line1}/ to the local page, and answers 404 when none matches', async () => {
    const byCode = await get(`/locations/list/vt/${citySlug}/12-wharf-st/`);
    expect(byCode.status).to.equal(301);
    expect(byCode.headers.location).to.equal(`${cityPath}12-wharf-st/`);
    const byName = await get(`/locations/list/vermont/${citySlug}/40-dock-rd/`);
    expect(byName.status).to.equal(301);
    expect(byName.headers.location).to.equal(`${cityPath}40-dock-rd/`);

    const withoutSlash = await get(`/locations/list/vt/${citySlug}/12-wharf-st`);
    expect(withoutSlash.status).to.equal(301);
    expect(withoutSlash.headers.location).to.equal(`/locations/list/vt/${citySlug}/12-wharf-st/`);

    for (const path of [`/locations/list/vt/${citySlug}/99-nowhere-st/`, `/locations/list/nh/${citySlug}/12-wharf-st/`, '/locations/list/vt/only-two/']) {
      const missing = await get(path);
      expect(missing.status, path).to.equal(404);
      expect(missing.body).to.include('The page you are looking for does not exist, sorry.');
    }
  });

  it('sends a closed location on to its city while the city has another open one, else answers 410 on a real page', async () => {
    const moved = await get(`${cityPath}7-pier-ave/`);
    expect(moved.status).to.equal(301);
    expect(moved.headers.location).to.equal(cityPath);

    const gone = await get(`/seafood-restaurants/locations/vt/lonelyport-${suffix}/1-last-light-ln/`);
    expect(gone.status).to.equal(410);
    const html = markup(gone);
    expect(html).to.include(`${BRAND} Lonelyport ${suffix}, VT has closed</h1>`);
    expect(html).to.include('This restaurant has closed permanently.');
    expect(html).to.include(`<a class="button button--secondary" href="/find/">Find a different ${BRAND}</a>`);
    expect(html).to.include('Return to Homepage');
    expect(html).to.include('<meta name="robots" content="noindex">');
    expect((await get(`/seafood-restaurants/locations/vt/lonelyport-${suffix}/`)).status, 'a city with no open location').to.equal(404);
  });

  it('leaves closed locations out of the nearest search, while getlocation still answers for them', async () => {
    const nearest = (await get(`/api/location/getlocations/?latitude=${wharf.latitude}&longitude=${wharf.longitude}&radius=1&limit=100`)).json<{
      locations: Array<{ location: { rlid: number } }>;
    }>();
    const rlids = nearest.locations.map((entry) => entry.location.rlid);
    expect(rlids).to.include.members([wharf.rlid, dock.rlid]);
    expect(rlids).to.not.include(pier.rlid);
    expect((await get(`/api/location/getlocation/?rlid=${pier.rlid}`)).status).to.equal(200);
  });

  it('routes only two- and three-part addresses below the local pages directory, lower-casing the rest', async () => {
    expect((await get('/seafood-restaurants/locations/vt/')).status).to.equal(404);
    expect((await get(`${cityPath}12-wharf-st/extra/`)).status).to.equal(404);
    expect((await get(`${cityPath}99-nowhere-st/`)).status).to.equal(404);
    expect((await get(`/seafood-restaurants/canada/ns/fundy-${suffix}/`)).status, 'another country directory').to.equal(404);
    const upper = await get(`/seafood-restaurants/locations/VT/Harborview-${suffix}/`);
    expect(upper.status).to.equal(301);
    expect(upper.headers.location).to.equal(cityPath);
    const withoutSlash = await get(`${cityPath}12-wharf-st`);
    expect(withoutSlash.status).to.equal(301);
    expect(withoutSlash.headers.location).to.equal(`${cityPath}12-wharf-st/`);
  });

  it('lists the routed city and local pages in the sitemap, without closed locations', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).to.equal(200);
    const origin = `http://${site.hostname}`;
    expect(response.body).to.include(`<loc>${origin}/seafood-restaurants/locations/</loc>`);
    expect(response.body).to.include(`<loc>${origin}${cityPath}</loc>`);
    expect(response.body).to.include(`<loc>${origin}${cityPath}12-wharf-st/</loc>`);
    expect(response.body).to.include(`<loc>${origin}/seafood-restaurants/locations/ns/fundy-${suffix}/88-tide-way/</loc>`);
    expect(response.body).to.not.include('7-pier-ave');
    expect(response.body).to.not.include(`lonelyport-${suffix}`);
    expect(response.body.split(`<loc>${origin}${cityPath}</loc>`)).to.have.length(2);
  });

  it('lets hand-made city and location pages take precedence over the routed ones', async () => {
    const handMade = await createTestSite(server.db, { settings: { brandName: BRAND } });
    const { locations } = await addDirectory(server, handMade);
    const state = await addChild(server.db, locations, { title: 'Vermont', slug: 'vt', pageType: 'blank_page', content: {} });
    const cityPage = await addChild(server.db, state, { title: `${city} restaurants`, slug: citySlug, pageType: 'locations_city_page', content: { city, state: 'VT' } });
    await addChild(server.db, cityPage, { title: 'Dock Road, by the water', slug: 'dock-road', pageType: 'location_page', content: { rlid: dock.rlid } });
    await addChild(server.db, cityPage, { title: 'Pier Avenue', slug: '7-pier-ave', pageType: 'location_page', content: { rlid: pier.rlid } });
    const host = handMade.hostname;

    const cityHtml = markup(await get(cityPath, host));
    expect(cityHtml).to.include(`<title>${city} restaurants</title>`);
    expect(cityHtml).to.include(`<h1 class="locations-hero__title">${city}, VT</h1>`);
    expect(cityHtml).to.include(`href="${cityPath}12-wharf-st/">View Local Page</a>`);
    expect(cityHtml, 'the hand-made page of the Dock Road restaurant').to.include(`href="${cityPath}dock-road/">View Local Page</a>`);
    expect(cityHtml).to.not.include('7 Pier Ave');

    const dockPage = await get(`${cityPath}dock-road/`, host);
    expect(dockPage.status).to.equal(200);
    expect(markup(dockPage)).to.include('<title>Dock Road, by the water</title>');
    expect(markup(dockPage)).to.include(`40 Dock Rd<br/>${city}, VT 05401`);
    expect(structuredData(dockPage.body)[0]!.data).to.deep.include({ '@id': `http://${host}${cityPath}dock-road/#restaurant`, name: 'Dock Road, by the water' });

    const closedPage = await get(`${cityPath}7-pier-ave/`, host);
    expect(closedPage.status, 'a hand-made page of a closed location is still a page').to.equal(200);
    expect(markup(closedPage)).to.include('<h1 class="page-title">Pier Avenue</h1>');
    expect(markup(closedPage)).to.not.include('7 Pier Ave');
    expect(structuredData(closedPage.body)).to.deep.equal([]);

    expect((await get(`${cityPath}12-wharf-st/`, host)).status, 'routed below a hand-made city').to.equal(200);
  });
});
