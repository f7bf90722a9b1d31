import { gettext, interpolate } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { Page, WorkflowTaskState } from '../db/schema';
import { NotFoundError, PermissionDenied, ValidationError } from '../errors';
import { queueEmail } from '../models/outbox';
import type { UserPermissions } from '../models/permissions';
import { getUser } from '../models/users';
import {
  activeTaskIds,
  cancelOpenWorkflow,
  finishTaskState,
  getTask,
  nextTaskId,
  openWorkflowOf,
  reviewerEmails,
  setWorkflowStatus,
  startTask,
  startWorkflow,
  workflowForPath,
  type OpenWorkflow,
} from '../models/workflows';
import { PageAction } from './page-action';
import { publishAndAudit } from './publish-page';
import { PagePermissionTester, taskReviewPolicy } from '../models/permission-policies';

/** Where links in workflow mail point: the back office's origin ('https://example.com'). */
export interface WorkflowMailOptions {
  origin: string;
}

function editLink(mail: WorkflowMailOptions, page: Pick<Page, 'id'>): string {
  return `${mail.origin}/wagtail/pages/${page.id}/edit/`;
}

/** Tells the reviewers of a task that a page waits for them. */
async function notifyReviewers(trx: Db, page: Page, taskId: number, mail: WorkflowMailOptions): Promise<void> {
  const task = await getTask(trx, taskId);
  for (const to of await reviewerEmails(trx, taskId)) {
    await queueEmail(trx, {
      to,
      subject: interpolate('"{title}" awaits your review', { title: page.draft_title }).slice(0, 200),
      text: [
        interpolate('The page "{title}" awaits review for the task "{task}".', { title: page.draft_title, task: task?.name ?? '' }),
        '',
        gettext('Review it here:'),
        editLink(mail, page),
      ].join('\n'),
    });
  }
}

/** Tells whoever submitted a page what became of it. */
async function notifyRequester(trx: Db, page: Page, open: OpenWorkflow, message: string, comment: string, mail: WorkflowMailOptions): Promise<void> {
  if (open.requested_by === null) return;
  const requester = await getUser(trx, open.requested_by);
  if (!requester?.is_active || !requester.email) return;
  await queueEmail(trx, {
    to: requester.email,
    subject: message.slice(0, 200),
    text: [message, ...(comment ? ['', interpolate('Comment: {comment}', { comment })] : []), '', editLink(mail, page)].join('\n'),
  });
}

/**
 * Submits a page's latest revision to the workflow that applies to it: its first active task,
 * or, for a page sent back for changes, the task that asked for them (Wagtail's "Resubmit").
 * Needs edit permission. Audit 'page.workflow.start' or 'page.workflow.resume'.
 */
export class SubmitForModerationAction extends PageAction<OpenWorkflow, WorkflowMailOptions> {
  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    if (!new PagePermissionTester(this.actor, page).canEdit()) throw new PermissionDenied('You do not have permission to submit this page for moderation.');
    const open = await openWorkflowOf(db, page.id);
    if (open?.status === 'in_progress') throw new ValidationError(interpolate('"{title}" is already in moderation.', { title: page.draft_title }));
    if (!open && !(await workflowForPath(db, page.path))) throw new ValidationError('No workflow applies to this page.');
  }

  protected async perform(trx: Db, page: Page): Promise<OpenWorkflow> {
    if (page.latest_revision_id === null) throw new ValidationError(`Page "${page.title}" has no revision to submit.`);
    const open = await openWorkflowOf(trx, page.id, { forUpdate: true });
    let taskId: number;
    if (open) {
      const tasks = await activeTaskIds(trx, open.workflow_id);
      const resumeAt = tasks.includes(open.currentTaskState.task_id) ? open.currentTaskState.task_id : tasks[0];
      if (resumeAt === undefined) throw new ValidationError(`The workflow "${open.workflowName}" has no active task.`);
      await startTask(trx, open, resumeAt, page.latest_revision_id);
      taskId = resumeAt;
      await this.audit(trx, { action: 'page.workflow.resume', pageId: page.id, label: page.draft_title, data: { workflow: open.workflowName, task_id: resumeAt } });
    } else {
      const workflow = await workflowForPath(trx, page.path);
      if (!workflow) throw new ValidationError('No workflow applies to this page.');
      const started = await startWorkflow(trx, page, workflow, page.latest_revision_id, this.actorId);
      taskId = started.taskState.task_id;
      await this.audit(trx, { action: 'page.workflow.start', pageId: page.id, label: page.draft_title, data: { workflow: workflow.name, task_id: taskId } });
    }
    await notifyReviewers(trx, page, taskId, this.options);
    const state = await openWorkflowOf(trx, page.id);
    if (!state) throw new Error('The workflow just started is not open');
    return state;
  }
}

/** A reviewer's decision on the task a page waits on, with an optional comment. */
export interface ReviewOptions {
  taskStateId: number;
  comment: string;
  mail: WorkflowMailOptions;
}

/** What a review did: the page as it is now and whether the workflow finished (and published). */
export interface ReviewResult {
  page: Page;
  finished: boolean;
}

/** The shared rule of approving and rejecting: only the task's reviewers, only while it is in progress. */
abstract class ReviewTaskAction extends PageAction<ReviewResult, ReviewOptions> {
  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    const open = await openWorkflowOf(db, page.id);
    this.currentTaskStateOf(open);
  }

  /** The task state under review, checked to be this one, in progress, and the actor's to review. */
  protected currentTaskStateOf(open: OpenWorkflow | undefined): WorkflowTaskState {
    const current = open?.currentTaskState;
    if (!open || !current || current.id !== this.options.taskStateId) throw new NotFoundError('This task is not awaiting review on this page.');
    if (current.status !== 'in_progress') throw new ValidationError('This task has already been reviewed.');
    if (!taskReviewPolicy.userHasPermissionForInstance(this.actor, 'review', current.task_id)) throw new PermissionDenied('You do not review this task.');
    return current;
  }
}

/**
 * Approves the task a page waits on. The workflow moves to its next active task, or, after the
 * last, is approved and the reviewed revision published. Audit 'page.workflow.approve' (and
 * 'page.publish' or 'page.schedule').
 */
export class ApproveTaskAction extends ReviewTaskAction {
  protected async perform(trx: Db, page: Page): Promise<ReviewResult> {
    const open = await openWorkflowOf(trx, page.id, { forUpdate: true });
    const current = this.currentTaskStateOf(open);
    await finishTaskState(trx, current.id, { status: 'approved', userId: this.actorId, comment: this.options.comment });
    await this.audit(trx, {
      action: 'page.workflow.approve',
      pageId: page.id,
      label: page.draft_title,
      data: { workflow: open!.workflowName, task: open!.currentTaskState.taskName, comment: this.options.comment },
    });
    const next = await nextTaskId(trx, open!.workflow_id, current.task_id);
    if (next !== undefined) {
      await startTask(trx, open!, next, page.latest_revision_id ?? current.revision_id);
      await notifyReviewers(trx, page, next, this.options.mail);
      return { page, finished: false };
    }
    await setWorkflowStatus(trx, open!, 'approved');
    const { page: published } = await publishAndAudit(trx, { ...page, workflow_task_id: null }, { revisionId: current.revision_id, userId: this.actorId });
    await notifyRequester(trx, page, open!, interpolate('"{title}" has been approved and published.', { title: page.draft_title }), this.options.comment, this.options.mail);
    return { page: published, finished: true };
  }
}

/**
 * Rejects the task a page waits on: the workflow waits for changes and the page is editable
 * again; resubmitting resumes at this task. Audit 'page.workflow.reject'.
 */
export class RejectTaskAction extends ReviewTaskAction {
  protected async perform(trx: Db, page: Page): Promise<ReviewResult> {
    const open = await openWorkflowOf(trx, page.id, { forUpdate: true });
    const current = this.currentTaskStateOf(open);
    await finishTaskState(trx, current.id, { status: 'rejected', userId: this.actorId, comment: this.options.comment });
    await setWorkflowStatus(trx, open!, 'needs_changes');
    await this.audit(trx, {
      action: 'page.workflow.reject',
      pageId: page.id,
      label: page.draft_title,
      data: { workflow: open!.workflowName, task: open!.currentTaskState.taskName, comment: this.options.comment },
    });
    await notifyRequester(trx, page, open!, interpolate('Changes were requested on "{title}".', { title: page.draft_title }), this.options.comment, this.options.mail);
    return { page: { ...page, workflow_task_id: null }, finished: true };
  }
}

/** Whether the actor may cancel a page's unfinished workflow: whoever submitted it, or a publisher. */
export function canCancelWorkflow(actor: UserPermissions, page: Page, open: OpenWorkflow | undefined): boolean {
  if (!open) return false;
  return open.requested_by === actor.user.id || new PagePermissionTester(actor, { ...page, workflow_task_id: null }).canPublish();
}

/** Cancels a page's unfinished workflow; the page is editable again. Audit 'page.workflow.cancel'. */
export class CancelWorkflowAction extends PageAction<void> {
  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    const open = await openWorkflowOf(db, page.id);
    if (!open) throw new NotFoundError('This page is not in a workflow.');
    if (!canCancelWorkflow(this.actor, page, open)) throw new PermissionDenied('You do not have permission to cancel this workflow.');
  }

  protected async perform(trx: Db, page: Page): Promise<void> {
    const open = await cancelOpenWorkflow(trx, page.id, this.actorId);
    if (!open) throw new NotFoundError('This page is not in a workflow.');
    await this.audit(trx, { action: 'page.workflow.cancel', pageId: page.id, label: page.draft_title, data: { workflow: open.workflowName } });
  }
}
