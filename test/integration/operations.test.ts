import { expect } from 'chai';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { healthRouter } from '../../server/views/health';
import { request, startTestServer, type TestServer } from '../support/server';

describe('operations routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('reports every health check at /api/ht/ and one subset at /api/ht/{subset}/', async () => {
    for (const path of ['/api/ht/', '/api/ht', '/api/ht/database/', '/api/ht/database']) {
      const response = await request(server, path);
      expect(response.status, path).to.equal(200);
      expect(response.json()).to.deep.equal({ status: 'ok', checks: { database: { status: 'ok' } } });
    }
    const unknown = await request(server, '/api/ht/nonsense/');
    expect(unknown.status).to.equal(404);
    expect(unknown.json<{ error: string }>().error).to.equal('Unknown health check: nonsense');
  });

  it('answers 503 naming the failing check', async () => {
    const app = express().use(
      healthRouter({
        database: async () => {
          throw new Error('connection refused');
        },
        cache: async () => {},
      }),
    );
    const listening = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => listening.once('listening', resolve));
    try {
      const response = await request({ port: (listening.address() as AddressInfo).port }, '/api/ht/');
      expect(response.status).to.equal(503);
      expect(response.json()).to.deep.equal({
        status: 'error',
        checks: { database: { status: 'error', error: 'connection refused' }, cache: { status: 'ok' } },
      });
    } finally {
      listening.close();
    }
  });

  it('answers the load balancer while the process can serve', async () => {
    const response = await request(server, '/admin/load-balancer-ht/');
    expect(response.status).to.equal(200);
    expect(response.body).to.equal('OK');
  });

  it('hands out a CSRF token and refuses an unsafe request without it', async () => {
    const tokenResponse = await request(server, '/api-nc/csrftoken/');
    const { csrf_token: token } = tokenResponse.json<{ csrf_token: string }>();
    const cookie = String(tokenResponse.headers['set-cookie']).split(';')[0]!;
    expect(cookie).to.equal(`csrftoken=${token}`);

    const refused = await request(server, '/api-nc/csrftoken/', { method: 'POST', headers: { accept: 'application/json' } });
    expect(refused.status).to.equal(403);
    expect(refused.json<{ error: string }>().error).to.match(/CSRF/);

    const mismatched = await request(server, '/api-nc/csrftoken/', { method: 'POST', headers: { cookie, 'x-csrftoken': 'forged.token' } });
    expect(mismatched.status).to.equal(403);

    const accepted = await request(server, '/nowhere/', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: `csrfmiddlewaretoken=${token}`,
    });
    // The token passes; nothing handles POST at this address, so it is a plain 404.
    expect(accepted.status).to.equal(404);
  });

  it('serves built assets content-hashed and immutable', async () => {
    const page = await request(server, '/error-pages/404/');
    const entry = /<script type="module" src="(\/static\/dist\/entry-[A-Z0-9]+\.js)"/.exec(page.body)?.[1];
    expect(entry).to.be.a('string');
    const asset = await request(server, entry!);
    expect(asset.status).to.equal(200);
    expect(asset.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    const preloads = [...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
    expect(preloads.some((href) => /\/Error404-[A-Z0-9]+\.js$/.test(href!))).to.equal(true);
    expect(preloads.some((href) => /\/HomePage-/.test(href!))).to.equal(false);
    const missing = await request(server, '/static/dist/entry-NOPE.js');
    expect(missing.status).to.equal(404);
  });
});
