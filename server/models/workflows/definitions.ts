/**
 * Workflows and their tasks as the back office sets them up (Wagtail's Workflow and Task): which
 * tasks in which order, which groups review each task, and which pages each workflow covers.
 */
import type { Db } from '../../db/database';
import type { Page, Workflow, WorkflowTask } from '../../db/schema';
import { ConflictError } from '../../errors';

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
    db
      .selectFrom('workflow_pages')
      .select(['workflow_id', (eb) => eb.fn.countAll<string>().as('count')])
      .where('workflow_id', 'in', ids)
      .groupBy('workflow_id')
      .execute(),
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
    db
      .selectFrom('workflow_task_groups')
      .innerJoin('groups', 'groups.id', 'workflow_task_groups.group_id')
      .select(['workflow_task_groups.task_id', 'groups.name'])
      .where('workflow_task_groups.task_id', 'in', ids)
      .orderBy('groups.name')
      .execute(),
    db
      .selectFrom('workflow_steps')
      .innerJoin('workflows', 'workflows.id', 'workflow_steps.workflow_id')
      .select(['workflow_steps.task_id', 'workflows.name'])
      .where('workflow_steps.task_id', 'in', ids)
      .orderBy('workflows.name')
      .execute(),
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
    await trx
      .insertInto('workflow_steps')
      .values(input.taskIds.map((taskId, index) => ({ workflow_id: workflow.id, task_id: taskId, sort_order: index })))
      .execute();
  }
  await trx.deleteFrom('workflow_pages').where('workflow_id', '=', workflow.id).execute();
  if (input.pageIds.length > 0) {
    await trx
      .insertInto('workflow_pages')
      .values(input.pageIds.map((pageId) => ({ page_id: pageId, workflow_id: workflow.id })))
      .execute();
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
    await trx
      .insertInto('workflow_task_groups')
      .values(input.groupIds.map((groupId) => ({ task_id: task.id, group_id: groupId })))
      .execute();
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
