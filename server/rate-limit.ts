import { createHmac } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { TooManyRequestsError } from './errors';
import { hitRateLimit, type RateLimitRule } from './models/rate-limits';

/**
 * A visitor's address as a keyed hash: stable enough to count one sender's posts and to spot a
 * flood in stored submissions, without keeping the address itself.
 */
export function hashClientAddress(secret: string, req: Pick<Request, 'ip'>): string {
  return createHmac('sha256', secret)
    .update(`client:${req.ip ?? 'unknown'}`)
    .digest('hex')
    .slice(0, 32);
}

/** Options of a per-IP rate limit on one public form. */
export interface RateLimitOptions {
  db: Db;
  /** The app's clock: the window a hit counts in is the clock's, so tests that fix it fix the window. */
  clock: Clock;
  secret: string;
  rule: RateLimitRule;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a client's POST (or other change: PUT, PATCH, DELETE) with 429 and Retry-After once
 * it passed the rule's maximum in the current window. Counters live in the database so every
 * process agrees; reads pass.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  return async function rateLimitChanges(req, _res, next) {
    if (!READS.has(req.method)) await checkRateLimit(options, req);
    next();
  };
}

/**
 * Refuses a client with 429 and Retry-After once it passed the rule's maximum with requests of
 * any method: for lookups by a code, where every read is a guess.
 */
export function rateLimitEveryRequest(options: RateLimitOptions): RequestHandler {
  return async function rateLimitRequests(req, _res, next) {
    await checkRateLimit(options, req);
    next();
  };
}

/** Counts a request of this client against the rule; throws TooManyRequestsError (answered with Retry-After) past the maximum. */
export async function checkRateLimit({ db, clock, secret, rule }: RateLimitOptions, client: Pick<Request, 'ip'>): Promise<void> {
  const decision = await hitRateLimit(db, rule, hashClientAddress(secret, client), clock());
  if (!decision.allowed) throw new TooManyRequestsError(decision.retryAfterSeconds);
}
