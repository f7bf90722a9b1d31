import type { Db } from '../db/database';

/**
 * Records a captcha token as used; true the first time, false for a replay. One insert that
 * every process sharing the database agrees on, so a token cannot pass twice in two processes.
 */
export async function claimCaptchaToken(db: Db, token: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto('used_captcha_tokens')
    .values({ token, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('token').doNothing())
    .returning('token')
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets used tokens that would be refused as expired anyway; returns how many. */
export async function purgeExpiredCaptchaTokens(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('used_captcha_tokens').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
