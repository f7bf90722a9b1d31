export { BasePermissionPolicy, SuperuserPermissionPolicy, type CollectionManagementGrant, type UserGrants } from './base';
export {
  CollectionManagementPermissionPolicy,
  CollectionOwnershipPermissionPolicy,
  collectionManagementPolicy,
  mediaPolicy,
  type CollectionFields,
  type MediaItem,
} from './collections';
export { LocationPermissionPolicy, locationPolicy } from './locations';
export { MODEL_POLICIES, ModelPermissionPolicy } from './model';
export { PagePermissionPolicy, PagePermissionTester, pagePolicy, type DraftScope, type PageActionName, type PageActions, type PageFields, type SubtreeFacts } from './pages';
export { userManagementPolicy } from './users';
export { TaskReviewPolicy, taskReviewPolicy, workflowManagementPolicy } from './workflows';
