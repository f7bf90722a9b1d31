import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { approveRevisionForLater, assertScheduleValid, isScheduledAhead, publishRevision } from '../models/pages';
import { createAutomaticRedirects } from '../models/redirects/automatic';
import { cancelOpenWorkflow } from '../models/workflows';
import { PageAction, requirePageAction } from './page-action';

/** Options of PublishPageAction; the latest revision by default. */
export interface PublishPageOptions {
  revisionId?: number;
  now?: Date;
}

/**
 * Publishes a revision (the latest by default): it becomes the live content. When the page's
 * go-live time is still ahead, the revision is scheduled instead; a past expiry is refused
 * (ScheduleError). Audit code 'page.publish'
 * or 'page.schedule'. An unfinished workflow of the page is cancelled ('page.workflow.cancel').
 * A live page published with a new slug leaves redirects from its old addresses.
 */
export class PublishPageAction extends PageAction<Page, PublishPageOptions> {
  /** How many redirects a new slug created from old addresses, once executed. */
  redirectsCreated = 0;

  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canPublish', 'You do not have permission to publish this page, or somebody else has locked it.');
  }

  protected async perform(trx: Db, page: Page): Promise<Page> {
    const now = this.options.now ?? new Date();
    // A past expiry would take the page offline the moment it went live (Wagtail refuses it).
    assertScheduleValid({ goLiveAt: page.go_live_at, expireAt: page.expire_at }, now);
    // Publishing past a workflow ends it, as Wagtail does by default (WAGTAIL_WORKFLOW_CANCEL_ON_PUBLISH).
    const cancelled = await cancelOpenWorkflow(trx, page.id, this.actorId);
    if (cancelled) {
      await this.audit(trx, { action: 'page.workflow.cancel', pageId: page.id, label: page.draft_title, data: { workflow: cancelled.workflowName, reason: 'published' } });
    }
    const result = await publishAndAudit(trx, page, { revisionId: this.options.revisionId ?? page.latest_revision_id, userId: this.actorId, now });
    this.redirectsCreated = result.redirectsCreated;
    return result.page;
  }
}

/** A published page, with the redirects its new address (if any) created. */
export interface PublishResult {
  page: Page;
  redirectsCreated: number;
}

/**
 * Publishes a revision of a page (or schedules it while the go-live time is ahead) and writes
 * the audit entry; the change shared by publishing and by a workflow's final approval. A
 * live page whose published slug changed its address gets redirects from the old addresses.
 */
export async function publishAndAudit(trx: Db, page: Page, options: { revisionId: number | null; userId: number; now?: Date }): Promise<PublishResult> {
  const now = options.now ?? new Date();
  const { revisionId } = options;
  if (revisionId === null) throw new ValidationError(`Page "${page.title}" has no revision to publish.`);
  const scheduled = isScheduledAhead(page.go_live_at, now);
  if (scheduled) await approveRevisionForLater(trx, revisionId, page.go_live_at!);
  const published = await publishRevision(trx, revisionId, { now });
  const redirectsCreated = await createAutomaticRedirects(trx, page, published);
  await writeLogEntry(trx, {
    action: scheduled ? 'page.schedule' : 'page.publish',
    userId: options.userId,
    pageId: page.id,
    label: published.title,
    data: { revision_id: revisionId, ...(scheduled ? { go_live_at: page.go_live_at!.toISOString() } : {}), ...(redirectsCreated > 0 ? { redirects_created: redirectsCreated } : {}) },
  });
  return { page: published, redirectsCreated };
}
