import { z } from 'zod';
import type { SingleLocationProps } from '../../client/templates/SingleLocation';
import { findLiveDescendantOfType } from '../models/pages';
import { pageUrlWithinSite } from '../site-chrome';
import { LOCATIONS_CITY_PAGE_TYPE } from './locations-city-page';
import { LOCATIONS_MAP_PAGE_TYPE } from './locations-map-page';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/**
 * One restaurant's page (SPEC §2 item 8), tied to the restaurant by its rlid. Restaurant
 * records are not stored yet, so location is null and the page shows its title, the way to
 * the locator and the national phone number.
 */
export const locationPage = definePageType({
  name: 'location_page',
  label: 'Single location',
  template: 'single location',
  fields: z.object({ rlid: z.number().int().positive().nullable().default(null) }),
  adminFields: [{ name: 'rlid', label: 'Restaurant id (rlid)', kind: 'number' }],
  parentTypes: [LOCATIONS_CITY_PAGE_TYPE, ...CONTENT_PARENT_TYPES],
  async getProps(page, _fields, context): Promise<SingleLocationProps> {
    const locator = await findLiveDescendantOfType(context.db, context.siteRoot, LOCATIONS_MAP_PAGE_TYPE);
    return { title: page.title, location: null, locator_url: locator ? pageUrlWithinSite(locator, context.siteRoot) : null };
  },
});
