import { expect } from 'chai';
import { request, startTestServer, type TestServer } from '../support/server';

interface GeocodeBody {
  results: { geometry: { location: { lat: number; lng: number } }; formatted_address: string }[];
}

describe('geocode API', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const geocode = (q: string, path = '/api/location/geocode/') => request(server, `${path}?${new URLSearchParams({ q }).toString()}`);

  it('answers a found place shaped like a maps geocoder result, cacheable for a day', async () => {
    const response = await geocode('Portland, ME');
    expect(response.status).to.equal(200);
    expect(response.headers['cache-control']).to.equal('public, max-age=86400');
    const body = response.json<GeocodeBody>();
    expect(body.results).to.have.length(1);
    const [result] = body.results;
    expect(result!.formatted_address).to.equal('Portland, ME');
    expect(result!.geometry.location.lat).to.be.closeTo(43.66, 0.1);
    expect(result!.geometry.location.lng).to.be.closeTo(-70.26, 0.1);
  });

  it('answers an empty list for an unknown place', async () => {
    const response = await geocode('Nowhere, ZZ');
    expect(response.status).to.equal(200);
    expect(response.json()).to.deep.equal({ results: [] });
  });

  it('answers 400 naming q when q is missing, blank or too long', async () => {
    for (const path of [
      '/api/location/geocode/',
      '/api/location/geocode/?q=',
      '/api/location/geocode/?q=%20%20',
      `/api/location/geocode/?q=${'a'.repeat(101)}`,
      '/api/location/geocode/?q=a&q=b',
    ]) {
      const response = await request(server, path);
      expect(response.status, path).to.equal(400);
      expect(response.json<{ error: string }>().error, path).to.include('q');
    }
  });

  it('takes the route with and without the trailing slash', async () => {
    for (const path of ['/api/location/geocode/', '/api/location/geocode']) {
      const response = await geocode(' 02134 ', path);
      expect(response.status, path).to.equal(200);
      const body = response.json<GeocodeBody>();
      expect(body.results[0]!.geometry.location.lat, path).to.be.closeTo(42.35, 0.1);
      expect(body.results[0]!.geometry.location.lng, path).to.be.closeTo(-71.13, 0.1);
    }
  });
});
