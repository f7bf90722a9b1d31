import { expect } from 'chai';
import express from 'express';
import session, { MemoryStore, type SessionData } from 'express-session';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { storeSessionBeforeRedirect } from '../../server/sessions';

/** A store that takes its time to write, as a database under load does. */
class SlowStore extends MemoryStore {
  override set(sid: string, data: SessionData, callback?: (error?: unknown) => void): void {
    setTimeout(() => super.set(sid, data, callback), 150);
  }
}

/**
 * POSTs and calls `atHeaders` the moment the status line and headers arrive, which is when a
 * browser starts following a redirect; resolves with the status once the response is done.
 */
function postWatchingHeaders(port: number, path: string, atHeaders: (headers: http.IncomingHttpHeaders) => Promise<void>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST' }, (res) => {
      atHeaders(res.headers).then(() => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }, reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('session redirects', () => {
  async function serve(withFix: boolean) {
    const store = new SlowStore();
    const app = express();
    app.use(session({ secret: 'test-secret', resave: false, saveUninitialized: false, store }));
    if (withFix) app.use(storeSessionBeforeRedirect);
    app.post('/sign-in', (req, res) => {
      req.session.userId = 42;
      res.redirect(303, '/next');
    });
    app.post('/anonymous', (_req, res) => res.redirect(303, '/next'));
    const server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    const stored = () => new Promise<number>((resolve) => store.length((_error, length) => resolve(length ?? 0)));
    return { port, stored, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('stores what a request put in the session before its redirect is sent', async () => {
    const fixed = await serve(true);
    let storedAtHeaders = -1;
    const status = await postWatchingHeaders(fixed.port, '/sign-in', async () => {
      storedAtHeaders = await fixed.stored();
    });
    expect(status).to.equal(303);
    expect(storedAtHeaders).to.equal(1);
    // A session holding nothing is still not stored, and sets no cookie.
    let cookie: unknown = 'unset';
    await postWatchingHeaders(fixed.port, '/anonymous', async (headers) => {
      cookie = headers['set-cookie'];
    });
    expect(cookie).to.equal(undefined);
    expect(await fixed.stored()).to.equal(1);
    await fixed.close();
  });

  it('is needed: without it the redirect leaves before the session is stored', async () => {
    const plain = await serve(false);
    let storedAtHeaders = -1;
    await postWatchingHeaders(plain.port, '/sign-in', async () => {
      storedAtHeaders = await plain.stored();
    });
    expect(storedAtHeaders).to.equal(0);
    await plain.close();
  });
});
