import { ValidationError } from '../errors';

/** A page's publishing schedule as an editor sets it. */
export interface PageSchedule {
  goLiveAt: Date | null;
  expireAt: Date | null;
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
    super(problem.message);
  }
}

/** Throws ScheduleError for the first rule the schedule breaks at `now`. */
export function assertScheduleValid(schedule: PageSchedule, now: Date): void {
  const [first] = scheduleProblems(schedule, now);
  if (first) throw new ScheduleError(first);
}
