/** Who reviews what: the dashboard's queues of pages awaiting review and submitted, and reviewers' addresses. */
import type { Db } from '../../db/database';
import type { WorkflowState } from '../../db/schema';

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
    .select([
      'ts.id as taskStateId',
      'p.id as pageId',
      'p.draft_title as title',
      't.name as taskName',
      'w.name as workflowName',
      'u.username as requestedBy',
      'ts.started_at as startedAt',
    ])
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
