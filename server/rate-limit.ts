import { createHmac } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
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
  return async function rateLimitChanges(req, res, next) {
    if (!READS.has(req.method)) await checkRateLimit(options, req, res);
    next();
  };
}

/**
 * Refuses a client with 429 and Retry-After once it passed the rule's maximum with requests of
 * any method: for lookups by a code, where every read is a guess.
 */
export function rateLimitEveryRequest(options: RateLimitOptions): RequestHandler {
  return async function rateLimitRequests(req, res, next) {
    await checkRateLimit(options, req, res);
    next();
  };
}

/** Counts this request against the rule; throws TooManyRequestsError (with Retry-After set) past the maximum. */
export async function checkRateLimit({ db, secret, rule }: RateLimitOptions, req: Request, res: Response): Promise<void> {
  const decision = await hitRateLimit(db, rule, hashClientAddress(secret, req));
  if (decision.allowed) return;
  res.set('Retry-After', String(decision.retryAfterSeconds));
  throw new TooManyRequestsError(decision.retryAfterSeconds);
}
