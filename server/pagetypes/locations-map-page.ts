import { z } from 'zod';
import type { LocationsMapProps } from '../../client/templates/LocationsMap';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/** The page type of the locator map. */
export const LOCATIONS_MAP_PAGE_TYPE = 'locations_map_page';

/** Longest search text kept: a city, state and ZIP fit easily. */
const QUERY_MAX_LENGTH = 200;

/**
 * The locator (SPEC §2 item 9): a search form and lettered list beside the map. Restaurants
 * are not stored yet, so a search finds none and the page says so.
 */
export const locationsMapPage = definePageType({
  name: LOCATIONS_MAP_PAGE_TYPE,
  label: 'Locations map',
  template: 'locations map',
  fields: z.object({}),
  adminFields: [],
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(_page, _fields, context): Promise<LocationsMapProps> {
    return { query: (context.query.q ?? '').trim().slice(0, QUERY_MAX_LENGTH), locations: [] };
  },
});
