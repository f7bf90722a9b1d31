import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { TaskStatus, WorkflowStatus } from '../db/schema';
import type { UserPermissions } from './permissions';
import { isKeysetSlice, type ReportSlice } from './reports-batches';
import { changeablePageCondition } from './reports-scope';

/** Workflow run states as Wagtail's WorkflowState.STATUS_CHOICES names them. */
export const WORKFLOW_STATUS_LABELS: Record<WorkflowStatus, string> = {
  in_progress: 'In progress',
  approved: 'Approved',
  needs_changes: 'Needs changes',
  cancelled: 'Cancelled',
};

/** Task states as Wagtail's TaskState.STATUS_CHOICES names them. */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  in_progress: 'In progress',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** The workflows report's filters (Wagtail's WorkflowReportFilterSet). */
export interface WorkflowReportFilter {
  reviewable?: boolean;
  workflowId?: number;
  status?: WorkflowStatus;
  requestedBy?: number;
  from?: Date;
  until?: Date;
}

/** One workflow run on a page. */
export interface WorkflowReportRow {
  id: number;
  created_at: Date;
  status: WorkflowStatus;
  workflow_name: string;
  page_id: number;
  page_title: string;
  page_type: string;
  requested_by_username: string | null;
  current_task_name: string | null;
}

/** A condition holding for the task states the user reviews (alias of task_states), in progress. */
function reviewableTask(perms: UserPermissions, alias: string): RawBuilder<boolean> {
  const inProgress = sql<boolean>`${sql.ref(`${alias}.status`)} = 'in_progress'`;
  if (perms.user.is_superuser) return inProgress;
  return perms.reviewTaskIds.length ? sql<boolean>`(${inProgress} and ${sql.ref(`${alias}.task_id`)} in (${sql.join([...perms.reviewTaskIds])}))` : sql<boolean>`false`;
}

function workflowRuns(db: Db, perms: UserPermissions, filter: WorkflowReportFilter) {
  let query = db
    .selectFrom('workflow_states as ws')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .innerJoin('pages as p', 'p.id', 'ws.page_id')
    .leftJoin('users as u', 'u.id', 'ws.requested_by')
    .where(changeablePageCondition(perms, 'p'));
  if (filter.reviewable) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('workflow_task_states as ts').select('ts.id').whereRef('ts.workflow_state_id', '=', 'ws.id').where(reviewableTask(perms, 'ts'))),
    );
  }
  if (filter.workflowId !== undefined) query = query.where('ws.workflow_id', '=', filter.workflowId);
  if (filter.status) query = query.where('ws.status', '=', filter.status);
  if (filter.requestedBy !== undefined) query = query.where('ws.requested_by', '=', filter.requestedBy);
  if (filter.from) query = query.where('ws.created_at', '>=', filter.from);
  if (filter.until) query = query.where('ws.created_at', '<', filter.until);
  return query;
}

/** Workflow runs on pages the user may change, newest first. */
export async function listWorkflowRuns(db: Db, perms: UserPermissions, filter: WorkflowReportFilter, slice: ReportSlice<WorkflowReportRow>): Promise<WorkflowReportRow[]> {
  let query = workflowRuns(db, perms, filter)
    .select(['ws.id', 'ws.created_at', 'ws.status', 'w.name as workflow_name', 'p.id as page_id', 'p.title as page_title', 'p.page_type', 'u.username as requested_by_username'])
    .select((eb) =>
      eb
        .selectFrom('workflow_task_states as ts')
        .innerJoin('workflow_tasks as t', 't.id', 'ts.task_id')
        .select('t.name')
        .whereRef('ts.workflow_state_id', '=', 'ws.id')
        .where('ts.status', '=', 'in_progress')
        .limit(1)
        .as('current_task_name'),
    )
    .orderBy('ws.created_at', 'desc')
    .orderBy('ws.id', 'desc')
    .limit(slice.limit);
  if (!isKeysetSlice(slice)) return query.offset(slice.offset).execute();
  if (slice.after) query = query.where(sql<boolean>`(ws.created_at, ws.id) < (${slice.after.created_at}, ${slice.after.id})`);
  return query.execute();
}

/** How many workflow runs the user may see match the filter. */
export async function countWorkflowRuns(db: Db, perms: UserPermissions, filter: WorkflowReportFilter): Promise<number> {
  const row = await workflowRuns(db, perms, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The workflow tasks report's filters (Wagtail's WorkflowTasksReportFilterSet). */
export interface TaskReportFilter {
  reviewable?: boolean;
  workflowId?: number;
  taskId?: number;
  status?: TaskStatus;
  startedFrom?: Date;
  startedUntil?: Date;
  finishedFrom?: Date;
  finishedUntil?: Date;
}

/** One task of a workflow run. */
export interface TaskReportRow {
  id: number;
  started_at: Date;
  finished_at: Date | null;
  status: TaskStatus;
  task_name: string;
  workflow_name: string;
  page_id: number;
  page_title: string;
  page_type: string;
  requested_by_username: string | null;
  finished_by_username: string | null;
}

function taskRuns(db: Db, perms: UserPermissions, filter: TaskReportFilter) {
  let query = db
    .selectFrom('workflow_task_states as ts')
    .innerJoin('workflow_states as ws', 'ws.id', 'ts.workflow_state_id')
    .innerJoin('workflows as w', 'w.id', 'ws.workflow_id')
    .innerJoin('workflow_tasks as t', 't.id', 'ts.task_id')
    .innerJoin('pages as p', 'p.id', 'ws.page_id')
    .leftJoin('users as requester', 'requester.id', 'ws.requested_by')
    .leftJoin('users as finisher', 'finisher.id', 'ts.finished_by')
    .where(changeablePageCondition(perms, 'p'));
  if (filter.reviewable) query = query.where(reviewableTask(perms, 'ts'));
  if (filter.workflowId !== undefined) query = query.where('ws.workflow_id', '=', filter.workflowId);
  if (filter.taskId !== undefined) query = query.where('ts.task_id', '=', filter.taskId);
  if (filter.status) query = query.where('ts.status', '=', filter.status);
  if (filter.startedFrom) query = query.where('ts.started_at', '>=', filter.startedFrom);
  if (filter.startedUntil) query = query.where('ts.started_at', '<', filter.startedUntil);
  if (filter.finishedFrom) query = query.where('ts.finished_at', '>=', filter.finishedFrom);
  if (filter.finishedUntil) query = query.where('ts.finished_at', '<', filter.finishedUntil);
  return query;
}

/** Tasks of workflow runs on pages the user may change, most recently started first. */
export async function listTaskRuns(db: Db, perms: UserPermissions, filter: TaskReportFilter, slice: ReportSlice<TaskReportRow>): Promise<TaskReportRow[]> {
  let query = taskRuns(db, perms, filter)
    .select([
      'ts.id',
      'ts.started_at',
      'ts.finished_at',
      'ts.status',
      't.name as task_name',
      'w.name as workflow_name',
      'p.id as page_id',
      'p.title as page_title',
      'p.page_type',
      'requester.username as requested_by_username',
      'finisher.username as finished_by_username',
    ])
    .orderBy('ts.started_at', 'desc')
    .orderBy('ts.id', 'desc')
    .limit(slice.limit);
  if (!isKeysetSlice(slice)) return query.offset(slice.offset).execute();
  if (slice.after) query = query.where(sql<boolean>`(ts.started_at, ts.id) < (${slice.after.started_at}, ${slice.after.id})`);
  return query.execute();
}

/** How many workflow tasks the user may see match the filter. */
export async function countTaskRuns(db: Db, perms: UserPermissions, filter: TaskReportFilter): Promise<number> {
  const row = await taskRuns(db, perms, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The filters' choices: every workflow and task, and the users who submitted a page to a workflow. */
export async function workflowFilterChoices(db: Db) {
  const [workflows, tasks, requesters] = await Promise.all([
    db.selectFrom('workflows').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('workflow_tasks').select(['id', 'name']).orderBy('name').execute(),
    db
      .selectFrom('users')
      .select(['users.id', 'users.username'])
      .where((eb) => eb.exists(eb.selectFrom('workflow_states').select('workflow_states.id').whereRef('workflow_states.requested_by', '=', 'users.id')))
      .orderBy('users.username')
      .execute(),
  ]);
  return { workflows, tasks, requesters };
}
