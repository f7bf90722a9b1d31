import { gettext } from '../../../client/lib/i18n';
import type { Db } from '../../db/database';
import type { TaskStatus } from '../../db/schema';
import { canSeePageReports } from '../../models/reports-scope';
import {
  countTaskRuns,
  countWorkflowRuns,
  listTaskRuns,
  listWorkflowRuns,
  TASK_STATUS_LABELS,
  workflowFilterChoices,
  WORKFLOW_STATUS_LABELS,
  type TaskReportFilter,
  type TaskReportRow,
  type WorkflowReportFilter,
  type WorkflowReportRow,
} from '../../models/reports-workflows';
import type { FilterErrors } from '../generic/listing';
import { dateRangeFilter, readChoice, readId, selectOptions } from './listing';
import { pageEditUrl, pageTypeLabel } from './page-columns';
import type { FilterField, ReportDefinition } from './report-view';

const WORKFLOW_REPORT_URL = '/wagtail/reports/workflow/';
const TASKS_REPORT_URL = '/wagtail/reports/workflow_tasks/';

/** The 'Show: Awaiting my review' filter both workflow reports have. */
function reviewableField(req: Parameters<typeof readChoice>[0], errors: FilterErrors): { value: boolean; field: FilterField } {
  const value = readChoice(req, 'reviewable', ['true'] as const, errors);
  return {
    value: value === 'true',
    field: {
      name: 'reviewable',
      label: gettext('Show'),
      type: 'select',
      emptyLabel: gettext('All'),
      options: selectOptions([{ value: 'true', label: gettext('Awaiting my review') }], value),
      errors: errors.reviewable,
    },
  };
}

function statusField<T extends string>(req: Parameters<typeof readChoice>[0], labels: Record<T, string>, errors: FilterErrors): { value: T | undefined; field: FilterField } {
  const value = readChoice(req, 'status', Object.keys(labels) as T[], errors);
  const options = (Object.entries(labels) as Array<[T, string]>).map(([status, label]) => ({ value: status, label: gettext(label) }));
  return { value, field: { name: 'status', label: gettext('Status'), type: 'select', emptyLabel: gettext('Any'), options: selectOptions(options, value), errors: errors.status } };
}

/** A filter by one of `choices` (a workflow, a task, a user): the id chosen, if any, and its field. */
function idFilter(
  req: Parameters<typeof readId>[0],
  name: string,
  label: string,
  choices: ReadonlyArray<{ id: number; name: string }>,
  errors: FilterErrors,
): { value: number | undefined; field: FilterField } {
  const value = readId(
    req,
    name,
    choices.map((choice) => choice.id),
    errors,
  );
  const options = choices.map((choice) => ({ value: choice.id, label: choice.name }));
  return { value, field: { name, label, type: 'select', emptyLabel: gettext('Any'), options: selectOptions(options, value), errors: errors[name] } };
}

/** Wagtail's WorkflowView: workflow runs on pages the user may change, with status and who started them. */
export function workflowReport(db: Db): ReportDefinition<WorkflowReportRow, WorkflowReportFilter> {
  return {
    activeNav: 'report-workflow',
    path: '/reports/workflow/',
    title: gettext('Workflows'),
    filename: 'workflow-report',
    allowed: canSeePageReports,
    async readFilter({ req, timeZone }, errors) {
      const choices = await workflowFilterChoices(db);
      const reviewable = reviewableField(req, errors);
      const workflow = idFilter(req, 'workflow', gettext('Workflow'), choices.workflows, errors);
      const status = statusField(req, WORKFLOW_STATUS_LABELS, errors);
      const requester = idFilter(
        req,
        'requested_by',
        gettext('Requested by'),
        choices.requesters.map((user) => ({ id: user.id, name: user.username })),
        errors,
      );
      const createdAt = dateRangeFilter(req, 'created_at', gettext('Started at'), errors, timeZone);
      return {
        filter: { reviewable: reviewable.value, workflowId: workflow.value, status: status.value, requestedBy: requester.value, ...createdAt.range },
        fields: [reviewable.field, workflow.field, status.field, requester.field, ...createdAt.fields],
      };
    },
    list: ({ perms }, filter, slice) => listWorkflowRuns(db, perms, filter, slice),
    count: ({ perms }, filter) => countWorkflowRuns(db, perms, filter),
    columns: [
      { heading: gettext('Page'), cell: (row) => ({ text: row.page_title, url: pageEditUrl(row.page_id) }) },
      { heading: gettext('Workflow'), cell: (row) => ({ text: row.workflow_name }) },
      { heading: gettext('Status'), cell: (row) => ({ text: workflowStatusText(row) }) },
      { heading: gettext('Requested by'), cell: (row) => ({ text: row.requested_by_username ?? '' }) },
      { heading: gettext('Started at'), cell: (row) => ({ date: row.created_at }) },
    ],
    exportColumns: [
      { heading: gettext('Workflow'), cell: (row) => row.workflow_name },
      { heading: gettext('Page/Snippet ID'), cell: (row) => row.page_id },
      { heading: gettext('Page/Snippet Type'), cell: (row) => pageTypeLabel(row.page_type) },
      { heading: gettext('Page/Snippet Title'), cell: (row) => row.page_title },
      { heading: gettext('Status'), cell: (row) => gettext(WORKFLOW_STATUS_LABELS[row.status]) },
      { heading: gettext('Requested by'), cell: (row) => row.requested_by_username },
      { heading: gettext('Started at'), cell: (row) => row.created_at },
    ],
    emptyMessage: gettext('No pages have been submitted for moderation yet.'),
    headerLinks: [{ url: TASKS_REPORT_URL, label: gettext('By task') }],
  };
}

/** A run's status, naming the task it waits on while in progress. */
function workflowStatusText(row: WorkflowReportRow): string {
  const status = gettext(WORKFLOW_STATUS_LABELS[row.status]);
  return row.current_task_name ? `${status}: ${row.current_task_name}` : status;
}

/** Wagtail's WorkflowTasksView: each task of the runs on pages the user may change, with its outcome. */
export function workflowTasksReport(db: Db): ReportDefinition<TaskReportRow, TaskReportFilter> {
  return {
    activeNav: 'report-workflow-tasks',
    path: '/reports/workflow_tasks/',
    title: gettext('Workflow tasks'),
    filename: 'workflow-tasks',
    allowed: canSeePageReports,
    async readFilter({ req, timeZone }, errors) {
      const choices = await workflowFilterChoices(db);
      const reviewable = reviewableField(req, errors);
      const workflow = idFilter(req, 'workflow', gettext('Workflow'), choices.workflows, errors);
      const task = idFilter(req, 'task', gettext('Task'), choices.tasks, errors);
      const status = statusField<TaskStatus>(req, TASK_STATUS_LABELS, errors);
      const startedAt = dateRangeFilter(req, 'started_at', gettext('Started at'), errors, timeZone);
      const finishedAt = dateRangeFilter(req, 'finished_at', gettext('Completed at'), errors, timeZone);
      return {
        filter: {
          reviewable: reviewable.value,
          workflowId: workflow.value,
          taskId: task.value,
          status: status.value,
          startedFrom: startedAt.range.from,
          startedUntil: startedAt.range.until,
          finishedFrom: finishedAt.range.from,
          finishedUntil: finishedAt.range.until,
        },
        fields: [reviewable.field, workflow.field, task.field, status.field, ...startedAt.fields, ...finishedAt.fields],
      };
    },
    list: ({ perms }, filter, slice) => listTaskRuns(db, perms, filter, slice),
    count: ({ perms }, filter) => countTaskRuns(db, perms, filter),
    columns: [
      { heading: gettext('Task'), cell: (row) => ({ text: row.task_name }) },
      { heading: gettext('Page'), cell: (row) => ({ text: row.page_title, url: pageEditUrl(row.page_id) }) },
      { heading: gettext('Status'), cell: (row) => ({ text: gettext(TASK_STATUS_LABELS[row.status]) }) },
      { heading: gettext('Started at'), cell: (row) => ({ date: row.started_at }) },
      { heading: gettext('Completed at'), cell: (row) => ({ date: row.finished_at }) },
    ],
    exportColumns: [
      { heading: gettext('Task'), cell: (row) => row.task_name },
      { heading: gettext('Page/Snippet ID'), cell: (row) => row.page_id },
      { heading: gettext('Page/Snippet Type'), cell: (row) => pageTypeLabel(row.page_type) },
      { heading: gettext('Page/Snippet Title'), cell: (row) => row.page_title },
      { heading: gettext('Status'), cell: (row) => gettext(TASK_STATUS_LABELS[row.status]) },
      { heading: gettext('Requested By'), cell: (row) => row.requested_by_username },
      { heading: gettext('Started at'), cell: (row) => row.started_at },
      { heading: gettext('Finished at'), cell: (row) => row.finished_at },
      { heading: gettext('Finished by'), cell: (row) => row.finished_by_username },
    ],
    emptyMessage: gettext('No workflow tasks have been started yet.'),
    headerLinks: [{ url: WORKFLOW_REPORT_URL, label: gettext('By workflow') }],
  };
}
