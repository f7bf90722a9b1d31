import { z } from 'zod';
import type { LocationsStateListProps, OtherDirectory } from '../../client/templates/LocationsStateList';
import { getChildren, getParent } from '../models/pages';
import type { Page } from '../db/schema';
import { pageUrlWithinSite } from '../site-chrome';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType, type PageTypeContext } from './types';

/** The page type of a country's locations directory. */
export const LOCATIONS_STATE_LIST_PAGE_TYPE = 'locations_state_list_page';

const stateListFieldsSchema = z.object({ country: z.string().trim().max(100).default('') });

/** The country a directory page lists: its country field, else its title. */
function countryName(page: Page, country: string): string {
  return country || page.title;
}

/** The other countries' directories: live sibling directory pages, in tree order. */
async function otherDirectories(page: Page, context: PageTypeContext): Promise<OtherDirectory[]> {
  const parent = await getParent(context.db, page);
  if (!parent) return [];
  const siblings = await getChildren(context.db, parent, { liveOnly: true });
  return siblings
    .filter((sibling) => sibling.id !== page.id && sibling.page_type === LOCATIONS_STATE_LIST_PAGE_TYPE && !sibling.expired)
    .map((sibling) => {
      const fields = stateListFieldsSchema.safeParse(sibling.content);
      return {
        id: sibling.id,
        url: pageUrlWithinSite(sibling, context.siteRoot),
        country: { printable_name: countryName(sibling, fields.success ? fields.data.country : '') },
      };
    });
}

/**
 * A country's directory of locations by state (SPEC §2 item 10). Restaurants are not stored
 * yet, so the state list is empty; the page shows its country and the other directories.
 */
export const locationsStateListPage = definePageType({
  name: LOCATIONS_STATE_LIST_PAGE_TYPE,
  label: 'Locations state list',
  template: 'locations state list',
  fields: stateListFieldsSchema,
  adminFields: [{ name: 'country', label: 'Country name', kind: 'text', help_text: "As visitors read it, e.g. 'United States'. Left empty, the page title is used." }],
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, fields, context): Promise<LocationsStateListProps> {
    return {
      country: { printable_name: countryName(page, fields.country) },
      other_directories: await otherDirectories(page, context),
      states: [],
    };
  },
});
