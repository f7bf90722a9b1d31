/**
 * Copying a page, alone or with its subtree (Wagtail's CopyableMixin and copy_page action):
 * the copies are inserted in one statement, then each gets one fresh revision of its fields and
 * the view restrictions of its original.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import type { Page } from '../../db/schema';
import { ValidationError } from '../../errors';
import { lockPage } from './locking';
import { getPageOrThrow, getParent } from './queries';
import { nextChildPath, pathRewrite, urlPathRewrite, type PagesEb } from './tree-paths';
import { assertSlugFree, uniqueSlug, validSlug, validTitle } from './validation';

/** Options of copyPage. */
export interface CopyPageOptions {
  toParent?: Page;
  recursive?: boolean;
  slug?: string;
  title?: string;
  keepLive?: boolean;
  userId?: number | null;
}

/** Where a copy goes and what its top page is called, worked out before anything is written. */
interface CopyPlan {
  source: Page;
  target: Page;
  /** The copy's path: a fresh last-child path under the target. */
  path: string;
  slug: string;
  title: string;
  recursive: boolean;
  keepLive: boolean;
  userId: number | null | undefined;
}

/**
 * Copies a page (with its subtree if recursive) as the last child of toParent (default:
 * beside itself); each copy gets one fresh revision. Returns the new top page.
 */
export async function copyPage(db: Db, page: Page, options: CopyPageOptions = {}): Promise<Page> {
  const title = options.title === undefined ? undefined : validTitle(options.title);
  const explicitSlug = options.slug === undefined ? undefined : validSlug(options.slug);
  const recursive = options.recursive ?? false;

  return withTransaction(db, async (trx) => {
    const source = await getPageOrThrow(trx, page.id);
    const target = await lockCopyTarget(trx, source, options.toParent);
    if (recursive && target.path.startsWith(source.path)) {
      throw new ValidationError(`Cannot copy "${source.title}" recursively into itself or one of its descendants`);
    }
    const plan: CopyPlan = {
      source,
      target,
      slug: await copySlug(trx, target, source, explicitSlug),
      title: title ?? source.title,
      path: await nextChildPath(trx, target),
      recursive,
      keepLive: options.keepLive ?? true,
      userId: options.userId,
    };
    await insertCopies(trx, plan);
    await copyViewRestrictions(trx, plan);
    await trx
      .updateTable('pages')
      .set({ numchild: sql<number>`numchild + 1` })
      .where('id', '=', target.id)
      .execute();
    await giveCopiesTheirFirstRevision(trx, plan);
    const copy = await trx.selectFrom('pages').selectAll().where('path', '=', plan.path).executeTakeFirst();
    if (!copy) throw new Error(`Copy of page ${source.id} vanished inside its own transaction`);
    return copy;
  });
}

/** The parent the copy goes under, locked: the one asked for, else the source's own parent. */
async function lockCopyTarget(trx: Db, source: Page, toParent: Page | undefined): Promise<Page> {
  if (toParent) return lockPage(trx, toParent.id);
  const parent = await getParent(trx, source);
  if (!parent) throw new ValidationError('The root page cannot be copied beside itself');
  return lockPage(trx, parent.id);
}

/** The slug asked for if it is free under the target, else the first free variant of the source's. */
async function copySlug(trx: Db, target: Page, source: Page, explicitSlug: string | undefined): Promise<string> {
  if (explicitSlug === undefined) return uniqueSlug(trx, target, source.slug);
  await assertSlugFree(trx, target, explicitSlug);
  return explicitSlug;
}

/**
 * Inserts the copied rows in one statement: the top page with its new slug and title, and with
 * `recursive` its subtree, every path and url_path moved under the target. A copy not kept
 * live is a draft; none is locked; the copying user (when given) owns them all.
 */
async function insertCopies(trx: Db, plan: CopyPlan): Promise<void> {
  const { source, target, recursive, userId } = plan;
  const newLive = plan.keepLive ? sql<boolean>`live` : sql<boolean>`false`;
  await trx
    .insertInto('pages')
    .columns([
      'path',
      'depth',
      'numchild',
      'title',
      'draft_title',
      'slug',
      'url_path',
      'page_type',
      'content',
      'seo_title',
      'search_description',
      'show_in_menus',
      'live',
      'has_unpublished_changes',
      'first_published_at',
      'last_published_at',
      'go_live_at',
      'expire_at',
      'expired',
      'locked',
      'owner',
    ])
    .expression((eb) => {
      const isTop = sql<boolean>`id = ${source.id}::integer`;
      const copiedTitle = sql<string>`case when ${isTop} then ${plan.title}::text else title end`;
      const rows = eb.selectFrom('pages').select([
        pathRewrite(source.path, plan.path).as('path'),
        sql<number>`depth + ${target.depth + 1 - source.depth}::integer`.as('depth'),
        (recursive ? sql<number>`numchild` : sql<number>`0`).as('numchild'),
        copiedTitle.as('title'),
        // The copy's only revision is its live fields, so the draft title is the title.
        copiedTitle.as('draft_title'),
        sql<string>`case when ${isTop} then ${plan.slug}::text else slug end`.as('slug'),
        urlPathRewrite(source.url_path, `${target.url_path}${plan.slug}/`).as('url_path'),
        'page_type',
        'content',
        'seo_title',
        'search_description',
        'show_in_menus',
        newLive.as('live'),
        sql<boolean>`not ${newLive}`.as('has_unpublished_changes'),
        sql<Date | null>`case when ${newLive} then first_published_at end`.as('first_published_at'),
        sql<Date | null>`case when ${newLive} then last_published_at end`.as('last_published_at'),
        'go_live_at',
        'expire_at',
        'expired',
        sql<boolean>`false`.as('locked'),
        (userId === undefined ? sql<number | null>`owner` : sql<number | null>`${userId}::integer`).as('owner'),
      ]);
      return recursive ? rows.where('path', 'like', `${source.path}%`) : rows.where('id', '=', source.id);
    })
    .execute();
}

/**
 * Gives every copy the view restrictions its original carries of its own, as Wagtail copies
 * PageViewRestriction, so that a copy of a private page is not public. Unlike Wagtail, they are
 * copied under a restricted destination too: the copy then asks for both, never less than its
 * original did.
 */
async function copyViewRestrictions(trx: Db, plan: CopyPlan): Promise<void> {
  const { source, recursive } = plan;
  await trx
    .insertInto('page_view_restrictions')
    .columns(['page_id', 'restriction_type', 'password'])
    .expression((eb) => {
      const rows = eb
        .selectFrom('page_view_restrictions as restriction')
        .innerJoin('pages as original', 'original.id', 'restriction.page_id')
        // A copy's path is its original's with the source's prefix swapped for the copy's.
        .innerJoin('pages as copy', (join) => join.on(sql<boolean>`copy.path = ${plan.path}::text || substr(original.path, ${source.path.length + 1}::integer)`))
        .select(['copy.id as page_id', 'restriction.restriction_type', 'restriction.password'])
        .orderBy('restriction.id');
      return recursive ? rows.where('original.path', 'like', `${source.path}%`) : rows.where('original.id', '=', source.id);
    })
    .execute();
}

/**
 * Gives every copy one revision holding its fields, by the copying user, and points the copy's
 * latest revision (and, when live, its live revision) at it.
 */
async function giveCopiesTheirFirstRevision(trx: Db, plan: CopyPlan): Promise<void> {
  // The copy's path is a fresh prefix, so it matches exactly the rows just inserted.
  const copies = (eb: PagesEb) => eb('pages.path', 'like', `${plan.path}%`);
  await trx
    .insertInto('page_revisions')
    .columns(['page_id', 'content', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('pages')
        .select([
          'pages.id as page_id',
          sql<string>`jsonb_build_object(
            'title', title, 'slug', slug, 'seo_title', seo_title,
            'search_description', search_description, 'show_in_menus', show_in_menus, 'content', content
          )`.as('content'),
          sql<number | null>`${plan.userId ?? null}::integer`.as('user_id'),
        ])
        .where(copies),
    )
    .execute();
  await trx
    .updateTable('pages')
    .from('page_revisions')
    .set((eb) => ({
      latest_revision_id: eb.ref('page_revisions.id'),
      latest_revision_created_at: eb.ref('page_revisions.created_at'),
      live_revision_id: sql<number | null>`case when pages.live then page_revisions.id end`,
    }))
    .whereRef('page_revisions.page_id', '=', 'pages.id')
    .where(copies)
    .execute();
}
