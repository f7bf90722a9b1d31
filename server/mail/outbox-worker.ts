import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { OutboxEmail } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { claimDueEmails, recordDelivery } from '../models/outbox';

/** Emails taken per round; the rest wait for the next. */
const BATCH_SIZE = 20;
/** How often the worker looks for due mail. */
export const OUTBOX_POLL_MS = 5_000;

/** Sends one email; resolves when the mail server accepted it. */
export type SendEmail = (email: OutboxEmail) => Promise<void>;

/** What the worker needs from the configuration. */
export type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;

/** An SMTP sender for SMTP_URL, or null when none is configured (mail is then kept and logged). */
export function smtpSender(config: MailConfig): SendEmail | null {
  if (!config.SMTP_URL) return null;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return async (email) => {
    await transport.sendMail({ from: config.MAIL_FROM, to: email.to_address, subject: email.subject, text: email.text_body });
  };
}

/**
 * Delivers the due emails once: each is sent (or, with no mail server, kept and logged) and its
 * outcome recorded in the same transaction that locked it. Returns how many were handled.
 */
export async function deliverDueEmails(db: Db, send: SendEmail | null, logger: Logger): Promise<number> {
  return withTransaction(db, async (trx) => {
    const due = await claimDueEmails(trx, BATCH_SIZE);
    for (const email of due) {
      if (!send) {
        logger.info({ outboxId: email.id, to: email.to_address, subject: email.subject }, 'No SMTP_URL set: email kept in the outbox, not sent');
        await recordDelivery(trx, email, { status: 'kept' });
        continue;
      }
      try {
        await send(email);
        await recordDelivery(trx, email, { status: 'sent' });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ outboxId: email.id, err: error }, 'Sending an email failed; it will be retried');
        await recordDelivery(trx, email, { status: 'error', error: message });
      }
    }
    return due.length;
  });
}

/** Polls the outbox in the background until stopped; one failed round is logged and the next goes on. */
export function startOutboxWorker(db: Db, config: MailConfig, logger: Logger, intervalMs = OUTBOX_POLL_MS): { stop(): void } {
  const send = smtpSender(config);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueEmails(db, send, logger)
      .catch((error: unknown) => logger.error({ err: error }, 'Outbox delivery round failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
