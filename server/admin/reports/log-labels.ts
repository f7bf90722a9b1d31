import { gettext } from '../../../client/lib/i18n';

/** Audit codes as Wagtail's log action registry labels them ('page.publish' is "Publish"). */
const ACTION_LABELS: Record<string, string> = {
  'page.create': 'Create',
  'page.edit': 'Save draft',
  'page.publish': 'Publish',
  'page.schedule': 'Publish scheduled draft',
  'page.unpublish': 'Unpublish',
  'page.expire': 'Unpublish (expired)',
  'page.move': 'Move',
  'page.copy': 'Copy',
  'page.delete': 'Delete',
  'page.lock': 'Lock',
  'page.unlock': 'Unlock',
  'page.revert': 'Revert',
  'page.reorder': 'Reorder',
  'page.view_restriction.create': 'Add view restrictions',
  'page.view_restriction.delete': 'Remove view restrictions',
  'page.workflow.start': 'Workflow: start',
  'page.workflow.resume': 'Workflow: resume task',
  'page.workflow.approve': 'Workflow: approve task',
  'page.workflow.reject': 'Workflow: reject task',
  'page.workflow.cancel': 'Workflow: cancel',
  'collection.create': 'Create',
  'collection.edit': 'Edit',
  'collection.move': 'Move',
  'collection.delete': 'Delete',
  'collection.view_restriction.create': 'Add view restrictions',
  'collection.view_restriction.delete': 'Remove view restrictions',
  'user.create': 'Create',
  'user.edit': 'Edit',
  'user.activate': 'Activate',
  'user.deactivate': 'Deactivate',
  'user.delete': 'Delete',
  'group.create': 'Create',
  'group.edit': 'Edit',
  'group.delete': 'Delete',
  'workflow.create': 'Create',
  'workflow.edit': 'Edit',
  'workflow.enable': 'Enable',
  'workflow.disable': 'Disable',
  'task.create': 'Create',
  'task.edit': 'Edit',
  'task.enable': 'Enable',
  'task.disable': 'Disable',
  'form_submission.delete': 'Delete',
};

/** Object types as the report names them. */
const OBJECT_TYPE_LABELS: Record<string, string> = {
  page: 'Page',
  collection: 'Collection',
  user: 'User',
  group: 'Group',
  workflow: 'Workflow',
  task: 'Workflow task',
  waitlist_entry: 'Wait list entry',
  reservation: 'Reservation',
  location: 'Location',
  form_submission: 'Form submission',
};

/** Words from a code: 'waitlist.walk_in' reads "Waitlist: walk in". */
function humanize(code: string): string {
  const words = code.replace(/[._]/g, (char) => (char === '.' ? ': ' : ' '));
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An audit code's label; codes of areas added later read as their words. */
export function actionLabel(code: string): string {
  const label = ACTION_LABELS[code];
  return label ? gettext(label) : humanize(code);
}

/** An object type's label; types of areas added later read as their words. */
export function objectTypeLabel(objectType: string): string {
  const label = OBJECT_TYPE_LABELS[objectType];
  return label ? gettext(label) : humanize(objectType);
}
