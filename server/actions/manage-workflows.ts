import type { Db } from '../db/database';
import type { Workflow, WorkflowTask } from '../db/schema';
import { PermissionDenied } from '../errors';
import { getPageOrThrow } from '../models/pages';
import type { UserPermissions } from '../models/permissions';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';
import { lockRowOrThrow } from '../models/row-locks';
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
import { Action, CreateAction } from './action';
import { workflowManagementPolicy } from '../models/permission-policies';

// Workflow and task changes share one rule (only workflow managers) and one audit format.

function requireWorkflowManager(actor: UserPermissions): void {
  if (!workflowManagementPolicy.userHasAnyPermission(actor, OBJECT_PERMISSIONS)) throw new PermissionDenied('You do not have permission to manage workflows.');
}

/** Creates a workflow with its tasks and pages (the target). Audit 'workflow.create'. */
export class CreateWorkflowAction extends CreateAction<WorkflowInput, Workflow> {
  protected checkAgainst(): void {
    requireWorkflowManager(this.actor);
  }

  protected async perform(trx: Db, input: WorkflowInput): Promise<Workflow> {
    const workflow = await saveWorkflow(trx, undefined, input);
    await this.audit(trx, {
      action: 'workflow.create',
      objectType: 'workflow',
      objectId: workflow.id,
      label: workflow.name,
      data: { task_ids: input.taskIds, page_ids: input.pageIds },
    });
    return workflow;
  }
}

/** An action of a workflow manager on a workflow, re-read under a row lock. */
abstract class WorkflowAction<Result, Options> extends Action<Workflow, Result, Options> {
  protected lockTarget(trx: Db, workflow: Workflow): Promise<Workflow> {
    return lockRowOrThrow(trx, 'workflows', workflow.id, 'There is no such workflow.');
  }

  protected checkAgainst(): void {
    requireWorkflowManager(this.actor);
  }
}

/** Updates a workflow, its tasks and pages (the option). Audit 'workflow.edit'. */
export class EditWorkflowAction extends WorkflowAction<Workflow, WorkflowInput> {
  protected async perform(trx: Db, workflow: Workflow): Promise<Workflow> {
    const saved = await saveWorkflow(trx, workflow.id, this.options);
    await this.audit(trx, {
      action: 'workflow.edit',
      objectType: 'workflow',
      objectId: saved.id,
      label: saved.name,
      data: { task_ids: this.options.taskIds, page_ids: this.options.pageIds },
    });
    return saved;
  }
}

/**
 * Enables or disables a workflow. Disabling cancels its unfinished runs and frees its pages, as
 * Wagtail does. Audit 'workflow.enable' / 'workflow.disable' (and 'page.workflow.cancel' per page).
 */
export class SetWorkflowActiveAction extends WorkflowAction<void, { active: boolean }> {
  protected async perform(trx: Db, workflow: Workflow): Promise<void> {
    const { active } = this.options;
    await setActive(trx, 'workflows', workflow.id, active);
    if (!active) {
      for (const pageId of await pagesInWorkflow(trx, workflow.id)) {
        const cancelled = await cancelOpenWorkflow(trx, pageId, this.actorId);
        if (cancelled)
          await this.audit(trx, {
            action: 'page.workflow.cancel',
            pageId,
            label: (await getPageOrThrow(trx, pageId)).draft_title,
            data: { workflow: workflow.name, reason: 'workflow disabled' },
          });
      }
      await unassignWorkflow(trx, workflow.id);
    }
    await this.audit(trx, { action: active ? 'workflow.enable' : 'workflow.disable', objectType: 'workflow', objectId: workflow.id, label: workflow.name });
  }
}

/** Creates a task with its reviewing groups (the target). Audit 'task.create'. */
export class CreateTaskAction extends CreateAction<TaskInput, WorkflowTask> {
  protected checkAgainst(): void {
    requireWorkflowManager(this.actor);
  }

  protected async perform(trx: Db, input: TaskInput): Promise<WorkflowTask> {
    const task = await saveTask(trx, undefined, input);
    await this.audit(trx, { action: 'task.create', objectType: 'task', objectId: task.id, label: task.name, data: { group_ids: input.groupIds } });
    return task;
  }
}

/** An action of a workflow manager on a task, re-read under a row lock. */
abstract class TaskAction<Result, Options> extends Action<WorkflowTask, Result, Options> {
  protected lockTarget(trx: Db, task: WorkflowTask): Promise<WorkflowTask> {
    return lockRowOrThrow(trx, 'workflow_tasks', task.id, 'There is no such task.');
  }

  protected checkAgainst(): void {
    requireWorkflowManager(this.actor);
  }
}

/** Updates a task and its reviewing groups (the option). Audit 'task.edit'. */
export class EditTaskAction extends TaskAction<WorkflowTask, TaskInput> {
  protected async perform(trx: Db, task: WorkflowTask): Promise<WorkflowTask> {
    const saved = await saveTask(trx, task.id, this.options);
    await this.audit(trx, { action: 'task.edit', objectType: 'task', objectId: saved.id, label: saved.name, data: { group_ids: this.options.groupIds } });
    return saved;
  }
}

/**
 * Enables or disables a task. Pages waiting on a disabled task move on to their workflow's next
 * active task; where none follows, the run is cancelled rather than approved, so nothing goes
 * live without a reviewer (Wagtail would publish). Audit 'task.enable' / 'task.disable'.
 */
export class SetTaskActiveAction extends TaskAction<void, { active: boolean }> {
  protected async perform(trx: Db, task: WorkflowTask): Promise<void> {
    const { active } = this.options;
    await setActive(trx, 'workflow_tasks', task.id, active);
    if (!active) {
      for (const taskState of await inProgressTaskStates(trx, task.id)) {
        const page = await getPageOrThrow(trx, taskState.page_id);
        const next = await nextTaskId(trx, taskState.workflow_id, task.id);
        if (next === undefined) {
          await cancelOpenWorkflow(trx, page.id, this.actorId);
          await this.audit(trx, { action: 'page.workflow.cancel', pageId: page.id, label: page.draft_title, data: { task: task.name, reason: 'task disabled' } });
        } else {
          await finishTaskState(trx, taskState.id, { status: 'cancelled', userId: this.actorId });
          await startTask(trx, { id: taskState.workflow_state_id, page_id: page.id }, next, page.latest_revision_id ?? taskState.revision_id);
        }
      }
    }
    await this.audit(trx, { action: active ? 'task.enable' : 'task.disable', objectType: 'task', objectId: task.id, label: task.name });
  }
}
