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

/** The throttle keys of a collection's password: per collection restriction and per address. */
export function collectionPasswordAttemptKeys(restrictionId: number, ip: string): LoginAttemptKeys {
  return { account: `collection-view-restriction:${restrictionId}`, ip: ipKey(ip) };
}

function ipKey(ip: string): string {
  return `ip:${ip}`;
}

/**
 * Counts one attempt for the account and for the address before its password is checked, in
 * single upserts, so processes sharing the database agree and guesses arriving together cannot
 * all pass a check made before any of them was counted. Answers whether the attempt must be
 * refused unchecked: a key is locked out for one window once its count reaches the limit, and
 * the attempt that reaches it is the last one checked.
 */
export async function claimLoginAttempt(db: Db, keys: LoginAttemptKeys, now: Date, limits: LoginFailureLimits = LOGIN_FAILURE_LIMITS): Promise<{ throttled: boolean }> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const lockedUntil = new Date(now.getTime() + LOGIN_WINDOW_MS);
  let throttled = false;
  for (const [key, limit] of limitedKeys(keys, limits)) {
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
    if (lockedBefore || row.failures > limit) throttled = true;
  }
  return { throttled };
}

/**
 * Forgets a right guess: the account's (or page password's) failures are gone, and the address
 * takes back the attempt it was counted, lifting a lockout that attempt started.
 */
export async function forgetLoginAttempt(db: Db, keys: LoginAttemptKeys, limits: LoginFailureLimits = LOGIN_FAILURE_LIMITS): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', keys.account).execute();
  await db
    .updateTable('login_failures')
    .set({
      failures: sql<number>`greatest(failures - 1, 0)`,
      locked_until: sql<Date | null>`case when failures - 1 >= ${limits.ip}::integer then locked_until else null end`,
    })
    .where('key', '=', keys.ip)
    .execute();
}

function limitedKeys(keys: LoginAttemptKeys, limits: LoginFailureLimits): [string, number][] {
  return [
    [keys.account, limits.account],
    [keys.ip, limits.ip],
  ];
}
