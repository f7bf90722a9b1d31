/** Workflows of page moderation: their set-up, their runs on pages, and their reviewers. Callers import from here. */
export {
  getTask,
  getWorkflow,
  listTasks,
  listWorkflows,
  saveTask,
  saveWorkflow,
  setActive,
  taskGroupIds,
  unassignWorkflow,
  workflowAssignments,
  type TaskInput,
  type WorkflowInput,
} from './definitions';
export { awaitingReview, reviewerEmails, reviewTaskIdsOf, submittedBy } from './reviewers';
export {
  activeTaskIds,
  cancelOpenWorkflow,
  finishTaskState,
  inProgressTaskStates,
  nextTaskId,
  openWorkflowOf,
  pagesInWorkflow,
  reviewLatestRevision,
  setWorkflowStatus,
  startTask,
  startWorkflow,
  workflowForPath,
  type OpenWorkflow,
} from './runs';
