/**
 * A page's publishing state (Wagtail's DraftStateMixin): publishing a revision now or, approved
 * for a later time, scheduling it; unpublishing; expiring; and the schedule an editor sets.
 */
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Page, PageRevision } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { lockPage, lockParent, lockSubtree } from './locking';
import { parseSnapshot, type RevisionSnapshot } from './revisions';
import { isScheduledAhead, type PageSchedule } from './schedule';
import { urlPathRewrite } from './tree-paths';
import { assertSlugFree } from './validation';

/** Options of publishRevision. */
export interface PublishRevisionOptions {
  now?: Date;
}

/**
 * Publishes a revision onto its page, or, if the revision is approved to go live later,
 * only schedules it (sets go_live_at). Returns the updated page.
 */
export async function publishRevision(db: Db, revisionId: number, options: PublishRevisionOptions = {}): Promise<Page> {
  return withTransaction(db, async (trx) => {
    const revision = await findRevision(trx, revisionId);
    return publishOnLockedPage(trx, await lockPage(trx, revision.page_id), revision, options);
  });
}

/**
 * publishRevision on a page row the caller locked in this transaction (an action's target, the
 * scheduler's claimed row), so the row is not read and locked again; the revision must be one
 * of the page's.
 */
export async function publishRevisionOnLockedPage(trx: Db, page: Page, revisionId: number, options: PublishRevisionOptions = {}): Promise<Page> {
  const revision = await findRevision(trx, revisionId);
  if (revision.page_id !== page.id) throw new NotFoundError(`Revision ${revisionId} is not a revision of page ${page.id}`);
  return publishOnLockedPage(trx, page, revision, options);
}

async function findRevision(trx: Db, revisionId: number): Promise<PageRevision> {
  const revision = await trx.selectFrom('page_revisions').selectAll().where('id', '=', revisionId).executeTakeFirst();
  if (!revision) throw new NotFoundError(`Revision ${revisionId} not found`);
  return revision;
}

async function publishOnLockedPage(trx: Db, page: Page, revision: PageRevision, options: PublishRevisionOptions): Promise<Page> {
  const now = options.now ?? new Date();
  const snapshot = parseSnapshot(revision.content);
  if (isScheduledAhead(revision.approved_go_live_at, now)) return scheduleRevision(trx, page, revision.id, revision.approved_go_live_at);
  if (snapshot.slug !== page.slug && page.depth > 1) await moveAddress(trx, page, snapshot.slug);
  // Publishing now supersedes any pending schedule for this page.
  await dropApprovals(trx, page.id);
  return makeLive(trx, page, revision, snapshot, now);
}

/** Sets when the page goes live with the revision; only the newest approval stays. */
async function scheduleRevision(trx: Db, page: Page, revisionId: number, goLiveAt: Date): Promise<Page> {
  // Only one schedule per page, as in Wagtail: the newest approval replaces older ones.
  await dropApprovals(trx, page.id, revisionId);
  return trx.updateTable('pages').set({ go_live_at: goLiveAt, has_unpublished_changes: true }).where('id', '=', page.id).returningAll().executeTakeFirstOrThrow();
}

/** Clears the go-live approvals of a page's revisions, but for `keepRevisionId`'s. */
async function dropApprovals(trx: Db, pageId: number, keepRevisionId?: number): Promise<void> {
  let query = trx.updateTable('page_revisions').set({ approved_go_live_at: null }).where('page_id', '=', pageId).where('approved_go_live_at', 'is not', null);
  if (keepRevisionId !== undefined) query = query.where('id', '<>', keepRevisionId);
  await query.execute();
}

/** Gives the page and its subtree the addresses a new slug makes; the slug must be free. */
async function moveAddress(trx: Db, page: Page, slug: string): Promise<void> {
  const parent = await lockParent(trx, page);
  await assertSlugFree(trx, parent, slug, page.id);
  await lockSubtree(trx, page);
  await trx
    .updateTable('pages')
    .set({ url_path: urlPathRewrite(page.url_path, `${parent.url_path}${slug}/`) })
    .where('path', 'like', `${page.path}%`)
    .execute();
}

/** Copies the revision's fields onto the page and makes it live with that revision. */
async function makeLive(trx: Db, page: Page, revision: PageRevision, snapshot: RevisionSnapshot, now: Date): Promise<Page> {
  const isLatest = page.latest_revision_id === revision.id;
  return trx
    .updateTable('pages')
    .set({
      title: snapshot.title,
      // Publishing an older revision leaves the newer draft (and its title) pending.
      draft_title: isLatest ? snapshot.title : page.draft_title,
      slug: snapshot.slug,
      seo_title: snapshot.seo_title,
      search_description: snapshot.search_description,
      show_in_menus: snapshot.show_in_menus,
      content: JSON.stringify(snapshot.content),
      live: true,
      expired: false,
      has_unpublished_changes: !isLatest,
      live_revision_id: revision.id,
      first_published_at: page.first_published_at ?? now,
      last_published_at: now,
      // A past approval records when it went live; a go-live time still ahead is overtaken.
      go_live_at: revision.approved_go_live_at ?? (isScheduledAhead(page.go_live_at, now) ? null : page.go_live_at),
    })
    .where('id', '=', page.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Takes a page (and, if asked, its live descendants) off the public site; their content is
 * kept as a draft. Returns the pages that went from live to not live.
 */
export async function unpublishPages(db: Db, page: Page, options: { includeDescendants?: boolean } = {}): Promise<Page[]> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    let query = trx.updateTable('pages').set({ live: false, has_unpublished_changes: true, live_revision_id: null }).where('live', '=', true);
    query = options.includeDescendants ? query.where('path', 'like', `${current.path}%`) : query.where('id', '=', current.id);
    return query.returningAll().execute();
  });
}

/** Marks a page expired and no longer live (the scheduler's expiry). */
export async function expirePage(db: Db, page: Page): Promise<Page> {
  return db
    .updateTable('pages')
    .set({ live: false, expired: true, has_unpublished_changes: true, live_revision_id: null })
    .where('id', '=', page.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets when a page goes live and when it expires (applied on publish and by the scheduler). */
export async function setPageSchedule(db: Db, page: Page, schedule: PageSchedule): Promise<Page> {
  return db.updateTable('pages').set({ go_live_at: schedule.goLiveAt, expire_at: schedule.expireAt }).where('id', '=', page.id).returningAll().executeTakeFirstOrThrow();
}

/** Marks a revision to be published at a time (scheduled publishing). */
export async function approveRevisionForLater(db: Db, revisionId: number, goLiveAt: Date): Promise<void> {
  await db.updateTable('page_revisions').set({ approved_go_live_at: goLiveAt }).where('id', '=', revisionId).execute();
}
