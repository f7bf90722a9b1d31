import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import proxyaddr from 'proxy-addr';
import type { EarlyHandler } from '../answer-first';
import type { CsrfProtection } from '../csrf';
import type { DatabaseAvailability } from '../db/database-availability';
import { errorAnswer } from '../error-handler';
import type { ReportError } from '../error-reporting';
import { ValidationError } from '../errors';
import { holdsNul, inputRefusal } from '../input-guard';
import { checkRateLimit, type RateLimitOptions } from '../rate-limit';
import { redactRequestUrl } from '../redact-request-url';
import { logWhenDone } from '../request-log';
import type { TrustProxy } from '../request-origin';
import type { SecurityHeaderList } from '../security-headers';
import { SESSION_COOKIE } from '../sessions';
import { idempotencyKeyFrom } from './guest-fields';
import { joinAnswer, type JoinContext } from './waitlist-api';

/** What the joins answered before the router share with the app's own middleware and routes. */
export interface WaitlistJoinFirstOptions extends JoinContext {
  acceptsHost(host: string | undefined): Promise<boolean>;
  availability: DatabaseAvailability;
  csrf: CsrfProtection;
  /** The app's cookie parser and JSON body parser: the same parsing, limits and refusals. */
  parseCookies: RequestHandler;
  parseJson: RequestHandler;
  /** The wait-list's limit on changes per address. */
  rateLimit: RateLimitOptions;
  /** The app's compiled `trust proxy`, for the client's address as Express's req.ip gives it. */
  trust: TrustProxy;
  security: SecurityHeaderList;
  logger: Logger;
  reportError?: ReportError;
}

const JOIN_PATHS = new Set(['/api/waitlist', '/api/waitlist/']);
/** What the app's JSON parser reads; another type goes to the app, whose other parsers may take it. */
const JSON_CONTENT_TYPE = /^application\/json\s*(?:;|$)/i;

/** Runs an Express middleware that only reads and sets the request's own fields on a request before the router. */
function run(middleware: RequestHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    void middleware(req as Request, res as Response, (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()));
  });
}

/**
 * Wait-list joins answered as the app's first handlers, as kept pages are: a join is the one post
 * a restaurant's guests send in bursts, all at one location's lock, and Express's routing and
 * per-request set-up were half of the app's time a join. Only a join of a visitor without a
 * session is taken, with a JSON body, for a host the app serves, while the database is up and
 * with a valid CSRF token in its header: all of that is known before the body is read, and
 * anything else goes on to the app untouched, whose routes answer it. A join taken is answered
 * as the app's routes would: the same body parser, NUL check, rate limit, join and error answers.
 */
export function waitlistJoinFirst(options: WaitlistJoinFirstOptions): EarlyHandler {
  const { csrf, security, logger } = options;

  function send(res: ServerResponse, secure: boolean, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const json = JSON.stringify(body);
    const list = [...(secure ? security.https : security.http), ...Object.entries({ 'Cache-Control': 'no-store', ...headers }).flat()];
    res.writeHead(status, [...list, 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(Buffer.byteLength(json))]);
    res.end(json);
  }

  async function taken(req: IncomingMessage & { cookies?: Record<string, string> }, res: ServerResponse, host: string | undefined): Promise<boolean> {
    if (!(await options.acceptsHost(host))) return false;
    await run(options.parseCookies, req, res);
    return !holdsNul(req.cookies) && csrf.headerTokenValid(req as IncomingMessage & { cookies: Record<string, string> });
  }

  async function join(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<{ status: number; body: unknown }> {
    await run(options.parseJson, req, res);
    const refusal = inputRefusal(req.body);
    if (refusal) throw new ValidationError(refusal);
    await checkRateLimit(options.rateLimit, { ip: proxyaddr(req, options.trust) });
    const key = req.headers['idempotency-key'];
    return joinAnswer(options, req.body, idempotencyKeyFrom(Array.isArray(key) ? key.join(', ') : key));
  }

  return async ({ req, res, path, search, origin }, next) => {
    if (req.method !== 'POST' || !JOIN_PATHS.has(path) || search !== '' || !JSON_CONTENT_TYPE.test(req.headers['content-type'] ?? '')) return next();
    if (SESSION_COOKIE.test(req.headers.cookie ?? '')) return next();
    let ours: boolean;
    try {
      ours = await taken(req, res, origin.host);
    } catch {
      ours = false;
    }
    if (!ours) return next();
    logWhenDone(logger, req, res);
    try {
      const answer = await join(req, res);
      send(res, origin.secure, answer.status, answer.body);
    } catch (error) {
      const { status, message, headers } = errorAnswer(error, {
        log: logger,
        url: redactRequestUrl(req.url ?? path),
        reportError: options.reportError,
        availability: options.availability,
      });
      send(res, origin.secure, status, { error: message }, headers);
    }
  };
}
