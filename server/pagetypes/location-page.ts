import { z } from 'zod';
import type { SingleLocationProps } from '../../client/templates/SingleLocation';
import { isPermanentlyClosed } from '../models/location-directory';
import { getLocation } from '../models/locations';
import { pageUrlWithinSite } from '../site-chrome';
import { locationDetail, restaurantStructuredData } from './location-detail';
import { locatorUrl } from './location-directory';
import { LOCATIONS_CITY_PAGE_TYPE } from './locations-city-page';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType, type PageTypeContext } from './types';

/** The restaurant a hand-made page is about, unless it is unknown or closed for good. */
async function openLocation(rlid: number | null, context: PageTypeContext) {
  if (rlid === null || (await isPermanentlyClosed(context.db, rlid))) return undefined;
  return getLocation(context.db, rlid, context.now);
}

/**
 * A hand-made page for one restaurant (SPEC §2 item 8), tied to it by its rlid; it takes
 * precedence over the directory's own local page at the same address. Without a known, open
 * restaurant it shows its title, the way to the locator and the national phone number.
 */
export const locationPage = definePageType({
  name: 'location_page',
  label: 'Single location',
  template: 'single location',
  fields: z.object({ rlid: z.number().int().positive().nullable().default(null).meta({ label: 'Restaurant id (rlid)' }) }),
  parentTypes: [LOCATIONS_CITY_PAGE_TYPE, ...CONTENT_PARENT_TYPES],
  async getProps(page, fields, context): Promise<SingleLocationProps> {
    const [location, locator] = await Promise.all([openLocation(fields.rlid, context), locatorUrl(context)]);
    const url = pageUrlWithinSite(page, context.siteRoot);
    return {
      title: page.title,
      location: location ? locationDetail(location, url, { googleMapsApiKey: context.config.GOOGLE_MAPS_API_KEY, origin: context.origin }) : null,
      locator_url: locator,
    };
  },
  structuredData: (props, context) => (props.location ? restaurantStructuredData(props.title, props.location, context.origin) : undefined),
});
