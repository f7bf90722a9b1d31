import type { Logger } from 'pino';
import { runScheduledPublishing } from './actions/run-schedule';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { purgeExpiredCaptchaTokens } from './models/captcha-tokens';
import { purgeExpiredSignupConfirmations } from './models/signup-confirmations';
import { DatabaseSessionStore } from './sessions';

/** How often the scheduler looks for pages to publish or expire. */
export const SCHEDULER_POLL_MS = 30_000;

/**
 * Runs scheduled publishing and expiry in the background until stopped, and drops expired
 * sessions, used captcha tokens and signup confirmations so their tables do not grow forever.
 * Every process may run it: the rows are claimed with SKIP LOCKED, so no page is handled twice,
 * and deleting expired rows twice is harmless.
 */
export function startScheduler(db: Db, logger: Logger, clock: Clock, intervalMs = SCHEDULER_POLL_MS): { stop(): void } {
  const sessions = new DatabaseSessionStore(db);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const now = clock();
    runScheduledPublishing(db, now)
      .then(async (result) => {
        if (result.published.length || result.expired.length) logger.info(result, 'Scheduled publishing ran');
        const purged = await sessions.purgeExpired(now);
        if (purged) logger.info({ purged }, 'Expired sessions deleted');
        const [captchaTokens, signupConfirmations] = await Promise.all([purgeExpiredCaptchaTokens(db, now), purgeExpiredSignupConfirmations(db, now)]);
        if (captchaTokens || signupConfirmations) logger.info({ captchaTokens, signupConfirmations }, 'Expired captcha tokens and signup confirmations deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'Scheduled round failed; retrying next round'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
