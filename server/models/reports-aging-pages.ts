import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { UserPermissions } from './permissions';
import { isKeysetSlice, type ReportSlice } from './reports-batches';
import { permittedPageCondition, type ReportPageFields } from './reports-scope';

/** The aging pages report's filters (Wagtail's AgingPagesReportFilterSet): live, last published before, page type. */
export interface AgingPagesFilter {
  live?: boolean;
  publishedBefore?: Date;
  pageType?: string;
}

/** One published page with who published it last. */
export interface AgingPageRow extends ReportPageFields {
  last_published_at: Date;
  last_published_by: string | null;
}

function agingPages(db: Db, perms: UserPermissions, filter: AgingPagesFilter) {
  let query = db
    .selectFrom('pages as p')
    .where('p.depth', '>', 1)
    .where('p.last_published_at', 'is not', null)
    .where(permittedPageCondition(perms, 'publish', 'p'));
  if (filter.live !== undefined) query = query.where('p.live', '=', filter.live);
  if (filter.publishedBefore) query = query.where('p.last_published_at', '<=', filter.publishedBefore);
  if (filter.pageType) query = query.where('p.page_type', '=', filter.pageType);
  return query;
}

/** Published pages the user may publish, the longest unpublished first, with their last publisher. */
export async function listAgingPages(db: Db, perms: UserPermissions, filter: AgingPagesFilter, slice: ReportSlice<AgingPageRow>): Promise<AgingPageRow[]> {
  let query = agingPages(db, perms, filter)
    .select(['p.id', 'p.title', 'p.page_type', 'p.live', 'p.expired', 'p.go_live_at', 'p.workflow_task_id', 'p.has_unpublished_changes'])
    .select(sql<Date>`p.last_published_at`.as('last_published_at'))
    .select((eb) =>
      eb
        .selectFrom('admin_log_entries as e')
        .leftJoin('users as u', 'u.id', 'e.user_id')
        .select('u.username')
        .whereRef('e.page_id', '=', 'p.id')
        .where('e.action', '=', 'page.publish')
        .orderBy('e.created_at', 'desc')
        .orderBy('e.id', 'desc')
        .limit(1)
        .as('last_published_by'),
    )
    .orderBy('p.last_published_at')
    .orderBy('p.id')
    .limit(slice.limit);
  if (!isKeysetSlice(slice)) return query.offset(slice.offset).execute();
  if (slice.after) query = query.where(sql<boolean>`(p.last_published_at, p.id) > (${slice.after.last_published_at}, ${slice.after.id})`);
  return query.execute();
}

/** How many pages of the report match the filter. */
export async function countAgingPages(db: Db, perms: UserPermissions, filter: AgingPagesFilter): Promise<number> {
  const row = await agingPages(db, perms, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
