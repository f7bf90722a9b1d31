import type { Db } from '../db/database';
import type { Workflow, WorkflowTask } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { PermissionDenied } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { getPageOrThrow } from '../models/pages';
import { canManageWorkflows, type UserPermissions } from '../models/permissions';
import {
  cancelOpenWorkflow,
  finishTaskState,
  inProgressTaskStates,
  nextTaskId,
  pagesInWorkflow,
  saveTask,
  saveWorkflow,
  setActive,
  startTask,
  unassignWorkflow,
  type TaskInput,
  type WorkflowInput,
} from '../models/workflows';

// Workflow and task changes share one rule (only workflow managers) and one audit format, so
// they are small functions over that rule, as the user and group changes are.

function requireWorkflowManager(actor: UserPermissions): void {
  if (!canManageWorkflows(actor)) throw new PermissionDenied('You do not have permission to manage workflows.');
}

/** Creates (id undefined) or updates a workflow, its tasks and pages. Audit 'workflow.create' / 'workflow.edit'. */
export async function saveWorkflowDefinition(db: Db, actor: UserPermissions, id: number | undefined, input: WorkflowInput): Promise<Workflow> {
  requireWorkflowManager(actor);
  return withTransaction(db, async (trx) => {
    const workflow = await saveWorkflow(trx, id, input);
    await writeLogEntry(trx, { action: id === undefined ? 'workflow.create' : 'workflow.edit', userId: actor.user.id, objectType: 'workflow', objectId: workflow.id, label: workflow.name, data: { task_ids: input.taskIds, page_ids: input.pageIds } });
    return workflow;
  });
}

/**
 * Enables or disables a workflow. Disabling cancels its unfinished runs and frees its pages, as
 * Wagtail does. Audit 'workflow.enable' / 'workflow.disable' (and 'page.workflow.cancel' per page).
 */
export async function setWorkflowEnabled(db: Db, actor: UserPermissions, workflow: Workflow, active: boolean): Promise<void> {
  requireWorkflowManager(actor);
  await withTransaction(db, async (trx) => {
    await setActive(trx, 'workflows', workflow.id, active);
    if (!active) {
      for (const pageId of await pagesInWorkflow(trx, workflow.id)) {
        const cancelled = await cancelOpenWorkflow(trx, pageId, actor.user.id);
        if (cancelled) await writeLogEntry(trx, { action: 'page.workflow.cancel', userId: actor.user.id, pageId, label: (await getPageOrThrow(trx, pageId)).draft_title, data: { workflow: workflow.name, reason: 'workflow disabled' } });
      }
      await unassignWorkflow(trx, workflow.id);
    }
    await writeLogEntry(trx, { action: active ? 'workflow.enable' : 'workflow.disable', userId: actor.user.id, objectType: 'workflow', objectId: workflow.id, label: workflow.name });
  });
}

/** Creates (id undefined) or updates a task and its reviewing groups. Audit 'task.create' / 'task.edit'. */
export async function saveTaskDefinition(db: Db, actor: UserPermissions, id: number | undefined, input: TaskInput): Promise<WorkflowTask> {
  requireWorkflowManager(actor);
  return withTransaction(db, async (trx) => {
    const task = await saveTask(trx, id, input);
    await writeLogEntry(trx, { action: id === undefined ? 'task.create' : 'task.edit', userId: actor.user.id, objectType: 'task', objectId: task.id, label: task.name, data: { group_ids: input.groupIds } });
    return task;
  });
}

/**
 * Enables or disables a task. Pages waiting on a disabled task move on to their workflow's next
 * active task; where none follows, the run is cancelled rather than approved, so nothing goes
 * live without a reviewer (Wagtail would publish). Audit 'task.enable' / 'task.disable'.
 */
export async function setTaskEnabled(db: Db, actor: UserPermissions, task: WorkflowTask, active: boolean): Promise<void> {
  requireWorkflowManager(actor);
  await withTransaction(db, async (trx) => {
    await setActive(trx, 'workflow_tasks', task.id, active);
    if (!active) {
      for (const taskState of await inProgressTaskStates(trx, task.id)) {
        const page = await getPageOrThrow(trx, taskState.page_id);
        const next = await nextTaskId(trx, taskState.workflow_id, task.id);
        if (next === undefined) {
          await cancelOpenWorkflow(trx, page.id, actor.user.id);
          await writeLogEntry(trx, { action: 'page.workflow.cancel', userId: actor.user.id, pageId: page.id, label: page.draft_title, data: { task: task.name, reason: 'task disabled' } });
        } else {
          await finishTaskState(trx, taskState.id, { status: 'cancelled', userId: actor.user.id });
          await startTask(trx, { id: taskState.workflow_state_id, page_id: page.id }, next, page.latest_revision_id ?? taskState.revision_id);
        }
      }
    }
    await writeLogEntry(trx, { action: active ? 'task.enable' : 'task.disable', userId: actor.user.id, objectType: 'task', objectId: task.id, label: task.name });
  });
}
