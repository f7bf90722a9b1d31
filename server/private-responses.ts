import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { SESSION_COOKIE, sessionHoldsData } from './sessions';

/** What a response for one visitor says to caches: the browser's alone, and not kept even there. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Whether a Cache-Control already keeps a response out of shared caches. */
function isPrivate(cacheControl: ReturnType<ServerResponse['getHeader']>): boolean {
  return /\b(?:private|no-store)\b/.test(String(cacheControl ?? ''));
}

/** Marks a response as one visitor's (a CSRF token in it, a cookie of theirs), unless it already is. */
export function keepPrivate(res: ServerResponse): void {
  if (!isPrivate(res.getHeader('Cache-Control'))) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
}

/** Whether what a request is answered may depend on its session: it names one, or one was started. */
function dependsOnSession(req: Request): boolean {
  return SESSION_COOKIE.test(req.headers.cookie ?? '') || sessionHoldsData(req.session);
}

/**
 * Decides, as the headers go out, that a response a shared cache (a CDN told to cache
 * everything) could hand to another visitor is private: one that sets a cookie, whatever it said
 * before, and one to a request with a session that said nothing of caching. Routes that answer
 * the same to everyone say so with their own public Cache-Control.
 */
export function privateResponses(): RequestHandler {
  return function privateResponsesHandler(req, res, next) {
    const writeHead = res.writeHead;
    // Every response goes through writeHead, called by Node itself when a handler never does;
    // middleware after this one (sessions) wraps it too, so their cookies are set before it runs.
    res.writeHead = function writeHeadPrivately(this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (res.getHeader('Set-Cookie') !== undefined) keepPrivate(res);
      else if (res.getHeader('Cache-Control') === undefined && dependsOnSession(req)) res.setHeader('Cache-Control', PRIVATE_NO_STORE);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
