import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { CreateTaskAction, CreateWorkflowAction, EditTaskAction, EditWorkflowAction, SetTaskActiveAction, SetWorkflowActiveAction } from '../actions/manage-workflows';
import type { Workflow, WorkflowTask } from '../db/schema';
import { ConflictError, NotFoundError, PermissionDenied } from '../errors';
import { listGroups } from '../models/groups';
import { getTask, getWorkflow, listTasks, listWorkflows, taskGroupIds, workflowAssignments, type WorkflowInput } from '../models/workflows';
import { permsOf } from './access';
import { addProblem, emptyProblems, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { formValues } from '../forms/posted';
import { pageSelectOptions } from './generic/select-options';
import { flash } from './render';
import type { AdminContext } from './types';
import { workflowManagementPolicy } from '../models/permission-policies';
import { OBJECT_PERMISSIONS } from '../models/object-permissions';

const name = z.string().trim().min(1, 'A name is required.').max(255, 'Keep the name under 255 characters.');
const showDisabled = z.object({ show_disabled: z.literal('true').optional().catch(undefined) });
/** Empty page rows offered below the assigned ones. */
const SPARE_PAGE_ROWS = 2;

const requireWorkflowManagement: RequestHandler = function requireWorkflowManagement(_req, res, next) {
  if (!workflowManagementPolicy.userHasAnyPermission(permsOf(res), OBJECT_PERMISSIONS)) throw new PermissionDenied('You do not have permission to manage workflows.');
  next();
};

/** Form values that are database ids (positive integers); anything else is dropped. */
function positiveIds(values: string[]): number[] {
  return values.flatMap((value) => {
    const id = databaseId.safeParse(value);
    return id.success ? [id.data] : [];
  });
}

/**
 * The workflow form's tasks: a checked `task` box per task with its `task-{id}-order` number;
 * ties keep the order the form listed them in.
 */
function readTaskOrder(body: Record<string, unknown>): number[] {
  const chosen = positiveIds(formValues(body.task));
  const position = (id: number) => {
    const order = Number(body[`task-${id}-order`]);
    return Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER;
  };
  return [...new Set(chosen)]
    .map((id, index) => ({ id, index, order: position(id) }))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((row) => row.id);
}

/** /wagtail/workflows/: workflows and their tasks, as Wagtail's (list, add, edit, enable, disable). */
export function workflowsRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.use('/workflows/', requireWorkflowManagement);

  async function loadWorkflow(req: Request): Promise<Workflow> {
    const id = databaseId.safeParse(req.params.workflowId);
    const workflow = id.success ? await getWorkflow(db, id.data) : undefined;
    if (!workflow) throw new NotFoundError('There is no workflow with this id.');
    return workflow;
  }

  async function loadTask(req: Request): Promise<WorkflowTask> {
    const id = databaseId.safeParse(req.params.taskId);
    const task = id.success ? await getTask(db, id.data) : undefined;
    if (!task) throw new NotFoundError('There is no task with this id.');
    return task;
  }

  router.get('/workflows/', (_req, res) => res.redirect(301, '/wagtail/workflows/list/'));

  router.get('/workflows/list/', async (req, res) => {
    const { show_disabled } = showDisabled.parse(req.query);
    admin.render(req, res, 'workflows-list', {
      title: gettext('Workflows'),
      activeNav: 'workflows',
      showDisabled: show_disabled === 'true',
      workflows: (await listWorkflows(db, { includeDisabled: show_disabled === 'true' })).map((workflow) => ({
        ...workflow,
        assignedLabel: ngettext('{count} page and its subpages', '{count} pages and their subpages', workflow.pageCount),
      })),
    });
  });

  async function renderWorkflowForm(req: Request, res: Response, workflow: Workflow | undefined, state: { form: FormProblems; input: WorkflowInput }, status = 200) {
    const [tasks, pages] = await Promise.all([listTasks(db, { includeDisabled: true }), pageSelectOptions(db)]);
    const position = (id: number) => {
      const at = state.input.taskIds.indexOf(id);
      return at === -1 ? state.input.taskIds.length + tasks.findIndex((task) => task.id === id) : at;
    };
    const taskRows = tasks
      .filter((task) => task.active || state.input.taskIds.includes(task.id))
      .sort((a, b) => position(a.id) - position(b.id))
      .map((task) => ({ ...task, checked: state.input.taskIds.includes(task.id), order: position(task.id) + 1 }));
    const pageRows = [...state.input.pageIds, ...Array.from({ length: SPARE_PAGE_ROWS }, () => 0)].map((pageId, index) => ({
      index,
      number: index + 1,
      pages: pages.map((page) => ({ ...page, selected: page.id === pageId })),
    }));
    admin.render(
      req,
      res,
      'workflow-edit',
      {
        title: workflow ? interpolate('Editing workflow {name}', { name: workflow.name }) : gettext('Add a workflow'),
        activeNav: 'workflows',
        workflow,
        form: state.form,
        taskRows,
        pageRows,
        action: workflow ? `/wagtail/workflows/edit/${workflow.id}/` : '/wagtail/workflows/add/',
      },
      status,
    );
  }

  async function saveWorkflowForm(req: Request, res: Response, workflow: Workflow | undefined) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const input: WorkflowInput = {
      name: typeof body.name === 'string' ? body.name : '',
      taskIds: readTaskOrder(body),
      pageIds: [
        ...new Set(
          positiveIds(
            Object.keys(body)
              .filter((key) => /^page-\d{1,4}$/.test(key))
              .flatMap((key) => formValues(body[key])),
          ),
        ),
      ],
    };
    const problems = emptyProblems({ name: body.name });
    const parsedName = name.safeParse(input.name);
    if (!parsedName.success) addProblem(problems, 'name', parsedName.error.issues[0]!.message);
    if (input.taskIds.length === 0) addProblem(problems, 'tasks', gettext('Choose at least one task.'));
    const known = new Set((await listTasks(db, { includeDisabled: true })).map((task) => task.id));
    if (input.taskIds.some((id) => !known.has(id))) addProblem(problems, 'tasks', gettext('One of the chosen tasks no longer exists.'));
    const pages = new Set((await pageSelectOptions(db)).map((page) => page.id));
    if (input.pageIds.some((id) => !pages.has(id))) addProblem(problems, 'pages', gettext('One of the chosen pages no longer exists.'));
    if (!parsedName.success || problems.formErrors.length) return renderWorkflowForm(req, res, workflow, { form: problems, input }, 400);
    let saved: Workflow;
    try {
      const fields = { ...input, name: parsedName.data };
      saved = await (workflow ? new EditWorkflowAction(db, workflow, permsOf(res), fields) : new CreateWorkflowAction(db, fields, permsOf(res))).execute();
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      addProblem(problems, 'pages', error.message);
      return renderWorkflowForm(req, res, workflow, { form: problems, input }, 400);
    }
    flash(req, 'success', interpolate(workflow ? 'Workflow "{name}" updated.' : 'Workflow "{name}" created.', { name: saved.name }));
    res.redirect(303, '/wagtail/workflows/list/');
  }

  router.get('/workflows/add/', (req, res) => renderWorkflowForm(req, res, undefined, { form: emptyProblems({}), input: { name: '', taskIds: [], pageIds: [] } }));
  router.post('/workflows/add/', (req, res) => saveWorkflowForm(req, res, undefined));

  router.get('/workflows/edit/:workflowId/', async (req, res) => {
    const workflow = await loadWorkflow(req);
    const assigned = await workflowAssignments(db, workflow.id);
    await renderWorkflowForm(req, res, workflow, {
      form: emptyProblems({ name: workflow.name }),
      input: { name: workflow.name, taskIds: assigned.taskIds, pageIds: assigned.pages.map((page) => page.id) },
    });
  });
  router.post('/workflows/edit/:workflowId/', async (req, res) => saveWorkflowForm(req, res, await loadWorkflow(req)));

  router.get('/workflows/disable/:workflowId/', async (req, res) => {
    const workflow = await loadWorkflow(req);
    admin.render(req, res, 'confirm', {
      title: interpolate('Disable workflow {name}', { name: workflow.name }),
      activeNav: 'workflows',
      question: gettext('Pages in this workflow leave moderation, and the pages it was assigned to no longer use it. Disable it?'),
      confirmLabel: gettext('Yes, disable it'),
      cancelUrl: '/wagtail/workflows/list/',
      danger: true,
    });
  });
  router.post('/workflows/disable/:workflowId/', async (req, res) => {
    const workflow = await loadWorkflow(req);
    await new SetWorkflowActiveAction(db, workflow, permsOf(res), { active: false }).execute();
    flash(req, 'success', interpolate('Workflow "{name}" disabled.', { name: workflow.name }));
    res.redirect(303, '/wagtail/workflows/list/');
  });
  router.post('/workflows/enable/:workflowId/', async (req, res) => {
    const workflow = await loadWorkflow(req);
    await new SetWorkflowActiveAction(db, workflow, permsOf(res), { active: true }).execute();
    flash(req, 'success', interpolate('Workflow "{name}" enabled. Assign it to pages to use it.', { name: workflow.name }));
    res.redirect(303, `/wagtail/workflows/edit/${workflow.id}/`);
  });

  router.get('/workflows/tasks/', (_req, res) => res.redirect(301, '/wagtail/workflows/tasks/index/'));

  router.get('/workflows/tasks/index/', async (req, res) => {
    const { show_disabled } = showDisabled.parse(req.query);
    admin.render(req, res, 'tasks-list', {
      title: gettext('Workflow tasks'),
      activeNav: 'tasks',
      showDisabled: show_disabled === 'true',
      tasks: await listTasks(db, { includeDisabled: show_disabled === 'true' }),
    });
  });

  async function renderTaskForm(req: Request, res: Response, task: WorkflowTask | undefined, state: { form: FormProblems; groupIds: number[] }, status = 200) {
    const groups = await listGroups(db);
    admin.render(
      req,
      res,
      'task-edit',
      {
        title: task ? interpolate('Editing task {name}', { name: task.name }) : gettext('Add a task'),
        activeNav: 'tasks',
        task,
        form: state.form,
        groups: groups.map((group) => ({ ...group, checked: state.groupIds.includes(group.id) })),
        action: task ? `/wagtail/workflows/tasks/edit/${task.id}/` : '/wagtail/workflows/tasks/add/',
      },
      status,
    );
  }

  async function saveTaskForm(req: Request, res: Response, task: WorkflowTask | undefined) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const groupIds = [...new Set(positiveIds(formValues(body.groups)))];
    const problems = emptyProblems({ name: body.name });
    const parsedName = name.safeParse(typeof body.name === 'string' ? body.name : '');
    if (!parsedName.success) addProblem(problems, 'name', parsedName.error.issues[0]!.message);
    const known = new Set((await listGroups(db)).map((group) => group.id));
    if (groupIds.length === 0) addProblem(problems, 'groups', gettext('Choose at least one group to review this task.'));
    else if (groupIds.some((id) => !known.has(id))) addProblem(problems, 'groups', gettext('One of the chosen groups no longer exists.'));
    if (!parsedName.success || problems.formErrors.length) return renderTaskForm(req, res, task, { form: problems, groupIds }, 400);
    const fields = { name: parsedName.data, groupIds };
    const saved = await (task ? new EditTaskAction(db, task, permsOf(res), fields) : new CreateTaskAction(db, fields, permsOf(res))).execute();
    flash(req, 'success', interpolate(task ? 'Task "{name}" updated.' : 'Task "{name}" created.', { name: saved.name }));
    res.redirect(303, '/wagtail/workflows/tasks/index/');
  }

  router.get('/workflows/tasks/add/', (req, res) => renderTaskForm(req, res, undefined, { form: emptyProblems({}), groupIds: [] }));
  router.post('/workflows/tasks/add/', (req, res) => saveTaskForm(req, res, undefined));

  router.get('/workflows/tasks/edit/:taskId/', async (req, res) => {
    const task = await loadTask(req);
    await renderTaskForm(req, res, task, { form: emptyProblems({ name: task.name }), groupIds: await taskGroupIds(db, task.id) });
  });
  router.post('/workflows/tasks/edit/:taskId/', async (req, res) => saveTaskForm(req, res, await loadTask(req)));

  router.get('/workflows/tasks/disable/:taskId/', async (req, res) => {
    const task = await loadTask(req);
    admin.render(req, res, 'confirm', {
      title: interpolate('Disable task {name}', { name: task.name }),
      activeNav: 'tasks',
      question: gettext('Workflows skip a disabled task: pages waiting on it move on to the next task, or leave moderation when it was the last. Disable it?'),
      confirmLabel: gettext('Yes, disable it'),
      cancelUrl: '/wagtail/workflows/tasks/index/',
      danger: true,
    });
  });
  router.post('/workflows/tasks/disable/:taskId/', async (req, res) => {
    const task = await loadTask(req);
    await new SetTaskActiveAction(db, task, permsOf(res), { active: false }).execute();
    flash(req, 'success', interpolate('Task "{name}" disabled.', { name: task.name }));
    res.redirect(303, '/wagtail/workflows/tasks/index/');
  });
  router.post('/workflows/tasks/enable/:taskId/', async (req, res) => {
    const task = await loadTask(req);
    await new SetTaskActiveAction(db, task, permsOf(res), { active: true }).execute();
    flash(req, 'success', interpolate('Task "{name}" enabled.', { name: task.name }));
    res.redirect(303, '/wagtail/workflows/tasks/index/');
  });

  return router;
}
