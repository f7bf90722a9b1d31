import type { Db } from '../db/database';
import type { Page } from '../db/schema';

/** How much content the back office holds. */
export interface SiteSummary {
  pages: number;
  images: number;
  documents: number;
}

/** Counts of pages (without the tree root), images and documents. */
export async function siteSummary(db: Db): Promise<SiteSummary> {
  const [pages, images, documents] = await Promise.all([
    db
      .selectFrom('pages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('depth', '>', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { pages: Number(pages.n), images: Number(images.n), documents: Number(documents.n) };
}

/** A page with the time of the user's last edit of it. */
export type EditedPage = Page & { edited_at: Date };

/** The pages a user most recently saved a revision of, newest first. */
export async function recentlyEditedBy(db: Db, userId: number, limit = 5): Promise<EditedPage[]> {
  const rows = await db
    .selectFrom('page_revisions')
    .innerJoin('pages', 'pages.id', 'page_revisions.page_id')
    .selectAll('pages')
    .select((eb) => eb.fn.max('page_revisions.created_at').as('edited_at'))
    .where('page_revisions.user_id', '=', userId)
    .groupBy('pages.id')
    .orderBy('edited_at', 'desc')
    .limit(limit)
    .execute();
  return rows;
}

/**
 * Pages awaiting this user's attention: drafts with unpublished changes whose latest revision
 * is theirs, or pages they own that have unpublished changes.
 */
export async function awaitingAttention(db: Db, userId: number, limit = 10): Promise<Page[]> {
  return db
    .selectFrom('pages')
    .leftJoin('page_revisions', 'page_revisions.id', 'pages.latest_revision_id')
    .selectAll('pages')
    .where('pages.has_unpublished_changes', '=', true)
    .where((eb) => eb.or([eb('page_revisions.user_id', '=', userId), eb('pages.owner', '=', userId)]))
    .orderBy('pages.latest_revision_created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Locked pages with who locked them, most recent first. */
export async function lockedPages(db: Db, limit = 10): Promise<Array<Page & { locked_by_username: string | null }>> {
  return db
    .selectFrom('pages')
    .leftJoin('users', 'users.id', 'pages.locked_by')
    .selectAll('pages')
    .select('users.username as locked_by_username')
    .where('pages.locked', '=', true)
    .orderBy('pages.locked_at', 'desc')
    .limit(limit)
    .execute();
}
