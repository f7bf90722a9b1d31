import type { Db } from '../db/database';
import { claimDueExpiry, claimDueGoLive, expirePage, type DueGoLive } from '../models/pages';
import { SystemAction } from './action';
import { publishWithRedirects } from './publish-page';

/** Pages handled per round; the rest wait for the next. */
const BATCH_SIZE = 50;

/** What one round of the scheduler did. */
export interface ScheduleRunResult {
  published: number[];
  expired: number[];
}

/**
 * One round of the scheduler, as the system: publishes the revisions whose go-live time has come
 * and expires live pages past their expiry, each with its audit entry ('page.publish' with
 * scheduled: true, 'page.expire'). The rows are claimed with SKIP LOCKED, so processes running
 * rounds at once never handle a page twice. A live page whose scheduled revision changes its
 * slug leaves redirects from its old addresses.
 */
export class RunScheduledPublishingAction extends SystemAction<{ now: Date }, DueGoLive[], ScheduleRunResult> {
  protected claim(trx: Db): Promise<DueGoLive[]> {
    return claimDueGoLive(trx, this.options.now, BATCH_SIZE);
  }

  protected async perform(trx: Db, dueGoLive: DueGoLive[]): Promise<ScheduleRunResult> {
    const published: number[] = [];
    for (const { revisionId, page: before } of dueGoLive) {
      // Claimed under lock above; a scheduled new slug moves the page's address like a direct publish does.
      const { page, redirectsCreated } = await publishWithRedirects(trx, before, revisionId, this.options.now);
      await this.audit(trx, {
        action: 'page.publish',
        pageId: page.id,
        label: page.title,
        data: { revision_id: revisionId, scheduled: true, ...(redirectsCreated > 0 ? { redirects_created: redirectsCreated } : {}) },
      });
      published.push(page.id);
    }
    // Claimed once the publishing is done, so that each page is read as it now stands.
    const expired: number[] = [];
    for (const page of await claimDueExpiry(trx, this.options.now, BATCH_SIZE)) {
      await expirePage(trx, page);
      await this.audit(trx, { action: 'page.expire', pageId: page.id, label: page.title, data: { expire_at: page.expire_at?.toISOString() ?? null } });
      expired.push(page.id);
    }
    return { published, expired };
  }
}

/** Runs one round of the scheduler at `now`. */
export function runScheduledPublishing(db: Db, now: Date): Promise<ScheduleRunResult> {
  return new RunScheduledPublishingAction(db, { now }).execute();
}
