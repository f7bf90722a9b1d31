import { expect } from 'chai';
import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { databaseAvailability } from '../../server/db/database-availability';
import { healthRouter, type HealthRouterOptions } from '../../server/views/health';
import { request, startTestServer, type TestServer } from '../support/server';

const silent = pino({ level: 'silent' });

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

  async function listen(options: Partial<HealthRouterOptions>): Promise<{ port: number; close(): void }> {
    const app = express().use(healthRouter({ checks: {}, availability: databaseAvailability({ ping: async () => {}, logger: silent, timeoutMs: 100 }), logger: silent, ...options }));
    const listening = app.listen(0, '127.0.0.1');
    await once(listening, 'listening');
    return { port: (listening.address() as AddressInfo).port, close: () => listening.close() };
  }

  it('answers 503 naming the failing check, and tells an anonymous caller no more than its status', async () => {
    const health = await listen({
      checks: {
        database: async () => {
          throw new Error('password authentication failed for user "redharbor" at 10.0.4.12:5432');
        },
        cache: async () => {},
      },
    });
    try {
      const response = await request(health, '/api/ht/');
      expect(response.status).to.equal(503);
      expect(response.json()).to.deep.equal({ status: 'error', checks: { database: { status: 'error' }, cache: { status: 'ok' } } });
    } finally {
      health.close();
    }
  });

  it('runs each named check once and refuses a subset naming one twice or an unknown one, running none', async () => {
    let runs = 0;
    const health = await listen({
      checks: {
        database: async () => {
          runs += 1;
        },
        cache: async () => {},
      },
    });
    try {
      expect((await request(health, '/api/ht/database,cache/')).json()).to.deep.equal({ status: 'ok', checks: { database: { status: 'ok' }, cache: { status: 'ok' } } });
      expect(runs).to.equal(1);
      const repeated = await request(health, `/api/ht/${Array(1500).fill('database').join(',')}/`);
      expect(repeated.status).to.equal(400);
      expect(repeated.json<{ error: string }>().error).to.equal('Name each health check once.');
      const unknown = await request(health, `/api/ht/database,${Array(50).fill('nope').join(',')}/`);
      expect(unknown.status).to.equal(404);
      expect(unknown.json<{ error: string }>().error).to.equal('Unknown health check: nope, nope, nope, nope, nope');
      expect(runs).to.equal(1);
    } finally {
      health.close();
    }
  });

  it('answers the load balancer 200 while the database answers and 503 while it does not, answering many polls with one probe', async () => {
    let pings = 0;
    const up = await listen({
      availability: databaseAvailability({
        ping: async () => {
          pings += 1;
        },
        logger: silent,
        timeoutMs: 100,
        recheckMs: 60_000,
      }),
    });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => request(up, '/admin/load-balancer-ht/')));
      expect(answers.map((response) => `${response.status} ${response.body}`)).to.deep.equal(Array(20).fill('200 OK'));
      expect(pings).to.equal(1);
    } finally {
      up.close();
    }
    const down = await listen({ availability: databaseAvailability({ ping: () => Promise.reject(new Error('connection refused')), logger: silent, timeoutMs: 100 }) });
    try {
      const response = await request(down, '/admin/load-balancer-ht/');
      expect(response.status).to.equal(503);
      expect(response.body).to.equal('Database unavailable');
    } finally {
      down.close();
    }
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
    const preloads = [...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)" fetchpriority="low">/g)].map((match) => match[1]);
    expect(preloads.some((href) => /\/Error404-[A-Z0-9]+\.js$/.test(href!))).to.equal(true);
    expect(preloads.some((href) => /\/HomePage-/.test(href!))).to.equal(false);
    const missing = await request(server, '/static/dist/entry-NOPE.js');
    expect(missing.status).to.equal(404);
  });
});
