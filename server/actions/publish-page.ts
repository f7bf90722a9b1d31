import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { approveRevisionForLater, assertScheduleValid, isScheduledAhead, publishRevisionOnLockedPage } from '../models/pages';
import { createAutomaticRedirects } from '../models/redirects/automatic';
import { cancelOpenWorkflow } from '../models/workflows';
import { PageAction, requirePageActions, type PageNeed } from './page-action';
import { CAN_EDIT, saveDraftAndAudit, type SaveDraftOptions } from './save-draft';

/** Options of PublishPageAction; the latest revision by default. */
export interface PublishPageOptions {
  revisionId?: number;
  /**
   * An edit to save as the newest revision and publish, in the same transaction (the editor's
   * "Publish"): needs the right to edit as well, and is refused whole, saving nothing.
   */
  draft?: SaveDraftOptions;
  now?: Date;
}

/** Publishing needs the right to publish the page, with no lock or review held against the actor. */
const CAN_PUBLISH: PageNeed = { action: 'canPublish', refusal: 'You do not have permission to publish this page, or somebody else has locked it.' };

/**
 * Publishes a revision (the latest by default, or the draft given, saved first with its audit
 * entry 'page.edit'), as Wagtail's PublishPageRevisionAction on top of publishing a revision:
 * the page is locked and checked once. When the page's go-live time is still ahead, the
 * revision is scheduled instead; a past expiry is refused (ScheduleError). Audit code
 * 'page.publish' or 'page.schedule'. An unfinished workflow of the page is cancelled
 * ('page.workflow.cancel'). A live page published with a new slug leaves redirects from its old
 * addresses.
 */
export class PublishPageAction extends PageAction<Page, PublishPageOptions> {
  /** How many redirects a new slug created from old addresses, once executed. */
  redirectsCreated = 0;

  protected checkAgainst(page: Page): void {
    requirePageActions(this.actor, page, this.options.draft ? [CAN_EDIT, CAN_PUBLISH] : [CAN_PUBLISH]);
  }

  protected async perform(trx: Db, locked: Page): Promise<Page> {
    const now = this.options.now ?? new Date();
    const { page, revisionId } = await this.revisionToPublish(trx, locked);
    // A past expiry would take the page offline the moment it went live (Wagtail refuses it).
    assertScheduleValid({ goLiveAt: page.go_live_at, expireAt: page.expire_at }, now);
    // Publishing past a workflow ends it, as Wagtail does by default (WAGTAIL_WORKFLOW_CANCEL_ON_PUBLISH).
    const cancelled = await cancelOpenWorkflow(trx, page.id, this.actorId);
    if (cancelled) {
      await this.audit(trx, { action: 'page.workflow.cancel', pageId: page.id, label: page.draft_title, data: { workflow: cancelled.workflowName, reason: 'published' } });
    }
    const result = await publishAndAudit(trx, page, { revisionId, userId: this.actorId, now });
    this.redirectsCreated = result.redirectsCreated;
    return result.page;
  }

  /** The revision to publish and the page row as it stands before publishing: after saving the draft, when there is one. */
  private async revisionToPublish(trx: Db, locked: Page): Promise<{ page: Page; revisionId: number | null }> {
    const { draft } = this.options;
    if (!draft) return { page: locked, revisionId: this.options.revisionId ?? locked.latest_revision_id };
    const saved = await saveDraftAndAudit(trx, locked, draft, this.actorId);
    return { page: saved.page, revisionId: saved.revision.id };
  }
}

/** A published page, with the redirects its new address (if any) created. */
export interface PublishResult {
  page: Page;
  redirectsCreated: number;
}

/**
 * Publishes a revision of a page the caller locked in this transaction (or schedules it while
 * the go-live time is ahead) and writes the audit entry; the change shared by publishing and by
 * a workflow's final approval.
 */
export async function publishAndAudit(trx: Db, page: Page, options: { revisionId: number | null; userId: number; now?: Date }): Promise<PublishResult> {
  const now = options.now ?? new Date();
  const { revisionId } = options;
  if (revisionId === null) throw new ValidationError(`Page "${page.title}" has no revision to publish.`);
  const scheduled = isScheduledAhead(page.go_live_at, now);
  if (scheduled) await approveRevisionForLater(trx, revisionId, page.go_live_at!);
  const { page: published, redirectsCreated } = await publishWithRedirects(trx, page, revisionId, now);
  await writeLogEntry(trx, {
    action: scheduled ? 'page.schedule' : 'page.publish',
    userId: options.userId,
    pageId: page.id,
    label: published.title,
    data: { revision_id: revisionId, ...(scheduled ? { go_live_at: page.go_live_at!.toISOString() } : {}), ...(redirectsCreated > 0 ? { redirects_created: redirectsCreated } : {}) },
  });
  return { page: published, redirectsCreated };
}

/**
 * Publishes a revision onto a page the caller locked in this transaction; a live page whose
 * published slug changed its address gets redirects from the old addresses. Publishing by an
 * editor and by the scheduler share it.
 */
export async function publishWithRedirects(trx: Db, page: Page, revisionId: number, now: Date): Promise<PublishResult> {
  const published = await publishRevisionOnLockedPage(trx, page, revisionId, { now });
  return { page: published, redirectsCreated: await createAutomaticRedirects(trx, page, published) };
}
