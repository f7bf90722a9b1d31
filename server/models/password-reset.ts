import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { emailAddressKey, hitRateLimit, type RateLimitRule } from './rate-limits';

/** How long a reset link works (Django's PASSWORD_RESET_TIMEOUT default, three days). */
export const PASSWORD_RESET_TIMEOUT_SECONDS = 3 * 24 * 3600;

// Django counts token timestamps in seconds from 2001-01-01, which keeps them short in base 36.
const EPOCH_MS = Date.UTC(2001, 0, 1);

/** A user id as Django's uidb64 path segment. */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

/** The user id inside a uidb64 segment, or undefined when it is not one. */
export function decodeUid(uidb64: string): number | undefined {
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}

// The password hash and last login are part of the signed value, so a token stops working
// once it has been used to set a password, or once the user signs in: single use.
function signature(user: User, timestamp: number, secret: string): string {
  const state = `${user.id}:${user.password}:${user.last_login?.getTime() ?? ''}:${user.email}:${timestamp}`;
  return createHmac('sha256', `password-reset:${secret}`).update(state).digest('hex').slice(0, 40);
}

/** A reset token for this user as they are now: "{timestamp base 36}-{signature}". */
export function makeResetToken(user: User, secret: string, now = new Date()): string {
  const timestamp = Math.floor((now.getTime() - EPOCH_MS) / 1000);
  return `${timestamp.toString(36)}-${signature(user, timestamp, secret)}`;
}

/** Whether the token was made for this user as they are now and has not expired. */
export function checkResetToken(user: User, token: string, secret: string, now = new Date()): boolean {
  const match = /^([0-9a-z]{1,13})-([0-9a-f]{40})$/.exec(token);
  if (!match) return false;
  const timestamp = parseInt(match[1]!, 36);
  const expected = Buffer.from(signature(user, timestamp, secret));
  if (!timingSafeEqual(expected, Buffer.from(match[2]!))) return false;
  const age = (now.getTime() - EPOCH_MS) / 1000 - timestamp;
  return age >= 0 && age <= PASSWORD_RESET_TIMEOUT_SECONDS;
}

/** Active users with a password and this email address (case-insensitive). */
export async function usersForReset(db: Db, email: string): Promise<User[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .where('is_active', '=', true)
    .where('password', '<>', '')
    .execute();
}

/** Reset mails one email address may be sent per window, however many clients ask. */
export const RESET_MAILS_PER_ADDRESS: RateLimitRule = { bucket: 'password-reset:address', max: 3, windowSeconds: 3600 };
/** Reset requests one client may make per hour (PASSWORD_RESETS_PER_IP), whatever addresses it names. */
export function resetRequestsPerClient(max: number): RateLimitRule {
  return { bucket: 'password-reset:client', max, windowSeconds: 3600 };
}

/**
 * Counts a reset request against the limits for its address and its client (a keyed hash of
 * the client's network address); true when a mail may go out. Both are counted every time, so
 * a client spreading its requests over many addresses is stopped too.
 */
export async function mayMailPasswordReset(db: Db, request: { email: string; clientKey: string; secret: string; requestsPerClient: number }, now: Date): Promise<boolean> {
  const [byClient, byAddress] = await Promise.all([
    hitRateLimit(db, resetRequestsPerClient(request.requestsPerClient), request.clientKey, now),
    hitRateLimit(db, RESET_MAILS_PER_ADDRESS, emailAddressKey(request.secret, request.email), now),
  ]);
  return byClient.allowed && byAddress.allowed;
}
