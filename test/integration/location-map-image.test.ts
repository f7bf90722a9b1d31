import { expect } from 'chai';
import sharp from 'sharp';
import { offlineAtlasSchema } from '../../client/lib/offline-map/atlas';
import { MAP_IMAGE_SIZES } from '../../server/maps/map-image-urls';
import { insertLocations } from '../../server/models/locations';
import { testLocationAt, uniqueRlidBase } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('location map images', () => {
  let server: TestServer;
  const rlid = uniqueRlidBase();

  before(async () => {
    server = await startTestServer();
    await insertLocations(server.db, [
      testLocationAt(rlid, { latitude: 44.9778, longitude: -93.265 }, { address1: '800 Nicollet Mall', city: 'Minneapolis', state: 'MN', zip: '55402' }),
    ]);
  });
  after(() => server.close());

  // fetch for the bytes; conditional requests through `request`, as fetch adds 'Cache-Control: no-cache' to them.
  const get = (path: string) => fetch(`${server.baseUrl}${path}`);
  const revalidate = (path: string, etag: string) => request(server, path, { headers: { 'If-None-Match': etag } });

  for (const variant of ['mobile', 'desktop'] as const) {
    it(`draws the ${variant} image as a PNG of its size, cached with an ETag`, async () => {
      const response = await get(`/location-map/${rlid}/${variant}.png`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('image/png');
      expect(response.headers.get('cache-control')).to.equal('public, max-age=604800');
      const etag = response.headers.get('etag');
      expect(etag).to.match(/^"[\w-]+"$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).to.equal(true);
      const { width, height, format } = await sharp(bytes).metadata();
      expect({ width, height, format }).to.deep.equal({ ...MAP_IMAGE_SIZES[variant], format: 'png' });

      expect((await revalidate(`/location-map/${rlid}/${variant}.png`, etag!)).status).to.equal(304);
    });
  }

  it('draws the land and the pin, not an empty picture', async () => {
    const bytes = Buffer.from(await (await get(`/location-map/${rlid}/desktop.png`)).arrayBuffer());
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    // The pin's red body sits just above the middle; the land colour is at a corner.
    const pinBody = pixel(info.width / 2, info.height / 2 - 10);
    expect(pinBody[0]).to.be.greaterThan(150);
    expect(pinBody[1]).to.be.lessThan(80);
    expect(pixel(4, 4)).to.deep.equal([0xf5, 0xef, 0xe4]);
  });

  it('answers 404 for an unknown restaurant or variant and 400 for a malformed id', async () => {
    expect((await get(`/location-map/${rlid + 1}/mobile.png`)).status).to.equal(404);
    expect((await get(`/location-map/${rlid}/tablet.png`)).status).to.equal(404);
    expect((await get(`/location-map/${rlid}/mobile.jpg`)).status).to.equal(404);
    expect((await get('/location-map/abc/mobile.png')).status).to.equal(400);
    expect((await get('/location-map/-5/mobile.png')).status).to.equal(400);
  });

  it('serves the offline atlas with the states, the neighbours and city labels', async () => {
    const response = await get('/location-map/atlas.json');
    expect(response.status).to.equal(200);
    const atlas = offlineAtlasSchema.parse(await response.json());
    expect(Object.keys(atlas.states.objects)).to.include('states');
    expect(Object.keys(atlas.countries.objects)).to.deep.equal(['countries']);
    expect(atlas.cities.map((city) => city.name)).to.include.members(['Toronto', 'Chicago']);
    expect((await revalidate('/location-map/atlas.json', response.headers.get('etag')!)).status).to.equal(304);
  });
});
