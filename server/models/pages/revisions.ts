/**
 * Revisions of a page (Wagtail's RevisionMixin): each stores a snapshot of everything an editor
 * can change; saving one leaves the live page as it is.
 */
import { z } from 'zod';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Page, PageRevision } from '../../db/schema';
import { ValidationError } from '../../errors';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../../client/lib/slugs';
import { reviewLatestRevision } from '../workflows';
import { lockPage, lockParent } from './locking';
import { assertSlugFree, TITLE_MAX_LENGTH } from './validation';

/** What a revision stores: everything an editor can change on a page, as published together. */
export const revisionSnapshotSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(TITLE_MAX_LENGTH),
  slug: z.string().max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens'),
  seo_title: z.string().max(TITLE_MAX_LENGTH).default(''),
  search_description: z.string().default(''),
  show_in_menus: z.boolean().default(false),
  content: z.record(z.string(), z.unknown()).default({}),
});

/** A parsed revision snapshot (see revisionSnapshotSchema). */
export type RevisionSnapshot = z.infer<typeof revisionSnapshotSchema>;

/** Options of saveRevision. */
export interface SaveRevisionOptions {
  userId?: number | null;
  approvedGoLiveAt?: Date | null;
}

/** A snapshot checked against revisionSnapshotSchema; ValidationError listing what is wrong. */
export function parseSnapshot(value: unknown): RevisionSnapshot {
  const result = revisionSnapshotSchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'snapshot'}: ${issue.message}`);
    throw new ValidationError(`Invalid revision: ${problems.join('; ')}`);
  }
  return result.data;
}

/** The snapshot a revision stores, checked. */
export function revisionSnapshot(revision: PageRevision): RevisionSnapshot {
  return parseSnapshot(revision.content);
}

/** The snapshot of a page's current (live) fields, as a revision would store it. */
export function snapshotOfPage(page: Page): RevisionSnapshot {
  return {
    title: page.title,
    slug: page.slug,
    seo_title: page.seo_title,
    search_description: page.search_description,
    show_in_menus: page.show_in_menus,
    content: page.content,
  };
}

function revisionsNewestFirst(db: Db, page: Page) {
  return db.selectFrom('page_revisions').selectAll().where('page_id', '=', page.id).orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/** All revisions of a page, newest first. */
export async function getRevisions(db: Db, page: Page): Promise<PageRevision[]> {
  return revisionsNewestFirst(db, page).execute();
}

/** The newest revision of a page, or undefined if it has none. */
export async function getLatestRevision(db: Db, page: Page): Promise<PageRevision | undefined> {
  return revisionsNewestFirst(db, page).limit(1).executeTakeFirst();
}

/** The revision with this id of this page, or undefined. */
export async function getRevision(db: Db, page: Pick<Page, 'id'>, revisionId: number): Promise<PageRevision | undefined> {
  return db.selectFrom('page_revisions').selectAll().where('id', '=', revisionId).where('page_id', '=', page.id).executeTakeFirst();
}

/** Inserts a revision row of a page; the page's revision pointers are the caller's to set. */
export async function insertRevision(trx: Db, pageId: number, snapshot: RevisionSnapshot, options: SaveRevisionOptions): Promise<PageRevision> {
  return trx
    .insertInto('page_revisions')
    .values({
      page_id: pageId,
      content: JSON.stringify(snapshot),
      user_id: options.userId ?? null,
      approved_go_live_at: options.approvedGoLiveAt ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stores a draft revision of a page without touching its live fields; returns the revision. A
 * page under review has its task review the new revision.
 */
export async function saveRevision(db: Db, page: Page, snapshot: RevisionSnapshot, options: SaveRevisionOptions = {}): Promise<PageRevision> {
  return withTransaction(db, async (trx) => saveRevisionOnLockedPage(trx, await lockPage(trx, page.id), snapshot, options));
}

/**
 * saveRevision on a page row the caller locked in this transaction (an action's target), so
 * the row is not read and locked again.
 */
export async function saveRevisionOnLockedPage(trx: Db, current: Page, snapshot: RevisionSnapshot, options: SaveRevisionOptions = {}): Promise<PageRevision> {
  const parsed = parseSnapshot(snapshot);
  if (parsed.slug !== current.slug && current.depth > 1) {
    await assertSlugFree(trx, await lockParent(trx, current), parsed.slug, current.id);
  }
  const revision = await insertRevision(trx, current.id, parsed, options);
  await trx
    .updateTable('pages')
    .set({
      latest_revision_id: revision.id,
      latest_revision_created_at: revision.created_at,
      draft_title: parsed.title,
      has_unpublished_changes: true,
    })
    .where('id', '=', current.id)
    .execute();
  if (current.workflow_task_id !== null) await reviewLatestRevision(trx, current.id, revision.id);
  return revision;
}
