import { z } from 'zod';
import type { LocationsStateListProps } from '../../client/templates/LocationsStateList';
import type { Page } from '../db/schema';
import { countryCatalog, countryDirectories, directoryRoutedUrls, printableCountry, directoryStates, LOCATIONS_STATE_LIST_PAGE_TYPE, routeDirectory } from './location-directory';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

export { LOCATIONS_STATE_LIST_PAGE_TYPE } from './location-directory';

const stateListFieldsSchema = z.object({
  country: z.string().trim().max(100).default('').meta({
    label: 'Country',
    help_text: "The country's code or name, e.g. 'US' or 'United States'; the Countries snippet of that code gives the name visitors read. Left empty, the page title is used.",
  }),
});

/** The country a directory page lists: its country field, else its title. */
function countryOf(page: Page): string {
  const fields = stateListFieldsSchema.safeParse(page.content);
  return (fields.success && fields.data.country) || page.title;
}

/**
 * A country's directory of locations by state (SPEC §2 item 10): the states with an open
 * location in the country the page names, each with its cities. The page at the local pages'
 * address also serves the city and local pages below it (see location-directory.ts).
 */
export const locationsStateListPage = definePageType({
  name: LOCATIONS_STATE_LIST_PAGE_TYPE,
  label: 'Locations state list',
  template: 'locations state list',
  fields: stateListFieldsSchema,
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, _fields, context): Promise<LocationsStateListProps> {
    const catalog = await countryCatalog(context);
    const country = countryOf(page);
    const [directories, states] = await Promise.all([countryDirectories(page, context, countryOf, catalog), directoryStates(country, context, catalog)]);
    return {
      country: { printable_name: printableCountry(catalog, country) },
      other_directories: directories.filter((directory) => directory.id !== page.id).map(({ id, url, country: other }) => ({ id, url, country: other })),
      states,
    };
  },
  route: (page, remaining, context) => routeDirectory(page, remaining, context, countryOf),
  routedUrls: directoryRoutedUrls,
});
