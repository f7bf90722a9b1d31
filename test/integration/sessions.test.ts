import { expect } from 'chai';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionMiddleware } from '../../server/sessions';
import { testDb } from '../support/database';
import { testConfig } from '../support/server';

describe('sessions made only when a request needs one', () => {
  let server: Server;
  let baseUrl: string;

  before(async () => {
    const app = express();
    app.use(sessionMiddleware(testConfig(), await testDb()));
    // What a handler sees of its session, and whether it can store something in it.
    const describeSession: express.RequestHandler = (req, res) => {
      const session = { named: req.sessionID !== undefined, savable: typeof req.session.save === 'function', userId: req.session.userId };
      try {
        req.session.passedViewRestrictions = [7];
        res.json({ ...session, stored: true });
      } catch (error) {
        res.json({ ...session, stored: false, error: error instanceof Error ? error.name : String(error) });
      }
    };
    app.get(['/page/', '/wagtail/'], describeSession);
    app.post(['/page/', '/api/waitlist/', '/API/reservations/'], describeSession);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  it('gives a page read without a session cookie an empty session that refuses to store anything, and sets no cookie', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(`${baseUrl}/page/`, { method });
      expect(response.headers.get('set-cookie')).to.equal(null);
      if (method === 'GET') expect(await response.json()).to.deep.equal({ named: false, savable: false, stored: false, error: 'TypeError' });
    }
  });

  it('gives an API call without a session cookie the same empty session, whatever its method, and sets no cookie', async () => {
    for (const path of ['/api/waitlist/', '/API/reservations/']) {
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST' });
      expect(response.headers.get('set-cookie')).to.equal(null);
      expect(await response.json()).to.deep.equal({ named: false, savable: false, stored: false, error: 'TypeError' });
    }
  });

  it('makes a real session for a POST, for the admin and for a visitor whose cookie names one', async () => {
    const posted = await fetch(`${baseUrl}/page/`, { method: 'POST' });
    expect(await posted.json()).to.include({ named: true, savable: true, stored: true });
    const cookie = posted.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).to.match(/^sessionid=/);

    for (const admin of ['/wagtail/', '/WAGTAIL/']) {
      expect(await (await fetch(`${baseUrl}${admin}`)).json()).to.include({ named: true, savable: true, stored: true });
    }

    const returning = await fetch(`${baseUrl}/page/`, { headers: { cookie: `theme=dark; ${cookie}` } });
    expect(await returning.json()).to.include({ named: true, savable: true, stored: true });
    const calling = await fetch(`${baseUrl}/api/waitlist/`, { method: 'POST', headers: { cookie } });
    expect(await calling.json()).to.include({ named: true, savable: true, stored: true });
  });
});
