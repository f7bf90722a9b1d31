import { z } from 'zod';
import type { LocationsMapProps } from '../../client/templates/LocationsMap';
import type { MapPoint } from '../../client/lib/location-search';
import { MAP_SEARCH_AREA } from '../../client/lib/map-list';
import { positionFromQuery } from '../../client/lib/user-position';
import { sharedGeocoder } from '../geocoder';
import { findNearestLocations } from '../models/locations';
import { getSiteSettings } from '../models/site-settings';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/** The page type of the locator map. */
export const LOCATIONS_MAP_PAGE_TYPE = 'locations_map_page';

/** Longest search text kept: a city, state and ZIP fit easily. */
const QUERY_MAX_LENGTH = 200;

// The searched point: the text `q` when given (geocoded offline), else latitude/longitude.
function searchedPoint(query: string, parameters: Readonly<Record<string, string>>): MapPoint | null {
  if (!query) return positionFromQuery(new URLSearchParams(parameters));
  const found = sharedGeocoder().geocode(query);
  return found && { lat: found.latitude, lng: found.longitude };
}

/**
 * The locator (SPEC §2 item 9): a search form and lettered list beside the map. A search given
 * in the address (`q`, or `latitude` and `longitude`) is answered here, so the list is in the
 * HTML and works before any script runs; without one the list holds the restaurants nearest the
 * site's default map centre, which the page replaces by those near the visitor's preferred
 * restaurant or shared position once it knows them.
 */
export const locationsMapPage = definePageType({
  name: LOCATIONS_MAP_PAGE_TYPE,
  label: 'Locations map',
  template: 'locations map',
  fields: z.object({}),
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(_page, _fields, context): Promise<LocationsMapProps> {
    const query = (context.query.q ?? '').trim().slice(0, QUERY_MAX_LENGTH);
    const origin = searchedPoint(query, context.query);
    const searched = query !== '' || origin !== null;
    if (searched && !origin) return { query, origin, searched, locations: [] };
    const around = origin ?? (await getSiteSettings(context.db, context.site.id, context.logger)).mapDefaultCenter;
    const { locations } = await findNearestLocations(
      context.db,
      {
        latitude: around.lat,
        longitude: around.lng,
        radiusMiles: MAP_SEARCH_AREA.radius,
        limit: MAP_SEARCH_AREA.limit,
      },
      context.now,
    );
    return { query, origin, searched, locations };
  },
});
