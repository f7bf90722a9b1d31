import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Response } from 'express';
import type { Logger } from 'pino';
import { requestOrigin, type RequestOrigin, type TrustProxy } from './request-origin';

/**
 * A request as the handlers answering before the router see it: Node's own request and
 * response, without Express's methods, and what Express would have worked out from them.
 * Giving them Express's prototypes (as Express does for every request it routes) halves the rate
 * at which a kept page is answered: Node's own response code then runs on objects it was not
 * optimized for.
 */
export interface EarlyRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The address's path, as Express's req.path: '/press/'. */
  path: string;
  /** The address's query with its '?', or ''. */
  search: string;
  /** Scheme and Host, a trusted proxy's when the app trusts it (TRUST_PROXY), as Express's req.protocol and req.host. */
  origin: RequestOrigin;
  /** What the router's handlers find in res.locals if the request is passed on. */
  locals: Response['locals'];
}

/** Answers a request, or calls `next` to pass it on to the next handler and then the app. */
export type EarlyHandler = (early: EarlyRequest, next: () => void) => unknown;

/** What Express's own types leave out: the method `app.listen`'s server calls for every request. */
interface RoutedApp {
  handle(req: IncomingMessage, res: ServerResponse, callback?: NextFunction): void;
}

/**
 * Lets `handlers` answer each request before the app's router: what they answer (kept pages,
 * cached locator reads) skips the router's walk and Express's per-request set-up; what they pass
 * on goes through the app as before, with the locals they left. While `databaseAdmits` says no
 * (database-gate.ts), every request goes straight to the app, whose gate answers 503: the
 * handlers read the database, or answer what it kept, which may no longer be what it holds.
 */
export function answerBeforeRouting(app: Express, handlers: readonly EarlyHandler[], logger: Logger, databaseAdmits: () => boolean = () => true): void {
  const routedApp = app as unknown as RoutedApp;
  const routed = routedApp.handle.bind(app);
  const trust = app.get('trust proxy fn') as TrustProxy;
  function route(early: EarlyRequest, callback: NextFunction | undefined): void {
    (early.res as ServerResponse & { locals?: Response['locals'] }).locals = early.locals;
    routed(early.req, early.res, callback);
  }
  // No closure is made per request beyond each handler's `next`: this runs for every request.
  function answerFrom(index: number, early: EarlyRequest, callback: NextFunction | undefined): void {
    const handler = handlers[index];
    if (!handler) return route(early, callback);
    let passedOn = false;
    try {
      const answer: unknown = handler(early, () => {
        passedOn = true;
        answerFrom(index + 1, early, callback);
      });
      if (answer instanceof Promise) answer.catch((error: unknown) => failed(error, passedOn, early, callback));
    } catch (error) {
      failed(error, passedOn, early, callback);
    }
  }
  function failed(error: unknown, passedOn: boolean, early: EarlyRequest, callback: NextFunction | undefined): void {
    logger.error({ err: error, url: early.req.url }, 'Answering before the router failed');
    if (early.res.headersSent) early.res.destroy();
    else if (!passedOn) route(early, callback);
  }
  routedApp.handle = (req, res, callback) => {
    const url = req.url ?? '';
    // An absolute-form or '*' target is the app's to answer.
    if (!url.startsWith('/') || !databaseAdmits()) return routed(req, res, callback);
    const queryStart = url.indexOf('?');
    const early: EarlyRequest = {
      req,
      res,
      path: queryStart < 0 ? url : url.slice(0, queryStart),
      search: queryStart < 0 ? '' : url.slice(queryStart),
      origin: requestOrigin(req, trust),
      locals: Object.create(null) as Response['locals'],
    };
    answerFrom(0, early, callback);
  };
}
