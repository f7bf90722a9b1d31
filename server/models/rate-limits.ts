import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { compiledOnce, type Slots } from '../db/compiled-once';
import type { Db } from '../db/database';

/** One limit: at most `max` hits per `windowSeconds` for one client in one bucket. */
export interface RateLimitRule {
  bucket: string;
  max: number;
  windowSeconds: number;
}

/** Whether a hit is allowed, and when the client may try again if not. */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One more hit of a client in a window; the window's hits so far. */
const countHit = compiledOnce((db: Db, hit: Slots<{ bucket: string; clientKey: string; windowStart: Date }>) =>
  db
    .insertInto('rate_limit_hits')
    .values({ bucket: hit.bucket, client_key: hit.clientKey, window_start: hit.windowStart, hits: 1 })
    .onConflict((conflict) => conflict.columns(['bucket', 'client_key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }))
    .returning('hits'),
);

/**
 * Counts a hit in the current fixed window with one upsert, so every process sharing the
 * database agrees on the count; refuses once the window's count passes the rule's maximum.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, clientKey: string, now: Date): Promise<RateLimitDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await countHit(db, { bucket: rule.bucket, clientKey, windowStart });
  if (!row) throw new Error('Counting a rate-limit hit returned no row.');
  // The first hit of a window is when earlier windows of this limit stop mattering, for every
  // client: deleting them here keeps the table at about one window's worth of rows.
  if (row.hits === 1) await db.deleteFrom('rate_limit_hits').where('bucket', '=', rule.bucket).where('window_start', '<', windowStart).execute();
  if (row.hits <= rule.max) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)) };
}

/**
 * An email address as a rate-limit key: a keyed hash of its normalized form, so limits per
 * address do not leave a list of who asked in the counters.
 */
export function emailAddressKey(secret: string, email: string): string {
  return createHmac('sha256', `rate-limit-address:${secret}`).update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
