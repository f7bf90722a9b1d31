import { z } from 'zod';
import type { LocationsListProps } from '../../client/templates/LocationsList';
import { pageUrlWithinSite } from '../site-chrome';
import { LOCATIONS_STATE_LIST_PAGE_TYPE } from './locations-state-list-page';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { relatedPageOfType } from './related-pages';
import { definePageType } from './types';

/** The page type of a city's list of locations. */
export const LOCATIONS_CITY_PAGE_TYPE = 'locations_city_page';

/**
 * The restaurants of one city (SPEC §2 item 7): a hero with the city and state and a link to
 * the country's state list. Restaurants are not stored yet, so the list is empty.
 */
export const locationsCityPage = definePageType({
  name: LOCATIONS_CITY_PAGE_TYPE,
  label: 'Locations list (city)',
  template: 'locations list',
  fields: z.object({
    city: z.string().trim().max(100).default(''),
    state: z.string().trim().max(10).default(''),
    country: z.string().trim().max(100).default('United States'),
  }),
  adminFields: [
    { name: 'city', label: 'City', kind: 'text', help_text: 'Left empty, the page title is used.' },
    { name: 'state', label: 'State code', kind: 'text', help_text: "Two letters, e.g. 'FL'." },
    { name: 'country', label: 'Country name', kind: 'text' },
  ],
  parentTypes: [LOCATIONS_STATE_LIST_PAGE_TYPE, ...CONTENT_PARENT_TYPES],
  async getProps(page, fields, context): Promise<LocationsListProps> {
    const stateList = await relatedPageOfType(page, LOCATIONS_STATE_LIST_PAGE_TYPE, context);
    return {
      city: fields.city || page.title,
      state: fields.state,
      country: { printable_name: fields.country },
      state_list_url: stateList ? pageUrlWithinSite(stateList, context.siteRoot) : null,
      locations: [],
    };
  },
});
