import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import { writeLogEntry } from '../models/admin-log';
import { claimDueExpiry, claimDueGoLive, expirePage, publishRevision } from '../models/pages';
import { createAutomaticRedirects } from '../models/redirects/automatic';

/** Pages handled per round; the rest wait for the next. */
const BATCH_SIZE = 50;

/** What one round of the scheduler did. */
export interface ScheduleRunResult {
  published: number[];
  expired: number[];
}

/**
 * Publishes the revisions whose go-live time has come and expires live pages past their
 * expiry, as the system (no acting user), each with its audit entry ('page.publish' with
 * scheduled: true, 'page.expire'), all in one transaction that holds the rows it changes. A
 * live page whose scheduled revision changes its slug leaves redirects from its old addresses.
 */
export async function runScheduledPublishing(db: Db, now: Date): Promise<ScheduleRunResult> {
  return withTransaction(db, async (trx) => {
    const published: number[] = [];
    for (const due of await claimDueGoLive(trx, now, BATCH_SIZE)) {
      const page = await publishRevision(trx, due.revisionId, { now });
      // A scheduled new slug moves the page's address like a direct publish does.
      const redirectsCreated = await createAutomaticRedirects(trx, due.page, page);
      await writeLogEntry(trx, {
        action: 'page.publish',
        userId: null,
        pageId: page.id,
        label: page.title,
        data: { revision_id: due.revisionId, scheduled: true, ...(redirectsCreated > 0 ? { redirects_created: redirectsCreated } : {}) },
      });
      published.push(page.id);
    }
    const expired: number[] = [];
    for (const page of await claimDueExpiry(trx, now, BATCH_SIZE)) {
      await expirePage(trx, page);
      await writeLogEntry(trx, { action: 'page.expire', userId: null, pageId: page.id, label: page.title, data: { expire_at: page.expire_at?.toISOString() ?? null } });
      expired.push(page.id);
    }
    return { published, expired };
  });
}
