/**
 * Workflow runs on pages (Wagtail's WorkflowState and TaskState): which workflow applies, starting
 * a run and its tasks, recording reviewers' decisions, and ending or cancelling a run.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Page, TaskStatus, Workflow, WorkflowState, WorkflowTaskState } from '../../db/schema';
import { ValidationError } from '../../errors';

/** The unfinished workflow of a page, with the task it is at (or was rejected at). */
export type OpenWorkflow = WorkflowState & {
  workflowName: string;
  currentTaskState: WorkflowTaskState & { taskName: string; finishedByUsername: string | null };
  requestedByUsername: string | null;
};

/**
 * The active workflow that applies at a tree position: the one assigned to the nearest page on
 * the path (the page itself or an ancestor), if it is active and has an active task.
 */
export async function workflowForPath(db: Db, path: string): Promise<Workflow | undefined> {
  const nearest = await db
    .selectFrom('workflow_pages')
    .innerJoin('pages', 'pages.id', 'workflow_pages.page_id')
    .innerJoin('workflows', 'workflows.id', 'workflow_pages.workflow_id')
    .selectAll('workflows')
    .where(sql<boolean>`${path}::text like pages.path || '%'`)
    .orderBy('pages.depth', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!nearest?.active) return undefined;
  return (await activeTaskIds(db, nearest.id)).length > 0 ? nearest : undefined;
}

/** The ids of a workflow's active tasks, in order. */
export async function activeTaskIds(db: Db, workflowId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('workflow_steps')
    .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_steps.task_id')
    .select('workflow_tasks.id')
    .where('workflow_steps.workflow_id', '=', workflowId)
    .where('workflow_tasks.active', '=', true)
    .orderBy('workflow_steps.sort_order')
    .execute();
  return rows.map((row) => row.id);
}

/** The active task after `taskId` in the workflow's order, or undefined when none follows. */
export async function nextTaskId(db: Db, workflowId: number, taskId: number): Promise<number | undefined> {
  const steps = await db
    .selectFrom('workflow_steps')
    .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_steps.task_id')
    .select(['workflow_tasks.id', 'workflow_tasks.active'])
    .where('workflow_steps.workflow_id', '=', workflowId)
    .orderBy('workflow_steps.sort_order')
    .execute();
  const at = steps.findIndex((step) => step.id === taskId);
  if (at === -1) return undefined;
  return steps.slice(at + 1).find((step) => step.active)?.id;
}

/** The unfinished workflow of a page (in progress or sent back for changes), or undefined. */
export async function openWorkflowOf(db: Db, pageId: number, options: { forUpdate?: boolean } = {}): Promise<OpenWorkflow | undefined> {
  let stateQuery = db.selectFrom('workflow_states').selectAll().where('page_id', '=', pageId).where('status', 'in', ['in_progress', 'needs_changes']);
  if (options.forUpdate) stateQuery = stateQuery.forUpdate();
  const state = await stateQuery.executeTakeFirst();
  if (!state) return undefined;
  const [workflow, taskState, requester] = await Promise.all([
    db.selectFrom('workflows').select('name').where('id', '=', state.workflow_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('workflow_task_states')
      .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_task_states.task_id')
      .leftJoin('users', 'users.id', 'workflow_task_states.finished_by')
      .selectAll('workflow_task_states')
      .select(['workflow_tasks.name as taskName', 'users.username as finishedByUsername'])
      .where('workflow_task_states.workflow_state_id', '=', state.id)
      .orderBy('workflow_task_states.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow(),
    state.requested_by === null ? undefined : db.selectFrom('users').select('username').where('id', '=', state.requested_by).executeTakeFirst(),
  ]);
  return { ...state, workflowName: workflow.name, currentTaskState: taskState, requestedByUsername: requester?.username ?? null };
}

/** Starts a task of a workflow run on a revision; the page now waits on that task. */
export async function startTask(trx: Db, state: Pick<WorkflowState, 'id' | 'page_id'>, taskId: number, revisionId: number): Promise<WorkflowTaskState> {
  const taskState = await trx
    .insertInto('workflow_task_states')
    .values({ workflow_state_id: state.id, task_id: taskId, revision_id: revisionId, status: 'in_progress' })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.updateTable('workflow_states').set({ status: 'in_progress' }).where('id', '=', state.id).execute();
  await trx.updateTable('pages').set({ workflow_task_id: taskId }).where('id', '=', state.page_id).execute();
  return taskState;
}

/** Starts a workflow run on a page at its first active task. */
export async function startWorkflow(
  trx: Db,
  page: Pick<Page, 'id'>,
  workflow: Workflow,
  revisionId: number,
  userId: number,
): Promise<{ state: WorkflowState; taskState: WorkflowTaskState }> {
  const [firstTaskId] = await activeTaskIds(trx, workflow.id);
  if (firstTaskId === undefined) throw new ValidationError(`The workflow "${workflow.name}" has no active task.`);
  const state = await trx
    .insertInto('workflow_states')
    .values({ page_id: page.id, workflow_id: workflow.id, status: 'in_progress', requested_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { state, taskState: await startTask(trx, state, firstTaskId, revisionId) };
}

/** Records a reviewer's decision on a task state. */
export async function finishTaskState(
  trx: Db,
  taskStateId: number,
  decision: { status: Exclude<TaskStatus, 'in_progress'>; userId: number | null; comment?: string; now?: Date },
): Promise<void> {
  await trx
    .updateTable('workflow_task_states')
    .set({ status: decision.status, finished_by: decision.userId, finished_at: decision.now ?? new Date(), comment: decision.comment ?? '' })
    .where('id', '=', taskStateId)
    .execute();
}

/** Ends a workflow run (approved, cancelled or sent back for changes); the page waits on nothing. */
export async function setWorkflowStatus(
  trx: Db,
  state: Pick<WorkflowState, 'id' | 'page_id'>,
  status: Exclude<WorkflowState['status'], 'in_progress'>,
  now = new Date(),
): Promise<void> {
  await trx
    .updateTable('workflow_states')
    .set({ status, finished_at: status === 'needs_changes' ? null : now })
    .where('id', '=', state.id)
    .execute();
  await trx.updateTable('pages').set({ workflow_task_id: null }).where('id', '=', state.page_id).execute();
}

/**
 * Cancels the unfinished workflow of a page, if any (its task in progress too); returns the
 * cancelled run. Used by cancelling, by publishing past the workflow and by disabling it.
 */
export async function cancelOpenWorkflow(trx: Db, pageId: number, userId: number | null): Promise<OpenWorkflow | undefined> {
  const open = await openWorkflowOf(trx, pageId, { forUpdate: true });
  if (!open) return undefined;
  if (open.currentTaskState.status === 'in_progress') await finishTaskState(trx, open.currentTaskState.id, { status: 'cancelled', userId });
  await setWorkflowStatus(trx, open, 'cancelled');
  return open;
}

/** The ids of pages with an unfinished run of a workflow. */
export async function pagesInWorkflow(db: Db, workflowId: number): Promise<number[]> {
  const rows = await db.selectFrom('workflow_states').select('page_id').where('workflow_id', '=', workflowId).where('status', 'in', ['in_progress', 'needs_changes']).execute();
  return rows.map((row) => row.page_id);
}

/** The task states in progress on a task, locked for the caller's transaction. */
export async function inProgressTaskStates(trx: Db, taskId: number): Promise<Array<WorkflowTaskState & { page_id: number; workflow_id: number }>> {
  return trx
    .selectFrom('workflow_task_states')
    .innerJoin('workflow_states', 'workflow_states.id', 'workflow_task_states.workflow_state_id')
    .selectAll('workflow_task_states')
    .select(['workflow_states.page_id', 'workflow_states.workflow_id'])
    .where('workflow_task_states.task_id', '=', taskId)
    .where('workflow_task_states.status', '=', 'in_progress')
    .forUpdate()
    .execute();
}

/**
 * A new revision of a page under review replaces the one its current task reviews, so reviewers
 * approve (and approval publishes) what the page now holds.
 */
export async function reviewLatestRevision(trx: Db, pageId: number, revisionId: number): Promise<void> {
  await trx
    .updateTable('workflow_task_states')
    .set({ revision_id: revisionId })
    .where('status', '=', 'in_progress')
    .where('workflow_state_id', 'in', (eb) => eb.selectFrom('workflow_states').select('id').where('page_id', '=', pageId).where('status', '=', 'in_progress'))
    .execute();
}
