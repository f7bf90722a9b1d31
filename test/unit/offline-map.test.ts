import { expect } from 'chai';
import type { Topology } from 'topojson-specification';
import { atlasShapeSteps, atlasShapes, subsetTopology, type OfflineAtlas } from '../../client/lib/offline-map/atlas';
import { atlasPathSteps, atlasPaths, placeCities } from '../../client/lib/offline-map/draw';
import { centredMercator, fitMercator, isInside, panOffsetTo, projectPoint } from '../../client/lib/offline-map/projection';
import { haversineMiles } from '../../server/models/locations';
import { ByteLruCache } from '../../server/maps/byte-lru-cache';

const SIZE = { width: 800, height: 500 };

// Two squares sharing an edge (arc 1) and a third far away, as TopoJSON.
const TOPOLOGY: Topology = {
  type: 'Topology',
  arcs: [
    [
      [0, 0],
      [0, 1],
      [1, 1],
    ],
    [
      [1, 1],
      [1, 0],
    ],
    [
      [1, 0],
      [0, 0],
    ],
    [
      [1, 1],
      [2, 1],
      [2, 0],
      [1, 0],
    ],
    [
      [10, 10],
      [11, 10],
      [11, 11],
      [10, 10],
    ],
  ],
  objects: {
    countries: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', id: 'west', arcs: [[0, 1, 2]] },
        { type: 'Polygon', id: 'east', arcs: [[3, -2]] },
        { type: 'Polygon', id: 'island', arcs: [[4]] },
      ],
    },
  },
};

describe('offline map drawing', () => {
  it('fits every point inside the drawing, the padding kept', () => {
    const points = [
      { lat: 40.7, lng: -74 },
      { lat: 39.95, lng: -75.17 },
      { lat: 42.36, lng: -71.06 },
    ];
    const projection = fitMercator(points, SIZE, 50);
    for (const point of points) {
      const at = projectPoint(projection, point);
      expect(at.x).to.be.within(49.9, SIZE.width - 49.9);
      expect(at.y).to.be.within(49.9, SIZE.height - 49.9);
    }
  });

  it('does not zoom in endlessly on one restaurant', () => {
    const projection = fitMercator([{ lat: 35, lng: -90 }], SIZE, 40);
    const at = projectPoint(projection, { lat: 35, lng: -90 });
    // Mercator stretches northward, so the middle of the latitude span sits a hair off centre.
    expect(at.x).to.be.closeTo(400, 1e-6);
    expect(at.y).to.be.closeTo(250, 1);
    const edge = projectPoint(projection, { lat: 35.15, lng: -90 });
    expect(250 - edge.y).to.be.within(100, 250);
  });

  it('centres a city-scale map on the restaurant with true miles across', () => {
    const center = { lat: 44.98, lng: -93.27 };
    const projection = centredMercator(center, SIZE, 20);
    expect(projectPoint(projection, center).x).to.be.closeTo(400, 1e-6);
    const [westLng] = projection.invert!([0, 250])!;
    const [eastLng] = projection.invert!([800, 250])!;
    const miles = haversineMiles({ latitude: center.lat, longitude: westLng }, { latitude: center.lat, longitude: eastLng });
    expect(miles).to.be.closeTo(20, 0.2);
  });

  it('pans by the distance from a point to the middle', () => {
    expect(panOffsetTo({ x: 100, y: 400 }, SIZE)).to.deep.equal({ x: 300, y: -150 });
    expect(panOffsetTo({ x: 100, y: 400 }, SIZE, { x: 0.5, y: 0.75 })).to.deep.equal({ x: 300, y: -25 });
    expect(isInside({ x: -5, y: 10 }, SIZE)).to.equal(false);
    expect(isInside({ x: -5, y: 10 }, SIZE, 10)).to.equal(true);
  });

  it('keeps only the chosen geometries and their arcs, renumbered with directions kept', () => {
    const subset = subsetTopology(TOPOLOGY, 'countries', (geometry) => geometry.id !== 'west');
    expect(subset.arcs).to.deep.equal([TOPOLOGY.arcs[1], TOPOLOGY.arcs[3], TOPOLOGY.arcs[4]]);
    const geometries = (subset.objects.countries as { geometries: { id: string; arcs: unknown }[] }).geometries;
    expect(geometries.map((geometry) => [geometry.id, geometry.arcs])).to.deep.equal([
      ['east', [[1, -1]]],
      ['island', [[2]]],
    ]);
  });

  it('draws land, inner borders and outlines as path data, and places labels without overlap', () => {
    const atlas: OfflineAtlas = {
      states: { ...TOPOLOGY, objects: { states: TOPOLOGY.objects.countries! } },
      countries: subsetTopology(TOPOLOGY, 'countries', (geometry) => geometry.id === 'island'),
      cities: [
        { name: 'Big City', lat: 0.5, lng: 0.5, population: 900_000 },
        { name: 'Next Door', lat: 0.5, lng: 0.52, population: 50_000 },
        { name: 'Far Town', lat: 0.2, lng: 1.5, population: 20_000 },
        { name: 'Edge Town', lat: 0.9, lng: 2, population: 10_000 },
      ],
    };
    const shapes = atlasShapes(atlas);
    expect(shapes.land).to.have.length(4);
    // The same shapes in pieces, as the browser makes them between other work.
    const steps = atlasShapeSteps(atlas);
    let pieces = 1;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pieces += 1;
    expect(pieces).to.be.greaterThan(1);
    expect(step.value).to.deep.equal(shapes);
    const projection = fitMercator(
      [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 2 },
      ],
      SIZE,
      20,
    );
    const paths = atlasPaths(shapes, projection, SIZE, 0);
    expect(paths.land).to.match(/^M[\d.]+,[\d.]+/);
    // The shared edge is the only border between two states: one line.
    expect(paths.stateBorders.match(/M/g)).to.have.length(1);
    expect(paths.outlines).to.not.equal('');
    const placed = placeCities(atlas.cities, projection, SIZE, { max: 5 });
    // Next Door's label would cover Big City's; Edge Town's name goes left of its dot, off the edge otherwise.
    expect(placed.map((entry) => [entry.city.name, entry.side])).to.deep.equal([
      ['Big City', 'right'],
      ['Far Town', 'right'],
      ['Edge Town', 'left'],
    ]);
  });

  it('leaves out steps too short to see, and draws in pieces that add up to the whole drawing', () => {
    const projection = fitMercator(
      [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 2 },
      ],
      SIZE,
      20,
    );
    // 60 coast lines, each 200 points a hair's breadth apart (well under a pixel) and then a long step.
    const line = (index: number) => [...Array.from({ length: 200 }, (_, step) => [step * 1e-6, index * 0.01]), [1.5, index * 0.01]];
    const coast = { type: 'MultiLineString' as const, coordinates: Array.from({ length: 60 }, (_, index) => line(index)) };
    const shapes = { land: [], stateBorders: { type: 'MultiLineString' as const, coordinates: [] }, outlines: [coast], cities: [] };
    const whole = atlasPaths(shapes, projection, SIZE, 0);
    // Each line: its start and its far end, the 199 steps between them dropped.
    expect(whole.outlines.match(/[ML]/g)).to.have.length(60 * 2);
    const steps = atlasPathSteps(shapes, projection, SIZE, 0);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    expect(pauses).to.be.greaterThan(1);
    expect(step.value).to.deep.equal(whole);
  });

  it('keeps recently used bytes within its budget', () => {
    const cache = new ByteLruCache(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    cache.get('a');
    cache.set('c', Buffer.alloc(4));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map((value) => value?.length)).to.deep.equal([4, undefined, 4]);
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).to.equal(undefined);
    expect(cache.size).to.equal(2);
  });
});
