import { z } from 'zod';
import { localPageUrl } from '../../client/lib/location-links';
import type { LocationsListProps } from '../../client/templates/LocationsList';
import { openLocationsByCityName } from '../models/location-directory';
import { publicListablePages } from '../models/public-pages';
import { pageUrlWithinSite } from '../site-chrome';
import { cityLocation, countryCatalog, printableCountry } from './location-directory';
import { LOCATIONS_STATE_LIST_PAGE_TYPE } from './locations-state-list-page';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { relatedPageOfType } from './related-pages';
import { definePageType } from './types';

/** The page type of a city's list of locations. */
export const LOCATIONS_CITY_PAGE_TYPE = 'locations_city_page';
/** The page type of one location's hand-made page (location-page.ts; named here to avoid an import cycle). */
const LOCATION_PAGE_TYPE = 'location_page';

const rlidFieldSchema = z.object({ rlid: z.number().int().positive().nullable().catch(null) });

/**
 * A hand-made page for a city's restaurants (SPEC §2 item 7): a hero with the city and state,
 * a link to the country's state list, and the open locations of that city, each linked to its
 * hand-made page below this one when it has one, else to its local page.
 */
export const locationsCityPage = definePageType({
  name: LOCATIONS_CITY_PAGE_TYPE,
  label: 'Locations list (city)',
  template: 'locations list',
  fields: z.object({
    city: z.string().trim().max(100).default('').meta({ help_text: 'Left empty, the page title is used.' }),
    state: z.string().trim().max(10).default('').meta({ label: 'State code', help_text: "Two letters, e.g. 'FL'." }),
    country: z
      .string()
      .trim()
      .max(100)
      .default('United States')
      .meta({ label: 'Country', help_text: "The country's code or name, e.g. 'US'; the Countries snippet of that code gives the name visitors read." }),
  }),
  parentTypes: [LOCATIONS_STATE_LIST_PAGE_TYPE, ...CONTENT_PARENT_TYPES],
  async getProps(page, fields, context): Promise<LocationsListProps> {
    const city = fields.city || page.title;
    const [stateList, locations, children, catalog] = await Promise.all([
      relatedPageOfType(page, LOCATIONS_STATE_LIST_PAGE_TYPE, context),
      openLocationsByCityName(context.db, city, fields.state),
      publicListablePages(context.db, { siteRoot: context.siteRoot, under: page, levels: 1, pageTypes: [LOCATION_PAGE_TYPE] }),
      countryCatalog(context),
    ]);
    const handMade = new Map<number, string>();
    for (const child of children) {
      const fields = rlidFieldSchema.safeParse(child.content);
      const rlid = fields.success ? fields.data.rlid : null;
      if (rlid !== null && !handMade.has(rlid)) handMade.set(rlid, pageUrlWithinSite(child, context.siteRoot));
    }
    return {
      city,
      state: fields.state,
      country: { printable_name: printableCountry(catalog, fields.country) },
      state_list_url: stateList ? pageUrlWithinSite(stateList, context.siteRoot) : null,
      locations: locations.map((location) => cityLocation(location, handMade.get(location.rlid) ?? localPageUrl(location.localPageUrl))),
    };
  },
});
