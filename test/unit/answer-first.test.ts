import { expect } from 'chai';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { answerBeforeRouting, type EarlyHandler } from '../../server/answer-first';

describe('answers before the router', () => {
  let server: Server;
  let baseUrl: string;
  const routed: string[] = [];
  const logged: string[] = [];

  before(async () => {
    const app = express();
    const kept: EarlyHandler = ({ res, path, search, origin, locals }, next) => {
      if (path === '/kept/') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(`kept for ${origin.protocol}://${origin.host} with ${search}`);
      if (path === '/thrown/') throw new Error('key could not be made');
      locals.seenFirst = true;
      next();
    };
    const failing: EarlyHandler = async ({ path }, next) => {
      await Promise.resolve();
      if (path === '/broken/') throw new Error('cache lookup failed');
      next();
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app.use((req, _res, next) => {
      routed.push(req.path);
      next();
    });
    app.get('/{*path}', (req, res) => res.json({ path: req.path, seenFirst: res.locals.seenFirst === true }));
    answerBeforeRouting(app, [kept, failing], pino({ level: 'error' }, sink));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  it('answers what the first handlers answer without the router, given the address’s path, query and origin', async () => {
    const response = await fetch(`${baseUrl}/kept/?b=1&a=2`);
    expect(await response.text()).to.equal(`kept for http://${new URL(baseUrl).host} with ?b=1&a=2`);
    expect(routed).to.not.include('/kept/');
  });

  it('passes everything else to the app, with what the first handlers left in res.locals', async () => {
    expect(await (await fetch(`${baseUrl}/press/?page=2`)).json()).to.deep.equal({ path: '/press/', seenFirst: true });
    expect(routed).to.include('/press/');
  });

  it('passes a request on to the app when a first handler fails, and logs why', async () => {
    expect(await (await fetch(`${baseUrl}/broken/`)).json()).to.deep.equal({ path: '/broken/', seenFirst: true });
    expect(logged.join('')).to.include('cache lookup failed');
    expect(await (await fetch(`${baseUrl}/thrown/`)).json()).to.deep.equal({ path: '/thrown/', seenFirst: false });
    expect(logged.join('')).to.include('key could not be made');
  });
});
