import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserPermissions } from './permissions';
import { isKeysetSlice, type ReportSlice } from './reports-batches';
import { visibleLogEntryCondition } from './reports-scope';

/** The site history's filters (Wagtail's SiteHistoryReportFilterSet): action, user, dates (end excluded), name, object type. */
export interface SiteHistoryFilter {
  action?: string;
  userId?: number;
  from?: Date;
  until?: Date;
  label?: string;
  objectType?: string;
}

/** One audited action with the acting user's name. */
export interface SiteHistoryRow {
  id: number;
  action: string;
  object_type: string;
  object_id: number | null;
  page_id: number | null;
  label: string;
  created_at: Date;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  /** Whether the entry's page still exists (its edit screen can be linked). */
  page_exists: boolean;
}

function entries(db: Db, perms: UserPermissions, filter: SiteHistoryFilter) {
  let query = db.selectFrom('admin_log_entries as e').leftJoin('users as u', 'u.id', 'e.user_id').where(visibleLogEntryCondition(perms, 'e'));
  if (filter.action) query = query.where('e.action', '=', filter.action);
  if (filter.userId !== undefined) query = query.where('e.user_id', '=', filter.userId);
  if (filter.from) query = query.where('e.created_at', '>=', filter.from);
  if (filter.until) query = query.where('e.created_at', '<', filter.until);
  if (filter.label) query = query.where('e.label', 'ilike', `%${filter.label.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  if (filter.objectType) query = query.where('e.object_type', '=', filter.objectType);
  return query;
}

/** The entries the user may read, newest first. */
export async function listSiteHistory(db: Db, perms: UserPermissions, filter: SiteHistoryFilter, slice: ReportSlice<SiteHistoryRow>): Promise<SiteHistoryRow[]> {
  let query = entries(db, perms, filter)
    .select(['e.id', 'e.action', 'e.object_type', 'e.object_id', 'e.page_id', 'e.label', 'e.created_at', 'e.user_id', 'u.username', 'u.first_name', 'u.last_name'])
    .select(sql<boolean>`e.page_id is not null and exists (select 1 from pages where pages.id = e.page_id)`.as('page_exists'))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(slice.limit);
  if (!isKeysetSlice(slice)) return query.offset(slice.offset).execute();
  if (slice.after) query = query.where(sql<boolean>`(e.created_at, e.id) < (${slice.after.created_at}, ${slice.after.id})`);
  return query.execute();
}

/** How many entries the user may read match the filter. */
export async function countSiteHistory(db: Db, perms: UserPermissions, filter: SiteHistoryFilter): Promise<number> {
  const row = await entries(db, perms, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The filters' choices, from the entries the user may read only (Wagtail's get_actions_for_filter and friends). */
export async function siteHistoryChoices(db: Db, perms: UserPermissions) {
  const visible = db.selectFrom('admin_log_entries as e').where(visibleLogEntryCondition(perms, 'e'));
  const [actions, objectTypes, users] = await Promise.all([
    visible.select('e.action').distinct().orderBy('e.action').execute(),
    visible.select('e.object_type').distinct().orderBy('e.object_type').execute(),
    db
      .selectFrom('users as u')
      .select(['u.id', 'u.username'])
      .where('u.id', 'in', visible.select('e.user_id').where('e.user_id', 'is not', null).$narrowType<{ user_id: number }>())
      .orderBy('u.username')
      .execute(),
  ]);
  return { actions: actions.map((row) => row.action), objectTypes: objectTypes.map((row) => row.object_type), users };
}
