import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How many failures each kind of key may have in one window before it is locked out. */
export const LOGIN_FAILURE_LIMITS: LoginFailureLimits = { pair: 5, ip: 20 };

/**
 * Failures allowed per window before a lockout: `pair` wrong guesses at one account (or page
 * password) from one address, and `ip` accounts (or page passwords) one address guessed wrong.
 */
export interface LoginFailureLimits {
  pair: number;
  ip: number;
}

/** The length of a failure window, and of the lockout that follows too many failures. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The throttle keys of one guess at a secret: a sign-in, or a page password. */
export interface LoginAttemptKeys {
  /**
   * What is being guessed from where: one account (or page password) from one address, as
   * django-axes counts by default, so guesses from elsewhere cannot lock its owner out.
   */
  pair: string;
  /** Where the guess comes from: its spray guard counts the secrets it guessed wrong, sign-ins and page passwords alike. */
  ip: string;
}

/** The keys under which failures of this username from this address are counted. */
export function loginAttemptKeys(username: string, ip: string): LoginAttemptKeys {
  return attemptKeys(`account:${username.trim().toLowerCase()}`, ip);
}

/** The keys under which wrong passwords for one view restriction from this address are counted. */
export function pagePasswordAttemptKeys(restrictionId: number, ip: string): LoginAttemptKeys {
  return attemptKeys(`view-restriction:${restrictionId}`, ip);
}

/** The throttle keys of a collection's password: per collection restriction and address, and per address. */
export function collectionPasswordAttemptKeys(restrictionId: number, ip: string): LoginAttemptKeys {
  return attemptKeys(`collection-view-restriction:${restrictionId}`, ip);
}

function attemptKeys(secret: string, ip: string): LoginAttemptKeys {
  // The address goes first: it never holds '|', so no username can make one pair's key another's.
  return { pair: `ip:${ip}|${secret}`, ip: `ip:${ip}` };
}

/**
 * Counts one attempt before its password is checked, in single upserts, so processes sharing
 * the database agree and guesses arriving together cannot all pass a check made before any of
 * them was counted. The pair counts every attempt; the address counts a secret once, at its
 * first failure in the pair's window. Answers whether the attempt must be refused unchecked:
 * a key is locked out for one window once its count reaches the limit, and the attempt that
 * reaches it is the last one checked.
 */
export async function claimLoginAttempt(db: Db, keys: LoginAttemptKeys, now: Date, limits: LoginFailureLimits = LOGIN_FAILURE_LIMITS): Promise<{ throttled: boolean }> {
  const pair = await countAttempt(db, keys.pair, limits.pair, now);
  const address = pair.failures === 1 ? await countAttempt(db, keys.ip, limits.ip, now) : await lockoutOf(db, keys.ip, now);
  return { throttled: pair.throttled || address.throttled };
}

/**
 * Forgets a right guess: the pair's failures are gone, and the address no longer counts the
 * secret as one it guessed wrong, lifting a lockout that secret started.
 */
export async function forgetLoginAttempt(db: Db, keys: LoginAttemptKeys, limits: LoginFailureLimits = LOGIN_FAILURE_LIMITS): Promise<void> {
  const pair = await db.deleteFrom('login_failures').where('key', '=', keys.pair).returning('window_started_at').executeTakeFirst();
  if (!pair) return;
  await db
    .updateTable('login_failures')
    .set({
      failures: sql<number>`greatest(failures - 1, 0)`,
      locked_until: sql<Date | null>`case when failures - 1 >= ${limits.ip}::integer then locked_until else null end`,
    })
    .where('key', '=', keys.ip)
    // An address window begun after the pair's first failure never counted it.
    .where('window_started_at', '<=', pair.window_started_at)
    .execute();
}

/** Adds one to a key's count in its window; throttled when it was locked before or passed the limit. */
async function countAttempt(db: Db, key: string, limit: number, now: Date): Promise<{ failures: number; throttled: boolean }> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const lockedUntil = new Date(now.getTime() + LOGIN_WINDOW_MS);
  const row = await db
    .insertInto('login_failures')
    .values({ key, failures: 1, window_started_at: now, locked_until: limit <= 1 ? lockedUntil : null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when login_failures.window_started_at < ${windowStart}::timestamptz then 1 else login_failures.failures + 1 end`,
        window_started_at: sql<Date>`case when login_failures.window_started_at < ${windowStart}::timestamptz then ${now}::timestamptz else login_failures.window_started_at end`,
        // A lockout in force is kept as it is, so only the attempt that starts one returns its own end.
        locked_until: sql<Date | null>`case
          when login_failures.locked_until > ${now}::timestamptz then login_failures.locked_until
          when login_failures.window_started_at >= ${windowStart}::timestamptz and login_failures.failures + 1 >= ${limit}::integer then ${lockedUntil}::timestamptz
          else login_failures.locked_until end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  const lockedBefore = row.locked_until !== null && new Date(row.locked_until) > now && new Date(row.locked_until).getTime() !== lockedUntil.getTime();
  return { failures: row.failures, throttled: lockedBefore || row.failures > limit };
}

/** Whether a key is locked out now, counting nothing. */
async function lockoutOf(db: Db, key: string, now: Date): Promise<{ throttled: boolean }> {
  const row = await db.selectFrom('login_failures').select('locked_until').where('key', '=', key).executeTakeFirst();
  return { throttled: row?.locked_until != null && new Date(row.locked_until) > now };
}
