import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import { queueEmail, type OutgoingEmail } from './outbox';
import { emailAddressKey, hitRateLimit, type RateLimitRule } from './rate-limits';
import { signUpSubscriber, type SignupOptions } from './subscriber-occasions';
import { normalizeEmail } from './subscribers';

/** How long a confirmation link works; unconfirmed signups older than this are purged. */
export const SIGNUP_CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;

/** Confirmation mails one address may be sent per window, however many signups name it. */
export const CONFIRMATION_MAILS_PER_ADDRESS: RateLimitRule = { bucket: 'email-signup-confirmation:address', max: 3, windowSeconds: 3600 };

/** What following a confirmation link did. */
export type ConfirmSignupOutcome = 'confirmed' | 'already_confirmed' | 'invalid';

// The signup as stored while it waits, checked again when read back.
const storedSignupSchema = z.object({
  email: z.email(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  postcode: z.string().optional(),
  birthdayMonth: z.number().int().nullable().optional(),
  birthdayDay: z.number().int().nullable().optional(),
  consent: z.boolean(),
  occasions: z.array(z.object({ occasion: z.string(), relationship: z.string(), month: z.number().int(), day: z.number().int() })),
});

function signature(secret: string, id: number, issuedAt: number): string {
  return createHmac('sha256', `email-signup-confirmation:${secret}`).update(`${id}:${issuedAt}`).digest('base64url');
}

/** The token of a confirmation link: the waiting signup's id and when it was issued, signed. */
export function makeSignupConfirmationToken(secret: string, id: number, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${id.toString(36)}-${issuedAt.toString(36)}-${signature(secret, id, issuedAt)}`;
}

/** The waiting signup a token names, or null when it is forged, malformed or expired. */
export function readSignupConfirmationToken(secret: string, token: string, now: Date): number | null {
  const match = /^([0-9a-z]{1,10})-([0-9a-z]{1,10})-([\w-]{43})$/.exec(token);
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  const issuedAt = parseInt(match[2]!, 36);
  const expected = Buffer.from(signature(secret, id, issuedAt));
  if (!timingSafeEqual(expected, Buffer.from(match[3]!))) return null;
  const age = now.getTime() - issuedAt * 1000;
  return age >= 0 && age <= SIGNUP_CONFIRMATION_TTL_MS ? id : null;
}

/**
 * Keeps a signup aside until its address confirms it, and queues the confirmation mail in the
 * same transaction; `mailFor` builds that mail from the link's token. Nothing about the
 * address's subscription changes yet. Past CONFIRMATION_MAILS_PER_ADDRESS nothing is kept or
 * sent (false), so signing up somebody else's address over and over cannot flood their inbox.
 */
export async function requestSignupConfirmation(db: Db, options: { signup: SignupOptions; secret: string; now: Date; mailFor: (token: string) => OutgoingEmail }): Promise<boolean> {
  const signup = storedSignupSchema.parse({ ...options.signup, email: normalizeEmail(options.signup.email) });
  const decision = await hitRateLimit(db, CONFIRMATION_MAILS_PER_ADDRESS, emailAddressKey(options.secret, signup.email), options.now);
  if (!decision.allowed) return false;
  await withTransaction(db, async (tx) => {
    const row = await tx
      .insertInto('email_signup_confirmations')
      .values({ email: signup.email, signup: JSON.stringify(signup), created_at: options.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await queueEmail(tx, options.mailFor(makeSignupConfirmationToken(options.secret, row.id, options.now)));
  });
  return true;
}

/**
 * Subscribes the address of a waiting signup, once: a second visit of the link changes nothing
 * and says it is already confirmed.
 */
export async function confirmSignup(db: Db, id: number, now: Date): Promise<ConfirmSignupOutcome> {
  return withTransaction(db, async (tx) => {
    // Locked so two clicks at once subscribe once.
    const row = await tx.selectFrom('email_signup_confirmations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return 'invalid';
    if (row.confirmed_at) return 'already_confirmed';
    await signUpSubscriber(tx, storedSignupSchema.parse(row.signup));
    await tx.updateTable('email_signup_confirmations').set({ confirmed_at: now }).where('id', '=', id).execute();
    return 'confirmed';
  });
}

/** Forgets signups whose links have expired, confirmed or not; returns how many. */
export async function purgeExpiredSignupConfirmations(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('email_signup_confirmations')
    .where('created_at', '<', new Date(now.getTime() - SIGNUP_CONFIRMATION_TTL_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
