import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Page, TaskStatus, Workflow, WorkflowState, WorkflowTask, WorkflowTaskState } from '../db/schema';
import { ConflictError, ValidationError } from '../errors';

/** A workflow with its tasks in order and how many pages it is assigned to. */
export type WorkflowSummary = Workflow & { tasks: Array<Pick<WorkflowTask, 'id' | 'name' | 'active'>>; pageCount: number };

/** A task with the names of the groups that review it and of the workflows using it. */
export type TaskSummary = WorkflowTask & { groups: string[]; workflows: string[] };

/** What the workflow editor saves: a name, task ids in order, and the pages it applies to. */
export interface WorkflowInput {
  name: string;
  taskIds: number[];
  pageIds: number[];
}

/** What the task editor saves: a name and the ids of the reviewing groups. */
export interface TaskInput {
  name: string;
  groupIds: number[];
}

/** The unfinished workflow of a page, with the task it is at (or was rejected at). */
export type OpenWorkflow = WorkflowState & {
  workflowName: string;
  currentTaskState: WorkflowTaskState & { taskName: string; finishedByUsername: string | null };
  requestedByUsername: string | null;
};

/** Workflows by name, with their tasks in order; disabled ones only when asked for. */
export async function listWorkflows(db: Db, options: { includeDisabled: boolean }): Promise<WorkflowSummary[]> {
  let query = db.selectFrom('workflows').selectAll().orderBy('name').orderBy('id');
  if (!options.includeDisabled) query = query.where('active', '=', true);
  const workflows = await query.execute();
  if (workflows.length === 0) return [];
  const ids = workflows.map((workflow) => workflow.id);
  const [steps, counts] = await Promise.all([
    db
      .selectFrom('workflow_steps')
      .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_steps.task_id')
      .select(['workflow_steps.workflow_id', 'workflow_tasks.id', 'workflow_tasks.name', 'workflow_tasks.active'])
      .where('workflow_steps.workflow_id', 'in', ids)
      .orderBy('workflow_steps.sort_order')
      .execute(),
    db.selectFrom('workflow_pages').select(['workflow_id', (eb) => eb.fn.countAll<string>().as('count')]).where('workflow_id', 'in', ids).groupBy('workflow_id').execute(),
  ]);
  return workflows.map((workflow) => ({
    ...workflow,
    tasks: steps.filter((step) => step.workflow_id === workflow.id).map(({ id, name, active }) => ({ id, name, active })),
    pageCount: Number(counts.find((row) => row.workflow_id === workflow.id)?.count ?? 0),
  }));
}

/** The workflow with this id, or undefined. */
export async function getWorkflow(db: Db, id: number): Promise<Workflow | undefined> {
  return db.selectFrom('workflows').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The task ids of a workflow in order and the pages it is assigned to. */
export async function workflowAssignments(db: Db, workflowId: number): Promise<{ taskIds: number[]; pages: Array<Pick<Page, 'id' | 'draft_title' | 'url_path'>> }> {
  const [steps, pages] = await Promise.all([
    db.selectFrom('workflow_steps').select('task_id').where('workflow_id', '=', workflowId).orderBy('sort_order').execute(),
    db
      .selectFrom('workflow_pages')
      .innerJoin('pages', 'pages.id', 'workflow_pages.page_id')
      .select(['pages.id', 'pages.draft_title', 'pages.url_path'])
      .where('workflow_pages.workflow_id', '=', workflowId)
      .orderBy('pages.path')
      .execute(),
  ]);
  return { taskIds: steps.map((step) => step.task_id), pages };
}

/** Tasks by name with their groups and workflows; disabled ones only when asked for. */
export async function listTasks(db: Db, options: { includeDisabled: boolean }): Promise<TaskSummary[]> {
  let query = db.selectFrom('workflow_tasks').selectAll().orderBy('name').orderBy('id');
  if (!options.includeDisabled) query = query.where('active', '=', true);
  const tasks = await query.execute();
  if (tasks.length === 0) return [];
  const ids = tasks.map((task) => task.id);
  const [groups, workflows] = await Promise.all([
    db.selectFrom('workflow_task_groups').innerJoin('groups', 'groups.id', 'workflow_task_groups.group_id').select(['workflow_task_groups.task_id', 'groups.name']).where('workflow_task_groups.task_id', 'in', ids).orderBy('groups.name').execute(),
    db.selectFrom('workflow_steps').innerJoin('workflows', 'workflows.id', 'workflow_steps.workflow_id').select(['workflow_steps.task_id', 'workflows.name']).where('workflow_steps.task_id', 'in', ids).orderBy('workflows.name').execute(),
  ]);
  return tasks.map((task) => ({
    ...task,
    groups: groups.filter((row) => row.task_id === task.id).map((row) => row.name),
    workflows: workflows.filter((row) => row.task_id === task.id).map((row) => row.name),
  }));
}

/** The task with this id, or undefined. */
export async function getTask(db: Db, id: number): Promise<WorkflowTask | undefined> {
  return db.selectFrom('workflow_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ids of the groups that review a task. */
export async function taskGroupIds(db: Db, taskId: number): Promise<number[]> {
  const rows = await db.selectFrom('workflow_task_groups').select('group_id').where('task_id', '=', taskId).orderBy('group_id').execute();
  return rows.map((row) => row.group_id);
}

/**
 * Creates (id undefined) or replaces a workflow's name, tasks and pages. A page may belong to
 * one workflow only, as in Wagtail: assigning one that another workflow holds is refused.
 */
export async function saveWorkflow(trx: Db, id: number | undefined, input: WorkflowInput): Promise<Workflow> {
  const workflow =
    id === undefined
      ? await trx.insertInto('workflows').values({ name: input.name }).returningAll().executeTakeFirstOrThrow()
      : await trx.updateTable('workflows').set({ name: input.name }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  if (input.pageIds.length > 0) {
    const taken = await trx
      .selectFrom('workflow_pages')
      .innerJoin('workflows', 'workflows.id', 'workflow_pages.workflow_id')
      .innerJoin('pages', 'pages.id', 'workflow_pages.page_id')
      .select(['pages.draft_title', 'workflows.name'])
      .where('workflow_pages.page_id', 'in', input.pageIds)
      .where('workflow_pages.workflow_id', '!=', workflow.id)
      .executeTakeFirst();
    if (taken) throw new ConflictError(`The page "${taken.draft_title}" already has the workflow "${taken.name}".`);
  }
  await trx.deleteFrom('workflow_steps').where('workflow_id', '=', workflow.id).execute();
  if (input.taskIds.length > 0) {
    await trx.insertInto('workflow_steps').values(input.taskIds.map((taskId, index) => ({ workflow_id: workflow.id, task_id: taskId, sort_order: index }))).execute();
  }
  await trx.deleteFrom('workflow_pages').where('workflow_id', '=', workflow.id).execute();
  if (input.pageIds.length > 0) {
    await trx.insertInto('workflow_pages').values(input.pageIds.map((pageId) => ({ page_id: pageId, workflow_id: workflow.id }))).execute();
  }
  return workflow;
}

/** Creates (id undefined) or updates a task and its reviewing groups. */
export async function saveTask(trx: Db, id: number | undefined, input: TaskInput): Promise<WorkflowTask> {
  const task =
    id === undefined
      ? await trx.insertInto('workflow_tasks').values({ name: input.name }).returningAll().executeTakeFirstOrThrow()
      : await trx.updateTable('workflow_tasks').set({ name: input.name }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  await trx.deleteFrom('workflow_task_groups').where('task_id', '=', task.id).execute();
  if (input.groupIds.length > 0) {
    await trx.insertInto('workflow_task_groups').values(input.groupIds.map((groupId) => ({ task_id: task.id, group_id: groupId }))).execute();
  }
  return task;
}

/** Sets a workflow's or a task's active flag. */
export async function setActive(trx: Db, table: 'workflows' | 'workflow_tasks', id: number, active: boolean): Promise<void> {
  await trx.updateTable(table).set({ active }).where('id', '=', id).execute();
}

/** Drops a (disabled) workflow's page assignments, as Wagtail does, so its pages may take another. */
export async function unassignWorkflow(trx: Db, workflowId: number): Promise<void> {
  await trx.deleteFrom('workflow_pages').where('workflow_id', '=', workflowId).execute();
}

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
  let stateQuery = db
    .selectFrom('workflow_states')
    .selectAll()
    .where('page_id', '=', pageId)
    .where('status', 'in', ['in_progress', 'needs_changes']);
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
export async function startWorkflow(trx: Db, page: Pick<Page, 'id'>, workflow: Workflow, revisionId: number, userId: number): Promise<{ state: WorkflowState; taskState: WorkflowTaskState }> {
  const [firstTaskId] = await activeTaskIds(trx, workflow.id);
  if (firstTaskId === undefined) throw new ValidationError(`The workflow "${workflow.name}" has no active task.`);
  const state = await trx.insertInto('workflow_states').values({ page_id: page.id, workflow_id: workflow.id, status: 'in_progress', requested_by: userId }).returningAll().executeTakeFirstOrThrow();
  return { state, taskState: await startTask(trx, state, firstTaskId, revisionId) };
}

/** Records a reviewer's decision on a task state. */
export async function finishTaskState(trx: Db, taskStateId: number, decision: { status: Exclude<TaskStatus, 'in_progress'>; userId: number | null; comment?: string; now?: Date }): Promise<void> {
  await trx
    .updateTable('workflow_task_states')
    .set({ status: decision.status, finished_by: decision.userId, finished_at: decision.now ?? new Date(), comment: decision.comment ?? '' })
    .where('id', '=', taskStateId)
    .execute();
}

/** Ends a workflow run (approved, cancelled or sent back for changes); the page waits on nothing. */
export async function setWorkflowStatus(trx: Db, state: Pick<WorkflowState, 'id' | 'page_id'>, status: Exclude<WorkflowState['status'], 'in_progress'>, now = new Date()): Promise<void> {
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

/** A page awaiting review, for the dashboard. */
export interface AwaitingReview {
  taskStateId: number;
  pageId: number;
  title: string;
  taskName: string;
  workflowName: string;
  requestedBy: string | null;
  startedAt: Date;
}

/** Pages waiting on a task the user reviews (every task for superusers), oldest first. */
export async function awaitingReview(db: Db, reviewer: { isSuperuser: boolean; taskIds: readonly number[] }, limit = 20): Promise<AwaitingReview[]> {
  if (!reviewer.isSuperuser && reviewer.taskIds.length === 0) return [];
  let query = db
    .selectFrom('workflow_task_states as ts')
    .innerJoin('workflow_states as ws', 'ws.id', 'ts.workflow_state_id')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .innerJoin('workflow_tasks as t', 't.id', 'ts.task_id')
    .innerJoin('pages as p', 'p.id', 'ws.page_id')
    .leftJoin('users as u', 'u.id', 'ws.requested_by')
    .select(['ts.id as taskStateId', 'p.id as pageId', 'p.draft_title as title', 't.name as taskName', 'w.name as workflowName', 'u.username as requestedBy', 'ts.started_at as startedAt'])
    .where('ts.status', '=', 'in_progress')
    .orderBy('ts.started_at')
    .orderBy('ts.id')
    .limit(limit);
  if (!reviewer.isSuperuser) query = query.where('ts.task_id', 'in', reviewer.taskIds);
  return query.execute();
}

/** A page the user submitted whose workflow is unfinished, for the dashboard. */
export interface SubmittedPage {
  pageId: number;
  title: string;
  status: WorkflowState['status'];
  workflowName: string;
  submittedAt: Date;
}

/** The pages a user submitted that are still in moderation or sent back for changes, newest first. */
export async function submittedBy(db: Db, userId: number, limit = 20): Promise<SubmittedPage[]> {
  return db
    .selectFrom('workflow_states as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .innerJoin('pages as p', 'p.id', 'ws.page_id')
    .select(['p.id as pageId', 'p.draft_title as title', 'ws.status', 'w.name as workflowName', 'ws.created_at as submittedAt'])
    .where('ws.requested_by', '=', userId)
    .where('ws.status', 'in', ['in_progress', 'needs_changes'])
    .orderBy('ws.created_at', 'desc')
    .orderBy('ws.id', 'desc')
    .limit(limit)
    .execute();
}

/** Email addresses of the active members of a task's groups: who to tell that a page waits for them. */
export async function reviewerEmails(db: Db, taskId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('workflow_task_groups')
    .innerJoin('user_groups', 'user_groups.group_id', 'workflow_task_groups.group_id')
    .innerJoin('users', 'users.id', 'user_groups.user_id')
    .select('users.email')
    .distinct()
    .where('workflow_task_groups.task_id', '=', taskId)
    .where('users.is_active', '=', true)
    .where('users.email', '!=', '')
    .execute();
  return rows.map((row) => row.email);
}

/** The ids of the active tasks reviewed by any of the user's groups. */
export async function reviewTaskIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('workflow_task_groups')
    .innerJoin('user_groups', 'user_groups.group_id', 'workflow_task_groups.group_id')
    .innerJoin('workflow_tasks', 'workflow_tasks.id', 'workflow_task_groups.task_id')
    .select('workflow_task_groups.task_id')
    .distinct()
    .where('user_groups.user_id', '=', userId)
    .where('workflow_tasks.active', '=', true)
    .execute();
  return rows.map((row) => row.task_id);
}
