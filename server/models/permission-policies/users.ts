import { SuperuserPermissionPolicy } from './base';

/** Managing users and groups: superusers only, as in Wagtail's defaults. */
export const userManagementPolicy = new SuperuserPermissionPolicy();
