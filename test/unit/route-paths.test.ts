import { expect } from 'chai';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { onlyUnder } from '../../server/views/route-paths';

describe('routers only for their own addresses', () => {
  /** Which of `paths` the gated handler was given; the others went straight on. */
  function handled(prefixes: string[], paths: string[]): string[] {
    const seen: string[] = [];
    const handler: RequestHandler = (req) => void seen.push(req.path);
    const gated = onlyUnder(prefixes, handler);
    for (const path of paths) {
      let passedOn = false;
      gated({ path } as Request, {} as Response, (() => void (passedOn = true)) as NextFunction);
      expect(passedOn).to.equal(!seen.includes(path), path);
    }
    return seen;
  }

  it('hands a router the paths under its prefixes, in any case as Express routes match, and passes every other on', () => {
    expect(handled(['/api/waitlist', '/robots.txt'], ['/api/waitlist/', '/API/Waitlist/abc/', '/robots.txt', '/robotsXtxt', '/press/', '/api/reservations/'])).to.deep.equal([
      '/api/waitlist/',
      '/API/Waitlist/abc/',
      '/robots.txt',
    ]);
  });
});
