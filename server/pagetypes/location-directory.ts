import { gettext, interpolate } from '../../client/lib/i18n';
import { cityPageUrl, LOCAL_PAGES_PATH, localPageUrl } from '../../client/lib/location-links';
import type { CityLocation, LocationsListProps } from '../../client/templates/LocationsList';
import type { OtherDirectory, StateEntry } from '../../client/templates/LocationsStateList';
import type { SingleLocationProps } from '../../client/templates/SingleLocation';
import type { Page } from '../db/schema';
import {
  directoryCities,
  findLocationByLocalPageUrl,
  openCountryCodes,
  openDirectoryAddresses,
  openLocationsInCity,
  regionName,
  type DirectoryLocation,
} from '../models/location-directory';
import { getLocation } from '../models/locations';
import { findLiveDescendantOfType, getParent } from '../models/pages';
import { publicListablePages } from '../models/public-pages';
import { getSiteSettings } from '../models/site-settings';
import { countryNames } from '../models/snippets/countries';
import { pageUrlWithinSite } from '../site-chrome';
import { locationDetail, restaurantStructuredData } from './location-detail';
import { LOCATIONS_MAP_PAGE_TYPE } from './locations-map-page';
import type { PageTypeContext, RouteResult } from './types';

/**
 * The locations directory below a country's state list page: the state list itself, and the
 * city pages and local pages that the directory page at LOCAL_PAGES_PATH serves for every
 * location in the table, without a hand-made page for each.
 */

/** The page type of a country's locations directory. */
export const LOCATIONS_STATE_LIST_PAGE_TYPE = 'locations_state_list_page';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's English name from its two-letter code ('US' -> 'United States'), for countries without a snippet. */
export function countryDisplayName(code: string): string {
  return regionNames.of(code.toUpperCase()) ?? code;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** How the directory names countries: by their country snippets, else by the code's English name. */
export interface CountryCatalog {
  /** The printable name of the country with this code. */
  nameOf(code: string): string;
  /** The code of the country a page names by code, printable name or English name; undefined when none matches. */
  codeOf(name: string): string | undefined;
}

/** The country snippets as the directory reads them, once per request: an edited snippet shows at once. */
export async function countryCatalog(context: Pick<PageTypeContext, 'db'>): Promise<CountryCatalog> {
  const snippets = await countryNames(context.db);
  const nameOf = (code: string) => snippets.find((country) => country.code === code.toUpperCase())?.printable_name ?? countryDisplayName(code);
  const codeOf = (name: string) =>
    snippets.find((country) => sameName(country.code, name) || sameName(country.printable_name, name) || sameName(countryDisplayName(country.code), name))?.code ??
    (/^[a-z]{2}$/i.test(name.trim()) ? name.trim().toUpperCase() : undefined);
  return { nameOf, codeOf };
}

/** The printable name of the country a page names (its code, snippet name or English name). */
export function printableCountry(catalog: CountryCatalog, name: string): string {
  const code = catalog.codeOf(name);
  return code ? catalog.nameOf(code) : name;
}

/** A country's directory page with the country it lists. */
export interface CountryDirectory extends OtherDirectory {
  page: Page;
}

/** The country a directory page lists, from its content: its country field, else its title. */
export type DirectoryCountryName = (page: Page) => string;

/** The public directory pages beside `page` (its parent's children of its type), itself included, in tree order. */
export async function countryDirectories(page: Page, context: PageTypeContext, countryOf: DirectoryCountryName, catalog: CountryCatalog): Promise<CountryDirectory[]> {
  // A directory at the site root has no siblings within the site.
  const parent = page.id === context.siteRoot.id ? undefined : await getParent(context.db, page);
  const siblings = parent ? await publicListablePages(context.db, { siteRoot: context.siteRoot, under: parent, levels: 1, pageTypes: [LOCATIONS_STATE_LIST_PAGE_TYPE] }) : [page];
  return siblings.map((sibling) => ({
    page: sibling,
    id: sibling.id,
    url: pageUrlWithinSite(sibling, context.siteRoot),
    country: { printable_name: printableCountry(catalog, countryOf(sibling)) },
  }));
}

/** The states of the country named `countryName`, each with its cities that have an open location. */
export async function directoryStates(countryName: string, context: PageTypeContext, catalog: CountryCatalog): Promise<StateEntry[]> {
  const wanted = catalog.codeOf(countryName);
  const code = (await openCountryCodes(context.db)).find((candidate) => candidate === wanted || sameName(countryDisplayName(candidate), countryName));
  if (!code) return [];
  const states = new Map<string, StateEntry>();
  for (const city of await directoryCities(context.db, code)) {
    const state = states.get(city.stateSlug) ?? { slug: city.stateSlug, name: regionName(code, city.state), cities: [] };
    state.cities.push({ slug: city.citySlug, name: city.city, url: cityPageUrl(city.stateSlug, city.citySlug) });
    states.set(city.stateSlug, state);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
  return [...states.values()].sort(byName).map((state) => ({ ...state, cities: state.cities.sort(byName) }));
}

/** A location as a city page lists it, linked to `url`. */
export function cityLocation(location: DirectoryLocation, url: string | null): CityLocation {
  return { id: location.rlid, line1: location.address1, line2: location.address2, city: location.city, state: location.state, postcode: location.zip, url };
}

/** Whether this directory page is the one at the local pages' address, which serves their routes. */
function servesLocalPages(page: Page, siteRoot: Page): boolean {
  return pageUrlWithinSite(page, siteRoot) === LOCAL_PAGES_PATH;
}

async function brandName(context: PageTypeContext): Promise<string> {
  return (await getSiteSettings(context.db, context.site.id, context.logger)).brandName;
}

/** The locator page, for 'Find a different' restaurant. */
export async function locatorUrl(context: PageTypeContext): Promise<string | null> {
  const locator = await findLiveDescendantOfType(context.db, context.siteRoot, LOCATIONS_MAP_PAGE_TYPE);
  return locator ? pageUrlWithinSite(locator, context.siteRoot) : null;
}

/** `{state}/{city}/`: the open locations of one city, or undefined when it has none. */
async function cityRoute(page: Page, [stateSlug, citySlug]: readonly string[], context: PageTypeContext, countryOf: DirectoryCountryName): Promise<RouteResult | undefined> {
  const locations = await openLocationsInCity(context.db, stateSlug!, citySlug!);
  const first = locations[0];
  if (!first) return undefined;
  const catalog = await countryCatalog(context);
  const country = catalog.nameOf(first.country);
  const [directories, brand] = await Promise.all([countryDirectories(page, context, countryOf, catalog), brandName(context)]);
  const stateList = directories.find((directory) => sameName(directory.country.printable_name, country)) ?? directories.find((directory) => directory.id === page.id);
  const place = { brand, city: first.city, state: first.state };
  const props: LocationsListProps = {
    city: first.city,
    state: first.state,
    country: { printable_name: country },
    state_list_url: stateList?.url ?? null,
    locations: locations.map((location) => cityLocation(location, localPageUrl(location.localPageUrl))),
  };
  return {
    kind: 'page',
    template: 'locations list',
    props: { ...props },
    head: {
      title: interpolate('{brand} Seafood Restaurants in {city}, {state}', place),
      description: interpolate('Find a {brand} seafood restaurant in {city}, {state}: addresses, hours, directions and online ordering.', place),
    },
  };
}

/** `{state}/{city}/{street}/`: a local page; a closed location's sends visitors on (301) or says it is gone (410). */
async function localPageRoute(components: readonly string[], context: PageTypeContext): Promise<RouteResult | undefined> {
  const found = await findLocationByLocalPageUrl(context.db, components.join('/'));
  if (!found) return undefined;
  const brand = await brandName(context);
  const place = { brand, city: found.city, state: found.state };
  if (found.isPermanentlyClosed) {
    const [stateSlug, citySlug] = components as [string, string];
    const others = await openLocationsInCity(context.db, stateSlug, citySlug);
    if (others.length > 0) return { kind: 'redirect', status: 301, location: cityPageUrl(stateSlug, citySlug) };
    return {
      kind: 'gone',
      title: interpolate('{brand} {city}, {state} has closed', place),
      message: gettext('This restaurant has closed permanently. Thank you for the years you dined with us; we hope to see you at another location soon.'),
    };
  }
  const location = await getLocation(context.db, found.rlid, context.now);
  if (!location) return undefined;
  const detail = locationDetail(location, localPageUrl(found.localPageUrl), { googleMapsApiKey: context.config.GOOGLE_MAPS_API_KEY, origin: context.origin });
  const props: SingleLocationProps = { title: interpolate('{brand} {city}', place), location: detail, locator_url: await locatorUrl(context) };
  const address = { ...place, address: [detail.line1, detail.line2].filter(Boolean).join(', '), postcode: detail.postcode };
  return {
    kind: 'page',
    template: 'single location',
    props: { ...props },
    head: {
      title: interpolate('{brand} {city}, {state} | Seafood Restaurant', place),
      description: interpolate('{brand} seafood restaurant at {address}, {city}, {state} {postcode}. See hours, get directions and order online.', address),
      structuredData: restaurantStructuredData(props.title, detail, context.origin),
    },
  };
}

/**
 * Routes below the directory page at LOCAL_PAGES_PATH: `{state}/{city}/` and
 * `{state}/{city}/{street}/`, for locations of every country. Other directory pages route nothing.
 */
export async function routeDirectory(page: Page, remaining: readonly string[], context: PageTypeContext, countryOf: DirectoryCountryName): Promise<RouteResult | undefined> {
  if (!servesLocalPages(page, context.siteRoot) || remaining.length < 2 || remaining.length > 3) return undefined;
  const canonical = remaining.map((component) => component.toLowerCase());
  if (canonical.some((component, index) => component !== remaining[index])) {
    return { kind: 'redirect', status: 301, location: `${LOCAL_PAGES_PATH}${canonical.map(encodeURIComponent).join('/')}/` };
  }
  return canonical.length === 2 ? cityRoute(page, canonical, context, countryOf) : localPageRoute(canonical, context);
}

/** The city and local pages the directory page serves, for the sitemap: none unless it is at LOCAL_PAGES_PATH. */
export async function directoryRoutedUrls(page: Page, context: Pick<PageTypeContext, 'db' | 'siteRoot'>): Promise<string[]> {
  if (!servesLocalPages(page, context.siteRoot)) return [];
  const urls = new Set<string>();
  for (const address of await openDirectoryAddresses(context.db)) {
    const [stateSlug, citySlug] = address.split('/') as [string, string];
    urls.add(cityPageUrl(stateSlug, citySlug));
    urls.add(localPageUrl(address));
  }
  return [...urls];
}
