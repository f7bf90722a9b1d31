import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';

/** A revision approved to go live by now, with its page. */
export interface DueGoLive {
  page: Page;
  revisionId: number;
}

/**
 * Pages whose approved revision is due, locked for this transaction; rows another process
 * holds are skipped (SKIP LOCKED), so each page is published by exactly one process.
 */
export async function claimDueGoLive(trx: Db, now: Date, limit: number): Promise<DueGoLive[]> {
  const rows = await trx
    .selectFrom('pages')
    .innerJoin('page_revisions', 'page_revisions.page_id', 'pages.id')
    .selectAll('pages')
    .select('page_revisions.id as due_revision_id')
    .where('page_revisions.approved_go_live_at', '<=', now)
    .orderBy('page_revisions.approved_go_live_at')
    .limit(limit)
    .modifyEnd(sql`for update of pages skip locked`)
    .execute();
  return rows.map(({ due_revision_id, ...page }) => ({ page, revisionId: due_revision_id }));
}

/** Live pages past their expiry, locked for this transaction (SKIP LOCKED as above). */
export async function claimDueExpiry(trx: Db, now: Date, limit: number): Promise<Page[]> {
  return trx
    .selectFrom('pages')
    .selectAll()
    .where('live', '=', true)
    .where('expired', '=', false)
    .where('expire_at', '<=', now)
    .orderBy('expire_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
