import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import type { Database, Page, PageRevision } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { SLUG_MAX_LENGTH, SLUG_PATTERN, isValidSlug, slugify } from './slugs';
import { reviewLatestRevision } from './workflows';

/** Characters per materialized-path step (django-treebeard's steplen, as Wagtail uses). */
export const PATH_STEP_LENGTH = 4;

/** Digits of a path step, in sort order under collate "C" (base 36, uppercase). */
export const PATH_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Path of the single tree root. */
export const ROOT_PATH = '0001';

const MAX_STEP_VALUE = PATH_ALPHABET.length ** PATH_STEP_LENGTH - 1;
// pages.path is varchar(255); deeper trees would fail on insert with a driver error instead.
const MAX_PATH_LENGTH = 255;
const TITLE_MAX_LENGTH = 255;

/** What a revision stores: everything an editor can change on a page, as published together. */
export const revisionSnapshotSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(TITLE_MAX_LENGTH),
  slug: z
    .string()
    .max(SLUG_MAX_LENGTH)
    .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and single hyphens'),
  seo_title: z.string().max(TITLE_MAX_LENGTH).default(''),
  search_description: z.string().default(''),
  show_in_menus: z.boolean().default(false),
  content: z.record(z.string(), z.unknown()).default({}),
});

/** A parsed revision snapshot (see revisionSnapshotSchema). */
export type RevisionSnapshot = z.infer<typeof revisionSnapshotSchema>;

/** Fields for a new page under a parent; omitted ones get the column defaults. */
export interface AddChildInput {
  title: string;
  slug?: string;
  pageType: string;
  content?: Record<string, unknown>;
  live?: boolean;
  seoTitle?: string;
  searchDescription?: string;
  showInMenus?: boolean;
  owner?: number | null;
  goLiveAt?: Date | null;
  expireAt?: Date | null;
}

/** Options of copyPage. */
export interface CopyPageOptions {
  toParent?: Page;
  recursive?: boolean;
  slug?: string;
  title?: string;
  keepLive?: boolean;
  userId?: number | null;
}

/** Options of saveRevision. */
export interface SaveRevisionOptions {
  userId?: number | null;
  approvedGoLiveAt?: Date | null;
}

/** Options of publishRevision. */
export interface PublishRevisionOptions {
  userId?: number | null;
  now?: Date;
}

// ---------------------------------------------------------------------------------------
// Path arithmetic

/** Encodes a child's 1-based position as one path step (1 → '0001'). */
export function encodePathStep(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > MAX_STEP_VALUE) {
    throw new RangeError(`Path step ${value} is out of range`);
  }
  let step = '';
  let rest = value;
  for (let i = 0; i < PATH_STEP_LENGTH; i++) {
    step = PATH_ALPHABET.charAt(rest % PATH_ALPHABET.length) + step;
    rest = Math.floor(rest / PATH_ALPHABET.length);
  }
  return step;
}

/** Decodes one path step back to its number ('000A' → 10). */
export function decodePathStep(step: string): number {
  if (step.length !== PATH_STEP_LENGTH) throw new RangeError(`Path step "${step}" has the wrong length`);
  let value = 0;
  for (const char of step) {
    const digit = PATH_ALPHABET.indexOf(char);
    if (digit < 0) throw new RangeError(`Path step "${step}" has a character outside the alphabet`);
    value = value * PATH_ALPHABET.length + digit;
  }
  return value;
}

function parentPathOf(path: string): string {
  return path.slice(0, -PATH_STEP_LENGTH);
}

// Paths only hold alphabet characters, so they need no LIKE escaping; slugs might.
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

type PagesEb = ExpressionBuilder<Database, 'pages'>;

function childrenOf(parent: Page) {
  return (eb: PagesEb): Expression<SqlBool> =>
    eb.and([eb('path', 'like', `${parent.path}%`), eb('depth', '=', parent.depth + 1)]);
}

// ---------------------------------------------------------------------------------------
// Transactions and locking


// Callers pass Page objects that may be stale (another request may have moved the page),
// so every change re-reads the rows it builds on under a row lock.
/** The page row locked FOR UPDATE inside a transaction; NotFoundError if it is gone. */
export async function lockPage(trx: Db, id: number): Promise<Page> {
  const page = await trx.selectFrom('pages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!page) throw new NotFoundError(`Page ${id} not found`);
  return page;
}

async function lockParent(trx: Db, page: Page): Promise<Page> {
  const path = parentPathOf(page.path);
  const parent = await trx.selectFrom('pages').selectAll().where('path', '=', path).forUpdate().executeTakeFirst();
  if (!parent) throw new NotFoundError(`Parent of page ${page.id} not found`);
  return parent;
}

// A set-based rewrite or delete sees only rows committed when its statement starts; holding
// every subtree row first makes a concurrent addChild under one of them (which locks its
// parent) either finish before we rewrite, or wait and then read the rewritten parent.
async function lockSubtree(trx: Db, page: Page): Promise<void> {
  await trx.selectFrom('pages').select('id').where('path', 'like', `${page.path}%`).orderBy('path').forUpdate().execute();
}

async function lastChildPath(trx: Db, parent: Page): Promise<string | undefined> {
  const last = await trx
    .selectFrom('pages')
    .select('path')
    .where(childrenOf(parent))
    .orderBy('path', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.path;
}

async function nextChildPath(trx: Db, parent: Page): Promise<string> {
  const last = await lastChildPath(trx, parent);
  const next = last === undefined ? 1 : decodePathStep(last.slice(-PATH_STEP_LENGTH)) + 1;
  if (next > MAX_STEP_VALUE) throw new ConflictError(`Page "${parent.title}" cannot hold more children`);
  const path = parent.path + encodePathStep(next);
  if (path.length > MAX_PATH_LENGTH) throw new ValidationError('The page tree cannot be nested any deeper');
  return path;
}

// ---------------------------------------------------------------------------------------
// Validation

function validTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw new ValidationError('Title is required');
  if (trimmed.length > TITLE_MAX_LENGTH) throw new ValidationError(`Title is longer than ${TITLE_MAX_LENGTH} characters`);
  return trimmed;
}

function validSlug(slug: string): string {
  if (!isValidSlug(slug)) {
    throw new ValidationError(`Slug "${slug}" may contain only lowercase letters, digits and single hyphens`);
  }
  return slug;
}

async function assertSlugFree(trx: Db, parent: Page, slug: string, exceptId?: number): Promise<void> {
  let query = trx.selectFrom('pages').select('id').where(childrenOf(parent)).where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.limit(1).executeTakeFirst()) {
    throw new ConflictError(`The slug "${slug}" is already in use under "${parent.title}"`);
  }
}

// Wagtail-style "about-us-2": the first free numbered variant, so repeated copies fill gaps.
async function uniqueSlug(trx: Db, parent: Page, base: string): Promise<string> {
  const rows = await trx
    .selectFrom('pages')
    .select('slug')
    .where(childrenOf(parent))
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${escapeLike(base)}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return validSlug(candidate);
}

function parseSnapshot(value: unknown): RevisionSnapshot {
  const result = revisionSnapshotSchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'snapshot'}: ${issue.message}`);
    throw new ValidationError(`Invalid revision: ${problems.join('; ')}`);
  }
  return result.data;
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

// ---------------------------------------------------------------------------------------
// Reading

/** The page with this id, or undefined. */
export async function getPage(db: Db, id: number): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The page with this id; NotFoundError if there is none. */
export async function getPageOrThrow(db: Db, id: number): Promise<Page> {
  const page = await getPage(db, id);
  if (!page) throw new NotFoundError(`Page ${id} not found`);
  return page;
}

/** The tree root (depth 1), or undefined before it is created. */
export async function getRootPage(db: Db): Promise<Page | undefined> {
  return db.selectFrom('pages').selectAll().where('depth', '=', 1).orderBy('path').limit(1).executeTakeFirst();
}

/** Direct children of a page in tree order; liveOnly drops unpublished ones. */
export async function getChildren(db: Db, page: Page, options: { liveOnly?: boolean } = {}): Promise<Page[]> {
  let query = db.selectFrom('pages').selectAll().where(childrenOf(page));
  if (options.liveOnly) query = query.where('live', '=', true);
  return query.orderBy('path').execute();
}

/** Ancestors of a page, root first; inclusive appends the page itself. */
export async function getAncestors(db: Db, page: Page, options: { inclusive?: boolean } = {}): Promise<Page[]> {
  const paths: string[] = [];
  const lastDepth = options.inclusive ? page.depth : page.depth - 1;
  for (let depth = 1; depth <= lastDepth; depth++) paths.push(page.path.slice(0, depth * PATH_STEP_LENGTH));
  if (paths.length === 0) return [];
  return db.selectFrom('pages').selectAll().where('path', 'in', paths).orderBy('path').execute();
}

/** The whole subtree below a page in tree order; inclusive puts the page itself first. */
export async function getDescendants(
  db: Db,
  page: Page,
  options: { inclusive?: boolean; liveOnly?: boolean } = {},
): Promise<Page[]> {
  let query = db.selectFrom('pages').selectAll().where('path', 'like', `${page.path}%`);
  if (!options.inclusive) query = query.where('depth', '>', page.depth);
  if (options.liveOnly) query = query.where('live', '=', true);
  return query.orderBy('path').execute();
}

/** The shallowest live, unexpired page of a type within a subtree (a site's footer page, say). */
export async function findLiveDescendantOfType(db: Db, ancestor: Pick<Page, 'path'>, pageType: string): Promise<Page | undefined> {
  return db
    .selectFrom('pages')
    .selectAll()
    .where('path', 'like', `${ancestor.path}%`)
    .where('page_type', '=', pageType)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('depth')
    .orderBy('path')
    .limit(1)
    .executeTakeFirst();
}

/** The parent of a page, or undefined for the root. */
export async function getParent(db: Db, page: Page): Promise<Page | undefined> {
  if (page.depth <= 1) return undefined;
  return db.selectFrom('pages').selectAll().where('path', '=', parentPathOf(page.path)).executeTakeFirst();
}

/**
 * Resolves URL components below a site root to a page in one indexed lookup on url_path;
 * by default only live, unexpired pages are found.
 */
export async function findPageByUrlPath(
  db: Db,
  siteRoot: Page,
  components: string[],
  options: { liveOnly?: boolean } = {},
): Promise<Page | undefined> {
  // Tolerate the empty pieces that splitting "/menu//lunch/" on "/" leaves behind.
  const parts = components.filter((part) => part !== '');
  const urlPath = parts.length === 0 ? siteRoot.url_path : `${siteRoot.url_path}${parts.join('/')}/`;
  let query = db
    .selectFrom('pages')
    .selectAll()
    .where('url_path', '=', urlPath)
    .where('path', 'like', `${siteRoot.path}%`);
  if (options.liveOnly ?? true) query = query.where('live', '=', true).where('expired', '=', false);
  return query.orderBy('path').limit(1).executeTakeFirst();
}

/**
 * The deepest live, unexpired page of one of `pageTypes` that is a strict ancestor of the
 * address `components` names, with the components left below it: the page that may route
 * the rest of the address. Undefined when there is none.
 */
export async function findDeepestLiveAncestorOfTypes(
  db: Db,
  siteRoot: Page,
  components: readonly string[],
  pageTypes: readonly string[],
): Promise<{ page: Page; remaining: string[] } | undefined> {
  const parts = components.filter((part) => part !== '');
  if (parts.length === 0 || pageTypes.length === 0) return undefined;
  const urlPaths = parts.map((_, length) => (length === 0 ? siteRoot.url_path : `${siteRoot.url_path}${parts.slice(0, length).join('/')}/`));
  const page = await db
    .selectFrom('pages')
    .selectAll()
    .where('url_path', 'in', urlPaths)
    .where('path', 'like', `${siteRoot.path}%`)
    .where('page_type', 'in', pageTypes)
    .where('live', '=', true)
    .where('expired', '=', false)
    .orderBy('depth', 'desc')
    .orderBy('path')
    .limit(1)
    .executeTakeFirst();
  return page && { page, remaining: parts.slice(page.depth - siteRoot.depth) };
}

/** All revisions of a page, newest first. */
export async function getRevisions(db: Db, page: Page): Promise<PageRevision[]> {
  return db
    .selectFrom('page_revisions')
    .selectAll()
    .where('page_id', '=', page.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The newest revision of a page, or undefined if it has none. */
export async function getLatestRevision(db: Db, page: Page): Promise<PageRevision | undefined> {
  return db
    .selectFrom('page_revisions')
    .selectAll()
    .where('page_id', '=', page.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------
// Creating

/** Creates the tree root; ConflictError if one already exists. */
export async function createRootPage(db: Db, input: { title: string }): Promise<Page> {
  const title = validTitle(input.title);
  return withTransaction(db, async (trx) => {
    if (await getRootPage(trx)) throw new ConflictError('The root page already exists');
    try {
      return await trx
        .insertInto('pages')
        .values({
          path: ROOT_PATH,
          depth: 1,
          numchild: 0,
          title,
          draft_title: title,
          slug: 'root',
          url_path: '/',
          page_type: 'root',
          content: JSON.stringify({}),
          live: true,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Lost a race with another process creating the root at the same moment.
      if (isUniqueViolation(error)) throw new ConflictError('The root page already exists', { cause: error });
      throw error;
    }
  });
}

/** Adds a page as the last child of parent, with its first revision; returns the new row. */
export async function addChild(db: Db, parent: Page, input: AddChildInput): Promise<Page> {
  const title = validTitle(input.title);
  const slug = validSlug(input.slug ?? slugify(title));
  if (!input.pageType.trim()) throw new ValidationError('Page type is required');
  const seoTitle = input.seoTitle ?? '';
  if (seoTitle.length > TITLE_MAX_LENGTH) throw new ValidationError(`SEO title is longer than ${TITLE_MAX_LENGTH} characters`);
  const live = input.live ?? true;

  return withTransaction(db, async (trx) => {
    const lockedParent = await lockPage(trx, parent.id);
    await assertSlugFree(trx, lockedParent, slug);
    const path = await nextChildPath(trx, lockedParent);
    const now = new Date();
    const page = await trx
      .insertInto('pages')
      .values({
        path,
        depth: lockedParent.depth + 1,
        numchild: 0,
        title,
        draft_title: title,
        slug,
        url_path: `${lockedParent.url_path}${slug}/`,
        page_type: input.pageType,
        content: JSON.stringify(input.content ?? {}),
        seo_title: seoTitle,
        search_description: input.searchDescription ?? '',
        show_in_menus: input.showInMenus ?? false,
        live,
        // A page created as a draft has content that nobody has published yet.
        has_unpublished_changes: !live,
        first_published_at: live ? now : null,
        last_published_at: live ? now : null,
        go_live_at: input.goLiveAt ?? null,
        expire_at: input.expireAt ?? null,
        owner: input.owner ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('pages')
      .set({ numchild: sql<number>`numchild + 1` })
      .where('id', '=', lockedParent.id)
      .execute();
    const revision = await insertRevision(trx, page.id, snapshotOfPage(page), { userId: input.owner ?? null });
    return trx
      .updateTable('pages')
      .set({
        latest_revision_id: revision.id,
        latest_revision_created_at: revision.created_at,
        live_revision_id: live ? revision.id : null,
      })
      .where('id', '=', page.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

async function insertRevision(
  trx: Db,
  pageId: number,
  snapshot: RevisionSnapshot,
  options: SaveRevisionOptions,
): Promise<PageRevision> {
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

// ---------------------------------------------------------------------------------------
// Restructuring

/** Moves a page with its subtree to be the last child of newParent; returns the moved page. */
export async function movePage(db: Db, page: Page, newParent: Page): Promise<Page> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    if (current.depth === 1) throw new ValidationError('The root page cannot be moved');
    const target = await lockPage(trx, newParent.id);
    if (target.path.startsWith(current.path)) {
      throw new ValidationError(`Cannot move "${current.title}" into itself or one of its descendants`);
    }
    await lockSubtree(trx, current);
    const oldParent = await lockParent(trx, current);
    const sameParent = oldParent.id === target.id;
    if (sameParent && (await lastChildPath(trx, target)) === current.path) return current;
    await assertSlugFree(trx, target, current.slug, current.id);

    const newPath = await nextChildPath(trx, target);
    await rewriteSubtree(trx, current, {
      path: newPath,
      depth: target.depth + 1,
      urlPath: `${target.url_path}${current.slug}/`,
    });
    if (!sameParent) {
      await trx.updateTable('pages').set({ numchild: sql<number>`numchild - 1` }).where('id', '=', oldParent.id).execute();
      await trx.updateTable('pages').set({ numchild: sql<number>`numchild + 1` }).where('id', '=', target.id).execute();
    }
    return getPageOrThrow(trx, current.id);
  });
}

// One UPDATE for the whole subtree: every descendant keeps its path and url_path suffix
// below the top page, so swapping the prefixes is enough.
async function rewriteSubtree(
  trx: Db,
  top: Page,
  to: { path: string; depth: number; urlPath: string },
): Promise<void> {
  await trx
    .updateTable('pages')
    .set({
      path: sql<string>`${to.path}::text || substr(path, ${top.path.length + 1}::integer)`,
      depth: sql<number>`depth + ${to.depth - top.depth}::integer`,
      url_path: urlPathRewrite(top.url_path, to.urlPath),
    })
    .where('path', 'like', `${top.path}%`)
    .execute();
}

// char_length in SQL rather than String.length in JS: they disagree outside the BMP.
function urlPathRewrite(oldPrefix: string, newPrefix: string) {
  return sql<string>`${newPrefix}::text || substr(url_path, char_length(${oldPrefix}::text) + 1)`;
}

/**
 * Copies a page (with its subtree if recursive) as the last child of toParent (default:
 * beside itself); each copy gets one fresh revision. Returns the new top page.
 */
export async function copyPage(db: Db, page: Page, options: CopyPageOptions = {}): Promise<Page> {
  const recursive = options.recursive ?? false;
  const keepLive = options.keepLive ?? true;
  const title = options.title === undefined ? undefined : validTitle(options.title);
  const explicitSlug = options.slug === undefined ? undefined : validSlug(options.slug);

  return withTransaction(db, async (trx) => {
    const source = await getPageOrThrow(trx, page.id);
    let targetId: number;
    if (options.toParent) {
      targetId = options.toParent.id;
    } else {
      const parent = await getParent(trx, source);
      if (!parent) throw new ValidationError('The root page cannot be copied beside itself');
      targetId = parent.id;
    }
    const target = await lockPage(trx, targetId);
    if (recursive && target.path.startsWith(source.path)) {
      throw new ValidationError(`Cannot copy "${source.title}" recursively into itself or one of its descendants`);
    }
    let slug: string;
    if (explicitSlug !== undefined) {
      await assertSlugFree(trx, target, explicitSlug);
      slug = explicitSlug;
    } else {
      slug = await uniqueSlug(trx, target, source.slug);
    }
    const newTitle = title ?? source.title;
    const newPath = await nextChildPath(trx, target);
    const newUrlPath = `${target.url_path}${slug}/`;
    const newLive = keepLive ? sql<boolean>`live` : sql<boolean>`false`;
    const userId = options.userId;

    await trx
      .insertInto('pages')
      .columns([
        'path', 'depth', 'numchild', 'title', 'draft_title', 'slug', 'url_path', 'page_type', 'content',
        'seo_title', 'search_description', 'show_in_menus', 'live', 'has_unpublished_changes',
        'first_published_at', 'last_published_at', 'go_live_at', 'expire_at', 'expired', 'locked', 'owner',
      ])
      .expression((eb) => {
        const isTop = sql<boolean>`id = ${source.id}::integer`;
        const copiedTitle = sql<string>`case when ${isTop} then ${newTitle}::text else title end`;
        let rows = eb
          .selectFrom('pages')
          .select([
            sql<string>`${newPath}::text || substr(path, ${source.path.length + 1}::integer)`.as('path'),
            sql<number>`depth + ${target.depth + 1 - source.depth}::integer`.as('depth'),
            (recursive ? sql<number>`numchild` : sql<number>`0`).as('numchild'),
            copiedTitle.as('title'),
            // The copy's only revision is its live fields, so the draft title is the title.
            copiedTitle.as('draft_title'),
            sql<string>`case when ${isTop} then ${slug}::text else slug end`.as('slug'),
            urlPathRewrite(source.url_path, newUrlPath).as('url_path'),
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
        rows = recursive ? rows.where('path', 'like', `${source.path}%`) : rows.where('id', '=', source.id);
        return rows;
      })
      .execute();
    await trx.updateTable('pages').set({ numchild: sql<number>`numchild + 1` }).where('id', '=', target.id).execute();

    // newPath is a fresh prefix, so it matches exactly the rows just inserted.
    const copies = (eb: PagesEb) => eb('pages.path', 'like', `${newPath}%`);
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
            sql<number | null>`${userId ?? null}::integer`.as('user_id'),
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

    const copy = await trx.selectFrom('pages').selectAll().where('path', '=', newPath).executeTakeFirst();
    if (!copy) throw new Error(`Copy of page ${source.id} vanished inside its own transaction`);
    return copy;
  });
}

/** Deletes a page and its subtree (revisions cascade); returns how many pages were deleted. */
export async function deleteSubtree(db: Db, page: Page): Promise<number> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    if (current.depth === 1) throw new ValidationError('The root page cannot be deleted');
    await lockSubtree(trx, current);
    const parent = await lockParent(trx, current);
    const result = await trx.deleteFrom('pages').where('path', 'like', `${current.path}%`).executeTakeFirst();
    await trx.updateTable('pages').set({ numchild: sql<number>`numchild - 1` }).where('id', '=', parent.id).execute();
    return Number(result.numDeletedRows);
  });
}

// ---------------------------------------------------------------------------------------
// Revisions

/**
 * Stores a draft revision of a page without touching its live fields; returns the revision. A
 * page under review has its task review the new revision.
 */
export async function saveRevision(
  db: Db,
  page: Page,
  snapshot: RevisionSnapshot,
  options: SaveRevisionOptions = {},
): Promise<PageRevision> {
  const parsed = parseSnapshot(snapshot);
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
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
  });
}

/**
 * Publishes a revision onto its page, or, if the revision is approved to go live later,
 * only schedules it (sets go_live_at). Returns the updated page.
 * userId is accepted for callers' audit trails; no page column records the publisher.
 */
export async function publishRevision(
  db: Db,
  revisionId: number,
  options: PublishRevisionOptions = {},
): Promise<Page> {
  const now = options.now ?? new Date();
  return withTransaction(db, async (trx) => {
    const revision = await trx.selectFrom('page_revisions').selectAll().where('id', '=', revisionId).executeTakeFirst();
    if (!revision) throw new NotFoundError(`Revision ${revisionId} not found`);
    const page = await lockPage(trx, revision.page_id);
    const snapshot = parseSnapshot(revision.content);

    const goLiveAt = revision.approved_go_live_at;
    if (goLiveAt && goLiveAt.getTime() > now.getTime()) {
      // Only one schedule per page, as in Wagtail: the newest approval replaces older ones.
      await trx
        .updateTable('page_revisions')
        .set({ approved_go_live_at: null })
        .where('page_id', '=', page.id)
        .where('id', '<>', revision.id)
        .execute();
      return trx
        .updateTable('pages')
        .set({ go_live_at: goLiveAt, has_unpublished_changes: true })
        .where('id', '=', page.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }

    if (snapshot.slug !== page.slug && page.depth > 1) {
      const parent = await lockParent(trx, page);
      await assertSlugFree(trx, parent, snapshot.slug, page.id);
      await lockSubtree(trx, page);
      await trx
        .updateTable('pages')
        .set({ url_path: urlPathRewrite(page.url_path, `${parent.url_path}${snapshot.slug}/`) })
        .where('path', 'like', `${page.path}%`)
        .execute();
    }

    // Publishing now supersedes any pending schedule for this page.
    await trx
      .updateTable('page_revisions')
      .set({ approved_go_live_at: null })
      .where('page_id', '=', page.id)
      .where('approved_go_live_at', 'is not', null)
      .execute();
    const pendingGoLive = page.go_live_at !== null && page.go_live_at.getTime() > now.getTime();
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
        go_live_at: goLiveAt ?? (pendingGoLive ? null : page.go_live_at),
      })
      .where('id', '=', page.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

// ---------------------------------------------------------------------------------------
// Publishing state and locks

/**
 * Takes a page (and, if asked, its live descendants) off the public site; their content is
 * kept as a draft. Returns the pages that went from live to not live.
 */
export async function unpublishPages(db: Db, page: Page, options: { includeDescendants?: boolean } = {}): Promise<Page[]> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    let query = trx
      .updateTable('pages')
      .set({ live: false, has_unpublished_changes: true, live_revision_id: null })
      .where('live', '=', true);
    query = options.includeDescendants
      ? query.where('path', 'like', `${current.path}%`)
      : query.where('id', '=', current.id);
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

/** Locks a page for one user, or unlocks it (userId null). */
export async function setPageLock(db: Db, page: Page, userId: number | null, now = new Date()): Promise<Page> {
  return db
    .updateTable('pages')
    .set(userId === null ? { locked: false, locked_by: null, locked_at: null } : { locked: true, locked_by: userId, locked_at: now })
    .where('id', '=', page.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets when a page goes live and when it expires (applied on publish and by the scheduler). */
export async function setPageSchedule(db: Db, page: Page, schedule: { goLiveAt: Date | null; expireAt: Date | null }): Promise<Page> {
  return db
    .updateTable('pages')
    .set({ go_live_at: schedule.goLiveAt, expire_at: schedule.expireAt })
    .where('id', '=', page.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks a revision to be published at a time (scheduled publishing). */
export async function approveRevisionForLater(db: Db, revisionId: number, goLiveAt: Date): Promise<void> {
  await db.updateTable('page_revisions').set({ approved_go_live_at: goLiveAt }).where('id', '=', revisionId).execute();
}

/** The revision with this id of this page, or undefined. */
export async function getRevision(db: Db, page: Pick<Page, 'id'>, revisionId: number): Promise<PageRevision | undefined> {
  return db.selectFrom('page_revisions').selectAll().where('id', '=', revisionId).where('page_id', '=', page.id).executeTakeFirst();
}

/** The snapshot a revision stores, checked. */
export function revisionSnapshot(revision: PageRevision): RevisionSnapshot {
  return parseSnapshot(revision.content);
}

/**
 * Swaps a page with its previous or next sibling in the tree order (the explorer's arrows);
 * returns false when it already is first or last.
 */
export async function swapWithSibling(db: Db, page: Page, direction: 'up' | 'down'): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const current = await lockPage(trx, page.id);
    if (current.depth <= 1) throw new ValidationError('The root page has no siblings');
    const parent = await lockParent(trx, current);
    const sibling = await trx
      .selectFrom('pages')
      .selectAll()
      .where(childrenOf(parent))
      .where('path', direction === 'up' ? '<' : '>', current.path)
      .orderBy('path', direction === 'up' ? 'desc' : 'asc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!sibling) return false;
    await lockSubtree(trx, current);
    await lockSubtree(trx, sibling);
    // '~' is outside the path alphabet, so the parked prefix can collide with no real path.
    const parked = `~${current.path.slice(1)}`;
    const swapPrefix = async (from: string, to: string) =>
      trx
        .updateTable('pages')
        .set({ path: sql<string>`${to}::text || substr(path, ${from.length + 1}::integer)` })
        .where('path', 'like', `${from}%`)
        .execute();
    await swapPrefix(current.path, parked);
    await swapPrefix(sibling.path, current.path);
    await swapPrefix(parked, sibling.path);
    return true;
  });
}
