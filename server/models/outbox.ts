import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { OutboxEmail } from '../db/schema';

/** An email to queue: one recipient, a subject line and a plain-text body. */
export const outgoingEmailSchema = z.object({
  to: z.email().max(254),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((subject) => !/[\r\n]/.test(subject), 'subject must be one line'),
  text: z.string().min(1).max(100_000),
});

/** What queueEmail accepts. */
export type OutgoingEmail = z.input<typeof outgoingEmailSchema>;

/** Attempts before an email is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** Wait before the first retry; each later retry waits twice as long. */
const FIRST_RETRY_SECONDS = 60;

/**
 * Queues an email; call it inside the transaction that caused the mail, so the mail exists
 * exactly when the change does. Returns the outbox row id.
 */
export async function queueEmail(db: Db, email: OutgoingEmail): Promise<number> {
  const { to, subject, text } = outgoingEmailSchema.parse(email);
  const row = await db.insertInto('outbox_emails').values({ to_address: to, subject, text_body: text }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes up to `limit` due emails for delivery. The rows stay locked (SKIP LOCKED) until the
 * caller's transaction ends, so several processes never send the same email twice.
 */
export async function claimDueEmails(trx: Db, limit: number): Promise<OutboxEmail[]> {
  return trx
    .selectFrom('outbox_emails')
    .selectAll()
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('next_attempt_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Records a delivery outcome: sent, kept (no mail server configured), or a failure to retry later. */
export async function recordDelivery(trx: Db, email: OutboxEmail, outcome: { status: 'sent' | 'kept' } | { status: 'error'; error: string }): Promise<void> {
  if (outcome.status !== 'error') {
    await trx
      .updateTable('outbox_emails')
      .set({ status: outcome.status, sent_at: sql<Date>`now()`, attempts: email.attempts + 1, last_error: null })
      .where('id', '=', email.id)
      .execute();
    return;
  }
  const attempts = email.attempts + 1;
  const delaySeconds = FIRST_RETRY_SECONDS * 2 ** (attempts - 1);
  await trx
    .updateTable('outbox_emails')
    .set({
      status: attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'queued',
      attempts,
      last_error: outcome.error.slice(0, 2000),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds}::float8)`,
    })
    .where('id', '=', email.id)
    .execute();
}
