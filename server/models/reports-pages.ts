import type { Page } from '../db/schema';
import { isScheduledAhead } from './pages/schedule';

/** What Wagtail's status_string reads of a page. */
export type StatusFields = Pick<Page, 'live' | 'expired' | 'go_live_at' | 'workflow_task_id' | 'has_unpublished_changes'>;

/**
 * A page's status in one phrase, as Wagtail's Page.status_string words it for reports and their
 * exports: "live", "live + draft", "live + scheduled", "live + in moderation", "draft",
 * "scheduled", "in moderation" or "expired". A go-live time ahead is an approved schedule.
 */
export function pageStatusString(page: StatusFields, now: Date): string {
  const scheduled = isScheduledAhead(page.go_live_at, now);
  const inModeration = page.workflow_task_id !== null;
  if (!page.live) {
    if (page.expired) return 'expired';
    if (scheduled) return 'scheduled';
    return inModeration ? 'in moderation' : 'draft';
  }
  if (scheduled) return 'live + scheduled';
  if (inModeration) return 'live + in moderation';
  return page.has_unpublished_changes ? 'live + draft' : 'live';
}
