import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { ApproveTaskAction, CancelWorkflowAction, RejectTaskAction, canCancelWorkflow } from '../../actions/page-workflow';
import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { NotFoundError, PermissionDenied } from '../../errors';
import { getParent, getRevision } from '../../models/pages';
import type { UserPermissions } from '../../models/permissions';
import { nextTaskId, openWorkflowOf, workflowForPath, type OpenWorkflow } from '../../models/workflows';
import { permsOf } from '../access';
import { databaseId } from '../../db/database-id';
import { parseForm } from '../../forms/problems';
import { mailOrigin } from '../mail-origin';
import { adminNextUrl } from '../next-url';
import { flash } from '../render';
import type { AdminContext } from '../types';
import { breadcrumbsFor, explorerUrlOfParent, loadPage } from './load';
import { sendRevisionPreview } from './revisions';
import { formBody } from '../../forms/posted';
import { PagePermissionTester, taskReviewPolicy } from '../../models/permission-policies';

const reviewDecision = z.enum(['approve', 'reject']);
const comment = z.string().trim().max(2000, 'Keep the comment under 2,000 characters.');
/** Approving may say why; asking for changes must say which. */
const commentForms = {
  approve: z.object({ comment: comment.default('') }),
  reject: z.object({ comment: z.string({ error: 'Say what should change.' }).trim().min(1, 'Say what should change.').pipe(comment) }),
};

/** What the edit screen shows of a page's moderation, and which buttons it offers. */
export interface ModerationPanel {
  open: OpenWorkflow | null;
  inProgress: boolean;
  needsChanges: boolean;
  canReview: boolean;
  approveLabel: string;
  canCancel: boolean;
  /** The label of the submit button, when the user may submit the page now. */
  submitLabel: string | null;
}

/** The moderation state of a page as one user sees it on the edit screen. */
export async function moderationPanel(db: Db, perms: UserPermissions, page: Page): Promise<ModerationPanel> {
  const open = (await openWorkflowOf(db, page.id)) ?? null;
  const inProgress = open?.status === 'in_progress';
  const canReview = inProgress && taskReviewPolicy.userHasPermissionForInstance(perms, 'review', open.currentTaskState.task_id);
  const isLast = canReview && (await nextTaskId(db, open.workflow_id, open.currentTaskState.task_id)) === undefined;
  let submitLabel: string | null = null;
  if (!inProgress && new PagePermissionTester(perms, page).canEdit()) {
    if (open) submitLabel = interpolate('Resubmit to {task}', { task: open.currentTaskState.taskName });
    else submitLabel = await submitLabelFor(db, page.path);
  }
  return {
    open,
    inProgress,
    needsChanges: open?.status === 'needs_changes',
    canReview,
    approveLabel: isLast ? gettext('Approve and publish') : gettext('Approve'),
    canCancel: canCancelWorkflow(perms, page, open ?? undefined),
    submitLabel,
  };
}

/** "Submit to {workflow}" when a workflow applies at this tree position, else null. */
export async function submitLabelFor(db: Db, path: string): Promise<string | null> {
  const workflow = await workflowForPath(db, path);
  return workflow ? interpolate('Submit to {workflow}', { workflow: workflow.name }) : null;
}

/** Reviewing (approve, request changes, preview the revision under review) and cancelling workflows. */
export function workflowRouter({ db, admin, sendPage }: AdminContext): Router {
  const router = Router();

  /** The page, its open workflow and the task state named in the address, for one of its reviewers. */
  async function loadReview(req: Request, res: Response) {
    const page = await loadPage(db, req);
    const id = databaseId.safeParse(req.params.taskStateId);
    const open = await openWorkflowOf(db, page.id);
    if (!id.success || !open || open.currentTaskState.id !== id.data || open.currentTaskState.status !== 'in_progress') {
      throw new NotFoundError('This task is not awaiting review on this page.');
    }
    if (!taskReviewPolicy.userHasPermissionForInstance(permsOf(res), 'review', open.currentTaskState.task_id)) throw new PermissionDenied('You do not review this task.');
    return { page, open };
  }

  async function renderDecision(req: Request, res: Response, page: Page, open: OpenWorkflow, decision: z.infer<typeof reviewDecision>, errors: string[] = [], comment = '') {
    const approving = decision === 'approve';
    const last = approving && (await nextTaskId(db, open.workflow_id, open.currentTaskState.task_id)) === undefined;
    admin.render(
      req,
      res,
      'page-workflow-action',
      {
        title: interpolate(approving ? 'Approve {title}' : 'Request changes on {title}', { title: page.draft_title }),
        subtitle: interpolate('{workflow}: {task}', { workflow: open.workflowName, task: open.currentTaskState.taskName }),
        activeNav: 'dashboard',
        breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
        page,
        open,
        previewUrl: `/wagtail/pages/${page.id}/workflow/preview/${open.currentTaskState.id}/`,
        question: approving
          ? last
            ? gettext('Approving the last task publishes the page.')
            : gettext('The page moves on to the next task of the workflow.')
          : gettext('The page goes back to its editors, who can resubmit it after changing it.'),
        commentLabel: approving ? gettext('Comment (optional)') : gettext('What should change?'),
        comment,
        commentErrors: errors,
        confirmLabel: approving ? (last ? gettext('Approve and publish') : gettext('Approve')) : gettext('Request changes'),
        next: adminNextUrl(typeof req.query.next === 'string' ? req.query.next : formBody(req).next, '/wagtail/'),
        danger: !approving,
      },
      errors.length ? 400 : 200,
    );
  }

  router.get('/pages/:pageId/workflow/action/:decision/:taskStateId/', async (req, res) => {
    const decision = reviewDecision.safeParse(req.params.decision);
    if (!decision.success) throw new NotFoundError('There is no such workflow action.');
    const { page, open } = await loadReview(req, res);
    await renderDecision(req, res, page, open, decision.data);
  });

  router.post('/pages/:pageId/workflow/action/:decision/:taskStateId/', async (req, res) => {
    const decision = reviewDecision.safeParse(req.params.decision);
    if (!decision.success) throw new NotFoundError('There is no such workflow action.');
    const { page, open } = await loadReview(req, res);
    const form = parseForm(commentForms[decision.data], req.body);
    if (!form.ok) return renderDecision(req, res, page, open, decision.data, form.errors.comment ?? form.formErrors, String(formBody(req).comment ?? ''));
    const options = { taskStateId: open.currentTaskState.id, comment: form.data.comment, mail: { origin: await mailOrigin(req, db) } };
    const Action = decision.data === 'approve' ? ApproveTaskAction : RejectTaskAction;
    const result = await new Action(db, page, permsOf(res), options).execute();
    const message =
      decision.data === 'reject'
        ? 'Changes requested on "{title}".'
        : result.finished
          ? result.page.live && !result.page.has_unpublished_changes
            ? 'Page "{title}" approved and published.'
            : 'Page "{title}" approved and scheduled for publishing.'
          : 'Page "{title}" approved; it moves on to the next task.';
    flash(req, 'success', interpolate(message, { title: page.draft_title }));
    res.redirect(303, adminNextUrl(formBody(req).next, '/wagtail/'));
  });

  // Reviewers who may not edit the page still see exactly what they are asked to approve.
  router.get('/pages/:pageId/workflow/preview/:taskStateId/', async (req, res) => {
    const { page, open } = await loadReview(req, res);
    const revision = await getRevision(db, page, open.currentTaskState.revision_id);
    if (!revision) throw new NotFoundError('The revision under review is gone.');
    await sendRevisionPreview({ db, sendPage }, req, res, page, revision);
  });

  async function loadCancel(req: Request, res: Response) {
    const page = await loadPage(db, req);
    const open = await openWorkflowOf(db, page.id);
    if (!open) throw new NotFoundError('This page is not in a workflow.');
    if (!canCancelWorkflow(permsOf(res), page, open)) throw new PermissionDenied('You do not have permission to cancel this workflow.');
    return { page, open };
  }

  router.get('/pages/:pageId/workflow/cancel/', async (req, res) => {
    const { page, open } = await loadCancel(req, res);
    admin.render(req, res, 'page-confirm', {
      title: interpolate('Cancel the workflow of {title}', { title: page.draft_title }),
      activeNav: 'pages',
      breadcrumbs: await breadcrumbsFor(db, page, { linkLast: true }),
      page,
      question: interpolate('Stop "{workflow}" for this page? Its reviewers will no longer be asked to approve it.', { workflow: open.workflowName }),
      confirmLabel: gettext('Yes, cancel the workflow'),
      danger: true,
    });
  });

  router.post('/pages/:pageId/workflow/cancel/', async (req, res) => {
    const { page } = await loadCancel(req, res);
    await new CancelWorkflowAction(db, page, permsOf(res)).execute();
    flash(req, 'success', interpolate('The workflow of "{title}" was cancelled.', { title: page.draft_title }));
    const editable = new PagePermissionTester(permsOf(res), { ...page, workflow_task_id: null }).canEdit();
    res.redirect(303, editable ? `/wagtail/pages/${page.id}/edit/` : explorerUrlOfParent(page, await getParent(db, page)));
  });

  return router;
}
