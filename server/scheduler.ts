import type { Logger } from 'pino';
import { runScheduledPublishing } from './actions/run-schedule';
import type { Db } from './db/database';

/** How often the scheduler looks for pages to publish or expire. */
export const SCHEDULER_POLL_MS = 30_000;

/**
 * Runs scheduled publishing and expiry in the background until stopped. Every process may run
 * it: the rows are claimed with SKIP LOCKED, so no page is handled twice.
 */
export function startScheduler(db: Db, logger: Logger, intervalMs = SCHEDULER_POLL_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runScheduledPublishing(db)
      .then((result) => {
        if (result.published.length || result.expired.length) logger.info(result, 'Scheduled publishing ran');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'Scheduled publishing failed; retrying next round'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
