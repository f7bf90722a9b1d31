import { gettext } from '../../../client/lib/i18n';
import type { Page } from '../../db/schema';
import { isScheduledAhead } from '../../models/pages';

/** One status tag of a page in the explorer. */
export interface StatusTag {
  kind: 'live' | 'draft' | 'changes' | 'scheduled' | 'expired' | 'locked' | 'moderation' | 'restricted';
  label: string;
}

/** The tags Wagtail's explorer shows for a page: live/draft, scheduled, expired, locked, in moderation, restricted. */
export function pageStatusTags(page: Page, restrictedPaths: readonly string[], now = new Date()): StatusTag[] {
  const tags: StatusTag[] = [];
  if (page.expired) tags.push({ kind: 'expired', label: gettext('expired') });
  else if (page.live) tags.push({ kind: 'live', label: gettext('live') });
  else tags.push({ kind: 'draft', label: gettext('draft') });
  if (page.live && page.has_unpublished_changes) tags.push({ kind: 'changes', label: gettext('unpublished changes') });
  if (isScheduledAhead(page.go_live_at, now)) tags.push({ kind: 'scheduled', label: gettext('scheduled') });
  if (page.locked) tags.push({ kind: 'locked', label: gettext('locked') });
  if (page.workflow_task_id !== null) tags.push({ kind: 'moderation', label: gettext('in moderation') });
  if (restrictedPaths.some((path) => page.path.startsWith(path))) tags.push({ kind: 'restricted', label: gettext('restricted') });
  return tags;
}
