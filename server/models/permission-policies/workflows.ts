import { BasePermissionPolicy, SuperuserPermissionPolicy, type UserGrants } from './base';

/** Managing workflows and tasks: superusers only, as in Wagtail's defaults. */
export const workflowManagementPolicy = new SuperuserPermissionPolicy();

/** Reviewing moderation tasks: a task's reviewing groups (superusers review every task), in the back office. */
export class TaskReviewPolicy extends BasePermissionPolicy<'review', number> {
  /** Whether the user reviews some active task. */
  userHasPermission(perms: UserGrants, _action: 'review'): boolean {
    return perms.user.is_active && perms.canAccessAdmin && (perms.user.is_superuser || perms.reviewTaskIds.length > 0);
  }

  /** Whether the user reviews this task. */
  userHasPermissionForInstance(perms: UserGrants, _action: 'review', taskId: number): boolean {
    if (!perms.user.is_active || !perms.canAccessAdmin) return false;
    return perms.user.is_superuser || perms.reviewTaskIds.includes(taskId);
  }
}

/** The one policy of task review. */
export const taskReviewPolicy = new TaskReviewPolicy();
