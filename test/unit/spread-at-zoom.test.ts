import { expect } from 'chai';
import { spreadAtZoom, worldPixel, worldPoint } from '../../client/lib/offline-map/spread-at-zoom';

const ROOM = { width: 31, height: 47 };
const ZOOMS = [4, 8, 10, 12.5, 16, 20];

// Whether two pins drawn at a zoom keep a whole pin's room between them.
function apart(a: { lat: number; lng: number }, b: { lat: number; lng: number }, zoom: number): boolean {
  const [pa, pb] = [worldPixel(a, zoom), worldPixel(b, zoom)];
  return Math.abs(pa.x - pb.x) >= ROOM.width - 1e-6 || Math.abs(pa.y - pb.y) >= ROOM.height - 1e-6;
}

describe('spreading pins on a web map at its zoom', () => {
  it('gives restaurants at one spot, or a street apart, distinct pins at every zoom', () => {
    const sameSpot = [
      { lat: 61.2181, lng: -149.9003 },
      { lat: 61.2181, lng: -149.9003 },
      { lat: 61.2182, lng: -149.9001 },
      { lat: 61.2181, lng: -149.9003 },
    ];
    for (const zoom of ZOOMS) {
      const spread = spreadAtZoom(sameSpot, zoom, ROOM);
      expect(spread).to.have.length(sameSpot.length);
      for (let a = 0; a < spread.length; a++) {
        for (let b = a + 1; b < spread.length; b++) expect(apart(spread[a]!, spread[b]!, zoom), `pins ${a} and ${b} at zoom ${zoom}`).to.equal(true);
      }
    }
  });

  it('keeps every pin exactly at its restaurant when none overlaps', () => {
    const apartCities = [
      { lat: 47.6062, lng: -122.3321 },
      { lat: 39.7392, lng: -104.9903 },
      { lat: 25.7617, lng: -80.1918 },
    ];
    for (const zoom of ZOOMS) expect(spreadAtZoom(apartCities, zoom, ROOM)).to.deep.equal(apartCities);
  });

  it('moves same-spot pins closer to their restaurant as the map zooms in', () => {
    const pair = [
      { lat: 40.7128, lng: -74.006 },
      { lat: 40.7128, lng: -74.006 },
    ];
    const offset = (zoom: number) => Math.abs(spreadAtZoom(pair, zoom, ROOM)[0]!.lng - pair[0]!.lng);
    expect(offset(16)).to.be.below(offset(10));
    expect(offset(10)).to.be.below(offset(4));
  });

  it('turns a map pixel back into the point it shows', () => {
    const point = { lat: -33.8688, lng: 151.2093 };
    const back = worldPoint(worldPixel(point, 11), 11);
    expect(back.lat).to.be.closeTo(point.lat, 1e-9);
    expect(back.lng).to.be.closeTo(point.lng, 1e-9);
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).to.deep.equal({ x: 128, y: 128 });
  });
});
