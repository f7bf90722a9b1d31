/**
 * The page model, in rooms as Wagtail splits its own (wagtail/models: draft_state, locking,
 * copying, revisions): tree paths, queries, tree changes, copying, revisions, draft state,
 * scheduling and locking. Callers import from here.
 */
export { copyPage } from './copying';
export { approveRevisionForLater, expirePage, publishRevision, publishRevisionOnLockedPage, setPageSchedule, unpublishPages } from './draft-state';
export { lockPage, setPageLock } from './locking';
export {
  findDeepestLiveAncestorOfTypes,
  findLiveDescendantOfType,
  findPageByUrlPath,
  getAncestors,
  getChildren,
  getDescendants,
  getPage,
  getPageOrThrow,
  getParent,
  getRootPage,
} from './queries';
export {
  getLatestRevision,
  getRevision,
  getRevisions,
  revisionSnapshot,
  revisionSnapshotSchema,
  saveRevision,
  saveRevisionOnLockedPage,
  snapshotOfPage,
  type RevisionSnapshot,
} from './revisions';
export { assertScheduleValid, claimDueExpiry, claimDueGoLive, isScheduledAhead, scheduleProblems, ScheduleError, type DueGoLive } from './schedule';
export { addChild, createRootPage, deleteSubtree, isUniqueViolation, movePage, swapWithSibling, type AddChildInput } from './tree-changes';
export { decodePathStep, encodePathStep, parentPathOf, PATH_ALPHABET, PATH_STEP_LENGTH, ROOT_PATH } from './tree-paths';
