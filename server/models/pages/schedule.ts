/**
 * The scheduling rules of a page (Wagtail's DraftStateMixin go_live_at and expire_at): when
 * content waits for its go-live time instead of going live, what schedule an editor may set, and
 * which pages the scheduler publishes or expires now.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { ValidationError } from '../../errors';

/** A page's publishing schedule as an editor sets it. */
export interface PageSchedule {
  goLiveAt: Date | null;
  expireAt: Date | null;
}

/**
 * Whether a go-live time is still ahead at `now`: content published with it is scheduled and
 * waits, instead of going live at once. The one rule publishing, the scheduler and the status
 * labels share.
 */
export function isScheduledAhead(goLiveAt: Date | null, now: Date): goLiveAt is Date {
  return goLiveAt !== null && goLiveAt.getTime() > now.getTime();
}

/** One broken schedule rule, named by the form field it belongs beside. */
export interface ScheduleProblem {
  field: 'go_live_at' | 'expire_at';
  message: string;
}

/** The wording of Wagtail's WagtailAdminPageForm for the same rules. */
export const EXPIRY_IN_PAST = 'Expiry date/time must be in the future.';
export const GO_LIVE_AFTER_EXPIRY = 'Go live date/time must be before expiry date/time';

/**
 * The rules a schedule must keep at `now`, as Wagtail checks them on save: the expiry is
 * ahead (a past one would take the page offline the moment it is published) and the go-live
 * time comes before it.
 */
export function scheduleProblems(schedule: PageSchedule, now: Date): ScheduleProblem[] {
  const { goLiveAt, expireAt } = schedule;
  const problems: ScheduleProblem[] = [];
  if (goLiveAt && expireAt && goLiveAt.getTime() >= expireAt.getTime()) {
    problems.push({ field: 'go_live_at', message: GO_LIVE_AFTER_EXPIRY }, { field: 'expire_at', message: GO_LIVE_AFTER_EXPIRY });
  }
  if (expireAt && expireAt.getTime() <= now.getTime()) problems.push({ field: 'expire_at', message: EXPIRY_IN_PAST });
  return problems;
}

/** A schedule refused by an action; `field` says which form field the message belongs beside. */
export class ScheduleError extends ValidationError {
  override name = 'ScheduleError';
  constructor(readonly problem: ScheduleProblem) {
    super(problem.message, { field: problem.field });
  }
}

/** Throws ScheduleError for the first rule the schedule breaks at `now`. */
export function assertScheduleValid(schedule: PageSchedule, now: Date): void {
  const [first] = scheduleProblems(schedule, now);
  if (first) throw new ScheduleError(first);
}

/** A revision approved to go live by now, with its page. */
export interface DueGoLive {
  page: Page;
  revisionId: number;
}

/**
 * Pages whose approved revision is due, locked for this transaction; rows another process
 * holds are skipped (SKIP LOCKED), so each page is published by exactly one process.
 */
export async function claimDueGoLive(trx: Db, now: Date, limit: number): Promise<DueGoLive[]> {
  const rows = await trx
    .selectFrom('pages')
    .innerJoin('page_revisions', 'page_revisions.page_id', 'pages.id')
    .selectAll('pages')
    .select('page_revisions.id as due_revision_id')
    // Due: the approved time is no longer ahead (isScheduledAhead says false).
    .where('page_revisions.approved_go_live_at', '<=', now)
    .orderBy('page_revisions.approved_go_live_at')
    .limit(limit)
    .modifyEnd(sql`for update of pages skip locked`)
    .execute();
  return rows.map(({ due_revision_id, ...page }) => ({ page, revisionId: due_revision_id }));
}

/** Live pages past their expiry, locked for this transaction (SKIP LOCKED as above). */
export async function claimDueExpiry(trx: Db, now: Date, limit: number): Promise<Page[]> {
  return trx
    .selectFrom('pages')
    .selectAll()
    .where('live', '=', true)
    .where('expired', '=', false)
    .where('expire_at', '<=', now)
    .orderBy('expire_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
