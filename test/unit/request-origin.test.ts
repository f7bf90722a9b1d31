import { expect } from 'chai';
import express from 'express';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { requestOrigin, type TrustProxy } from '../../server/request-origin';

/** A request from `peer` with `headers`, as the server's socket would give it. */
function incoming(peer: string, headers: Record<string, string>): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: peer });
  return { socket, headers } as unknown as IncomingMessage;
}

/** What Express's own getters answer for the same request under the same trust proxy setting. */
function expressAnswers(trustProxy: string | boolean, req: IncomingMessage) {
  const app = express();
  app.set('trust proxy', trustProxy);
  const routed = Object.setPrototypeOf({ socket: req.socket, headers: req.headers }, app.request) as express.Request;
  return { protocol: routed.protocol, host: routed.host, secure: routed.secure };
}

describe('the origin a request was made for, without Express', () => {
  const cases: Array<[string, string | boolean, string, Record<string, string>]> = [
    ['a direct request', false, '203.0.113.9', { host: 'redharbor.example' }],
    ['forwarded headers from a peer not trusted', 'loopback', '203.0.113.9', { host: 'redharbor.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' }],
    ['forwarded headers from a trusted proxy', 'loopback', '127.0.0.1', { host: 'internal:8000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'redharbor.example' }],
    ['lists of forwarded values', true, '10.0.0.2', { host: 'internal', 'x-forwarded-proto': 'https , http', 'x-forwarded-host': 'redharbor.example , cdn.example' }],
    ['a trusted proxy that forwards nothing', true, '10.0.0.2', { host: 'redharbor.example' }],
    ['no Host at all', false, '203.0.113.9', {}],
  ];
  for (const [name, trustProxy, peer, headers] of cases) {
    it(`answers as Express does for ${name}`, () => {
      const req = incoming(peer, headers);
      const app = express();
      app.set('trust proxy', trustProxy);
      const origin = requestOrigin(req, app.get('trust proxy fn') as TrustProxy);
      expect(origin).to.deep.equal(expressAnswers(trustProxy, req));
    });
  }

  it('believes a forwarded https only from a trusted proxy', () => {
    const headers = { host: 'redharbor.example', 'x-forwarded-proto': 'https' };
    const trustLoopback = (address: string | undefined) => address === '127.0.0.1';
    expect(requestOrigin(incoming('127.0.0.1', headers), trustLoopback)).to.deep.equal({ protocol: 'https', host: 'redharbor.example', secure: true });
    expect(requestOrigin(incoming('198.51.100.4', headers), trustLoopback)).to.deep.equal({ protocol: 'http', host: 'redharbor.example', secure: false });
  });
});
