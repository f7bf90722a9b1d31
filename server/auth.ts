import type { Request, Response } from 'express';
import type { Db } from './db/database';
import type { User } from './db/schema';
import type { Config } from './config';
import type { CsrfProtection } from './csrf';
import { claimLoginAttempt, forgetLoginAttempt, LOGIN_FAILURE_LIMITS, loginAttemptKeys, type LoginAttemptKeys, type LoginFailureLimits } from './models/login-throttle';
import { getUser, recordLogin, verifyCredentials } from './models/users';
import { passwordMatches, type ViewRestrictionRule } from './models/view-restrictions';

/** Why a guess at a secret was refused: wrong, or not checked at all while locked out. */
export type GuessRefusal = { ok: false; reason: 'invalid' | 'throttled' };

/** The outcome of checking a username and password. */
export type AuthenticationResult = { ok: true; user: User } | GuessRefusal;

/**
 * Checks a guess behind the login throttle: the attempt is counted first, refused unchecked
 * while the secret is locked out from this address or the address is locked out, stays counted
 * when wrong, and a right one forgets the secret's failures from this address.
 */
async function throttledGuess<T>(
  db: Db,
  keys: LoginAttemptKeys,
  limits: LoginFailureLimits | undefined,
  now: Date,
  check: () => Promise<T | undefined>,
): Promise<{ ok: true; value: T } | GuessRefusal> {
  if ((await claimLoginAttempt(db, keys, now, limits)).throttled) return { ok: false, reason: 'throttled' };
  const value = await check();
  if (value === undefined) return { ok: false, reason: 'invalid' };
  await forgetLoginAttempt(db, keys, limits);
  return { ok: true, value };
}

/** Checks credentials behind the login throttle, per account from one address and per address. */
export async function authenticate(db: Db, username: string, password: string, ip: string, limits?: LoginFailureLimits, now = new Date()): Promise<AuthenticationResult> {
  const result = await throttledGuess(db, loginAttemptKeys(username, ip), limits, now, async () => (username ? verifyCredentials(db, username, password) : undefined));
  return result.ok ? { ok: true, user: result.value } : result;
}

/**
 * Checks the password of a page's or a collection's view restriction behind the login
 * throttle; `keys` name the restriction and the address the failures are counted against.
 */
export async function checkRestrictionPassword(
  db: Db,
  restriction: Pick<ViewRestrictionRule, 'restriction_type' | 'password'>,
  keys: LoginAttemptKeys,
  password: string,
  limits?: LoginFailureLimits,
  now = new Date(),
): Promise<{ ok: true } | GuessRefusal> {
  const result = await throttledGuess(db, keys, limits, now, async () => (passwordMatches(restriction, password) ? true : undefined));
  return result.ok ? { ok: true } : result;
}

/**
 * Signs a user in: a new session id, so a session fixed before sign-in is worthless after
 * it, and a CSRF token bound to that id (the one from before no longer works); view
 * restrictions already passed are kept.
 */
export async function startUserSession(db: Db, csrf: CsrfProtection, req: Request, res: Response, user: User): Promise<void> {
  const { passedViewRestrictions, passedCollectionViewRestrictions } = req.session;
  await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
  req.session.userId = user.id;
  if (passedViewRestrictions) req.session.passedViewRestrictions = passedViewRestrictions;
  if (passedCollectionViewRestrictions) req.session.passedCollectionViewRestrictions = passedCollectionViewRestrictions;
  csrf.tokenFor(req, res);
  await recordLogin(db, user.id);
}

/** Signs out: the session row and its id are gone. */
export async function endUserSession(req: Request): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

/** The signed-in user of a request, if still active. */
export async function currentUser(db: Db, req: Request): Promise<User | undefined> {
  const userId = req.session.userId;
  if (userId === undefined) return undefined;
  const user = await getUser(db, userId);
  return user?.is_active ? user : undefined;
}

/** The client address for throttling (Express honours TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The sign-in throttle's limits: per account and address fixed, per address from LOGIN_FAILURES_PER_IP. */
export function loginFailureLimits(config: Pick<Config, 'LOGIN_FAILURES_PER_IP'>): LoginFailureLimits {
  return { pair: LOGIN_FAILURE_LIMITS.pair, ip: config.LOGIN_FAILURES_PER_IP };
}
