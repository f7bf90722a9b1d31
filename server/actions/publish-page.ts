import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { approveRevisionForLater, publishRevision } from '../models/pages';
import { assertScheduleValid } from '../models/schedule-rules';
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
 */
export class PublishPageAction extends PageAction<Page> {
  constructor(
    db: Db,
    page: Page,
    actor: PublishPageAction['actor'],
    private readonly options: PublishPageOptions = {},
  ) {
    super(db, page, actor);
  }

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
      await writeLogEntry(trx, { action: 'page.workflow.cancel', userId: this.actorId, pageId: page.id, label: page.draft_title, data: { workflow: cancelled.workflowName, reason: 'published' } });
    }
    return publishAndAudit(trx, page, { revisionId: this.options.revisionId ?? page.latest_revision_id, userId: this.actorId, now });
  }
}

/**
 * Publishes a revision of a page (or schedules it while the go-live time is ahead) and writes
 * the audit entry; the change shared by publishing and by a workflow's final approval.
 */
export async function publishAndAudit(trx: Db, page: Page, options: { revisionId: number | null; userId: number; now?: Date }): Promise<Page> {
  const now = options.now ?? new Date();
  const { revisionId } = options;
  if (revisionId === null) throw new ValidationError(`Page "${page.title}" has no revision to publish.`);
  const scheduled = page.go_live_at !== null && page.go_live_at.getTime() > now.getTime();
  if (scheduled) await approveRevisionForLater(trx, revisionId, page.go_live_at!);
  const published = await publishRevision(trx, revisionId, { userId: options.userId, now });
  await writeLogEntry(trx, {
    action: scheduled ? 'page.schedule' : 'page.publish',
    userId: options.userId,
    pageId: page.id,
    label: published.title,
    data: { revision_id: revisionId, ...(scheduled ? { go_live_at: page.go_live_at!.toISOString() } : {}) },
  });
  return published;
}
