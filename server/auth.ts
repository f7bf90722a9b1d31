import type { Request } from 'express';
import type { Db } from './db/database';
import type { User } from './db/schema';
import type { Config } from './config';
import { clearLoginFailures, isLoginThrottled, LOGIN_FAILURE_LIMITS, loginAttemptKeys, recordLoginFailure, type LoginFailureLimits } from './models/login-throttle';
import { recordLogin, verifyCredentials } from './models/users';

/** The outcome of checking a username and password. */
export type AuthenticationResult = { ok: true; user: User } | { ok: false; reason: 'invalid' | 'throttled' };

/**
 * Checks credentials behind the login throttle: a locked-out account or address is refused
 * without checking the password, and every failure is counted in the database.
 */
export async function authenticate(db: Db, username: string, password: string, ip: string, limits?: LoginFailureLimits): Promise<AuthenticationResult> {
  const keys = loginAttemptKeys(username, ip);
  if (await isLoginThrottled(db, keys)) return { ok: false, reason: 'throttled' };
  const user = username ? await verifyCredentials(db, username, password) : undefined;
  if (!user) {
    await recordLoginFailure(db, keys, new Date(), limits);
    return { ok: false, reason: 'invalid' };
  }
  await clearLoginFailures(db, keys);
  return { ok: true, user };
}

/**
 * Signs a user in: a new session id, so a session fixed before sign-in is worthless after
 * it; view restrictions already passed are kept.
 */
export async function startUserSession(db: Db, req: Request, user: User): Promise<void> {
  const passed = req.session.passedViewRestrictions;
  await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
  req.session.userId = user.id;
  if (passed) req.session.passedViewRestrictions = passed;
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
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return user?.is_active ? user : undefined;
}

/** The client address for throttling (Express honours TRUST_PROXY). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The sign-in throttle's limits: per account fixed, per address from LOGIN_FAILURES_PER_IP. */
export function loginFailureLimits(config: Pick<Config, 'LOGIN_FAILURES_PER_IP'>): LoginFailureLimits {
  return { account: LOGIN_FAILURE_LIMITS.account, ip: config.LOGIN_FAILURES_PER_IP };
}
