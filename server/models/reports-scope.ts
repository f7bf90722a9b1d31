import { sql, type RawBuilder } from 'kysely';
import type { Page, PagePermission } from '../db/schema';
import { isPermissionModel, OBJECT_PERMISSIONS } from './object-permissions';
import { PATH_STEP_LENGTH } from './pages';
import { collectionManagementPolicy, locationPolicy, MODEL_POLICIES, pagePolicy, userManagementPolicy, workflowManagementPolicy } from './permission-policies';
import { COLLECTION_MANAGEMENT_PERMISSIONS, type UserPermissions } from './permissions';

/** What a page report row shows of its page: the title, type and the status tags of Wagtail's listings. */
export type ReportPageFields = Pick<Page, 'id' | 'title' | 'page_type' | 'live' | 'expired' | 'go_live_at' | 'workflow_task_id' | 'has_unpublished_changes'>;

/** Whether the user holds one of these page permissions on some page (Wagtail's user_has_any_permission). */
export function hasAnyPagePermission(perms: UserPermissions, permissions: readonly PagePermission[]): boolean {
  return perms.canAccessAdmin && pagePolicy.userHasAnyPermission(perms, permissions);
}

/** Who sees the workflow, workflow tasks, aging pages and page types reports: 'add', 'change' or 'publish' somewhere, as Wagtail. */
export function canSeePageReports(perms: UserPermissions): boolean {
  return hasAnyPagePermission(perms, ['add', 'change', 'publish']);
}

/** Who sees the locked pages report: 'unlock' somewhere (Wagtail's permission_required = "unlock"). */
export function canSeeLockedPages(perms: UserPermissions): boolean {
  return hasAnyPagePermission(perms, ['unlock']);
}

/** Who may open the site history: every back-office user, each seeing only the entries they may read (Wagtail's LogEntriesView). */
export function canSeeSiteHistory(perms: UserPermissions): boolean {
  return perms.user.is_active && perms.canAccessAdmin;
}

/** Whether the menu offers site history: the user may explore some page (Wagtail's explorable_root_instance). */
export function canExplorePages(perms: UserPermissions): boolean {
  return perms.user.is_active && perms.canAccessAdmin && (perms.user.is_superuser || perms.pageGrants.length > 0);
}

/** Whether the form pages the user may change could include some: 'change' or 'add' somewhere (the sidebar's Forms). */
export function mayHaveFormPages(perms: UserPermissions): boolean {
  return hasAnyPagePermission(perms, ['change', 'add']);
}

/**
 * A condition on a page row (its `path` and `owner` columns under `alias`) that holds for the
 * pages the user may change: Wagtail's instances_user_has_permission_for(user, "change"), which
 * counts 'change' anywhere above the page and 'add' above a page the user owns.
 */
export function changeablePageCondition(perms: UserPermissions, alias: string): RawBuilder<boolean> {
  const scope = pagePolicy.changeableScope(perms);
  if (scope.all) return sql<boolean>`true`;
  const path = sql.ref(`${alias}.path`);
  const owner = sql.ref(`${alias}.owner`);
  const conditions = [
    ...scope.changePaths.map((granted) => sql<boolean>`${path} like ${`${granted}%`}`),
    ...scope.ownPaths.map((granted) => sql<boolean>`(${path} like ${`${granted}%`} and ${owner} = ${scope.userId})`),
  ];
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` or `)})` : sql<boolean>`false`;
}

/** A condition on a page row that holds where the user holds `permission` (granted on it or an ancestor). */
export function permittedPageCondition(perms: UserPermissions, permission: PagePermission, alias: string): RawBuilder<boolean> {
  if (perms.user.is_active && perms.user.is_superuser) return sql<boolean>`true`;
  const path = sql.ref(`${alias}.path`);
  const granted = perms.user.is_active ? perms.pageGrants.filter((grant) => grant.permission === permission) : [];
  return granted.length
    ? sql<boolean>`(${sql.join(
        granted.map((grant) => sql<boolean>`${path} like ${`${grant.path}%`}`),
        sql` or `,
      )})`
    : sql<boolean>`false`;
}

/**
 * A condition on a page row that holds for the pages the user may explore: those under any of
 * their grants and the ancestors of those (Wagtail's explorable_instances).
 */
export function explorablePageCondition(perms: UserPermissions, alias: string): RawBuilder<boolean> {
  if (perms.user.is_active && perms.user.is_superuser) return sql<boolean>`true`;
  const path = sql.ref(`${alias}.path`);
  const paths = perms.user.is_active ? [...new Set(perms.pageGrants.map((grant) => grant.path))] : [];
  const conditions = paths.flatMap((granted) => [sql<boolean>`${path} like ${`${granted}%`}`, sql<boolean>`${granted} like ${path} || '%'`]);
  return conditions.length ? sql<boolean>`(${sql.join(conditions, sql` or `)})` : sql<boolean>`false`;
}

/** The audited object types outside the page tree that the user may read the history of, by the permission each needs. */
const OBJECT_TYPE_RULES: Record<string, (perms: UserPermissions) => boolean> = {
  collection: (perms) => collectionManagementPolicy.userHasAnyPermission(perms, COLLECTION_MANAGEMENT_PERMISSIONS),
  user: (perms) => userManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS),
  group: (perms) => userManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS),
  workflow: (perms) => workflowManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS),
  task: (perms) => workflowManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS),
};

/** The host stand's audited object types: each entry names its location in `data.rlid`. */
const HOST_OBJECT_TYPES = ['waitlist_entry', 'reservation', 'location'];

/**
 * A condition on an admin_log_entries row (under `alias`) holding for the entries the user may
 * read, as Wagtail's viewable_by_user: page entries of explorable pages (and of deleted pages for
 * those who may add at the root), form submission entries of pages whose submissions they see,
 * host stand entries of their locations, and other objects' entries when they hold a permission
 * on that kind of object.
 */
export function visibleLogEntryCondition(perms: UserPermissions, alias: string): RawBuilder<boolean> {
  if (perms.user.is_active && perms.user.is_superuser) return sql<boolean>`true`;
  if (!perms.user.is_active) return sql<boolean>`false`;
  const entry = (column: string) => sql.ref(`${alias}.${column}`);
  const rootGrant = perms.pageGrants.some((grant) => grant.path.length === PATH_STEP_LENGTH && (grant.permission === 'add' || grant.permission === 'change'));
  const pageEntries = sql<boolean>`(${entry('object_type')} = 'page' and (
    exists (select 1 from pages logged where logged.id = ${entry('page_id')} and ${explorablePageCondition(perms, 'logged')})
    ${rootGrant ? sql`or not exists (select 1 from pages logged where logged.id = ${entry('page_id')})` : sql``}))`;
  const submissionEntries = sql<boolean>`(${entry('object_type')} = 'form_submission' and exists (
    select 1 from pages form where form.id = (${entry('data')}->>'page_id')::int and ${changeablePageCondition(perms, 'form')}))`;
  const objectTypes = Object.entries(OBJECT_TYPE_RULES)
    .filter(([, allowed]) => allowed(perms))
    .map(([type]) => type);
  const conditions = [pageEntries, submissionEntries];
  if (objectTypes.length) conditions.push(sql<boolean>`${entry('object_type')} in (${sql.join(objectTypes)})`);
  conditions.push(
    sql<boolean>`(${entry('object_type')} not in (${sql.join([...HOST_OBJECT_TYPES, 'page', 'form_submission', ...Object.keys(OBJECT_TYPE_RULES)])}) and ${objectPermissionTypes(perms, entry('object_type'))})`,
  );
  conditions.push(hostEntryCondition(perms, entry('object_type'), entry('data')));
  return sql<boolean>`(${sql.join(conditions, sql` or `)})`;
}

/** Entries of models with object permissions (redirects, sites, settings, snippets): any permission on the model. */
function objectPermissionTypes(perms: UserPermissions, objectType: RawBuilder<unknown>): RawBuilder<boolean> {
  const models = [...new Set(perms.objectGrants.map((grant) => grant.model))].filter(
    (model) => isPermissionModel(model) && MODEL_POLICIES[model].userHasAnyPermission(perms, OBJECT_PERMISSIONS),
  );
  return models.length ? sql<boolean>`${objectType} in (${sql.join(models)})` : sql<boolean>`false`;
}

function hostEntryCondition(perms: UserPermissions, objectType: RawBuilder<unknown>, data: RawBuilder<unknown>): RawBuilder<boolean> {
  const isHostEntry = sql<boolean>`${objectType} in (${sql.join(HOST_OBJECT_TYPES)})`;
  if (locationPolicy.userHasPermissionEverywhere(perms)) return isHostEntry;
  const rlids = perms.hostGrants.flatMap((grant) => (grant.rlid === null ? [] : [String(grant.rlid)]));
  return rlids.length ? sql<boolean>`(${isHostEntry} and ${data}->>'rlid' in (${sql.join(rlids)}))` : sql<boolean>`false`;
}

/** Whether the user may see the submissions of this form page: 'change' on it (Wagtail's get_forms_for_user). */
export function canSeeSubmissions(perms: UserPermissions, page: { path: string; owner: number | null }): boolean {
  const has = (permission: PagePermission) => pagePolicy.userHasPermissionForInstance(perms, permission, page);
  return has('change') || (page.owner !== null && page.owner === perms.user.id && has('add'));
}
