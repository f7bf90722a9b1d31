import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How many failures each kind of key may have in one window before it is locked out. */
export const LOGIN_FAILURE_LIMITS: LoginFailureLimits = { account: 5, ip: 20 };

/** Failures allowed per window before a lockout, per account and per address. */
export interface LoginFailureLimits {
  account: number;
  ip: number;
}

/** The length of a failure window, and of the lockout that follows too many failures. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The throttle keys of one guess at a secret: a sign-in, or a page password. */
export interface LoginAttemptKeys {
  /** What is being guessed: a user's account, or one page password (limited as an account is). */
  account: string;
  /** Where the guess comes from; one address guessing sign-ins and page passwords is one counter. */
  ip: string;
}

/** The keys under which failures of this username from this address are counted. */
export function loginAttemptKeys(username: string, ip: string): LoginAttemptKeys {
  return { account: `account:${username.trim().toLowerCase()}`, ip: ipKey(ip) };
}

/** The keys under which wrong passwords for one view restriction from this address are counted. */
export function pagePasswordAttemptKeys(restrictionId: number, ip: string): LoginAttemptKeys {
  return { account: `view-restriction:${restrictionId}`, ip: ipKey(ip) };
}

function ipKey(ip: string): string {
  return `ip:${ip}`;
}

/** Whether the account or the address is locked out now. */
export async function isLoginThrottled(db: Db, keys: LoginAttemptKeys, now = new Date()): Promise<boolean> {
  const locked = await db
    .selectFrom('login_failures')
    .select('key')
    .where('key', 'in', [keys.account, keys.ip])
    .where('locked_until', '>', now)
    .limit(1)
    .executeTakeFirst();
  return locked !== undefined;
}

/**
 * Counts one failure for the account and for the address in single upserts, so processes
 * sharing the database agree; a key over its limit is locked out for one window.
 */
export async function recordLoginFailure(db: Db, keys: LoginAttemptKeys, now = new Date(), limits: LoginFailureLimits = LOGIN_FAILURE_LIMITS): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const lockedUntil = new Date(now.getTime() + LOGIN_WINDOW_MS);
  for (const [key, limit] of [
    [keys.account, limits.account],
    [keys.ip, limits.ip],
  ] as const) {
    await db
      .insertInto('login_failures')
      .values({ key, failures: 1, window_started_at: now, locked_until: limit <= 1 ? lockedUntil : null })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_failures.window_started_at < ${windowStart}::timestamptz then 1 else login_failures.failures + 1 end`,
          window_started_at: sql<Date>`case when login_failures.window_started_at < ${windowStart}::timestamptz then ${now}::timestamptz else login_failures.window_started_at end`,
          locked_until: sql<Date | null>`case
            when login_failures.window_started_at >= ${windowStart}::timestamptz and login_failures.failures + 1 >= ${limit}::integer then ${lockedUntil}::timestamptz
            else login_failures.locked_until end`,
        }),
      )
      .execute();
  }
}

/** Forgets an account's (or a page password's) failures after a right guess; the address keeps its count. */
export async function clearLoginFailures(db: Db, keys: LoginAttemptKeys): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', keys.account).execute();
}
