import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { NotFoundError } from '../errors';
import type { DraftScope, SubtreeFacts } from './permission-policies';
import { likePattern, titleWords } from './text-search';

/** How many child pages the explorer shows at once. */
export const EXPLORER_PAGE_SIZE = 50;

/** One screen of a page's children in tree order, with the total count. */
export async function childrenSlice(db: Db, parent: Page, offset: number, limit = EXPLORER_PAGE_SIZE): Promise<{ pages: Page[]; total: number }> {
  const children = db
    .selectFrom('pages')
    .where('path', 'like', `${parent.path}%`)
    .where('depth', '=', parent.depth + 1);
  const [pages, count] = await Promise.all([
    children.selectAll().orderBy('path').offset(offset).limit(limit).execute(),
    children.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { pages, total: Number(count.n) };
}

/** How many pages lie below this one. */
export async function countDescendants(db: Db, page: Page): Promise<number> {
  const row = await db
    .selectFrom('pages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('path', 'like', `${page.path}%`)
    .where('depth', '>', page.depth)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether each page's subtree (the page included) has a live page, and its one owner if it has one. */
export async function subtreeFacts(db: Db, pages: ReadonlyArray<Pick<Page, 'id' | 'path'>>): Promise<Map<number, SubtreeFacts>> {
  if (pages.length === 0) return new Map();
  const rows = await db
    .selectFrom('pages as top')
    .innerJoin('pages as below', (join) => join.on(sql<boolean>`below.path like top.path || '%'`))
    .where(
      'top.id',
      'in',
      pages.map((page) => page.id),
    )
    .groupBy('top.id')
    .select([
      'top.id',
      sql<boolean>`bool_or(below.live)`.as('anyLive'),
      // One owner only when no page lacks one and all agree.
      sql<number | null>`case when count(below.owner) = count(*) and min(below.owner) = max(below.owner) then min(below.owner) end`.as('soleOwner'),
    ])
    .execute();
  return new Map(rows.map((row) => [row.id, { anyLive: row.anyLive, soleOwner: row.soleOwner }]));
}

/** The subtree facts of one page (see subtreeFacts). */
export async function subtreeFactsOf(db: Db, page: Pick<Page, 'id' | 'path'>): Promise<SubtreeFacts> {
  const facts = (await subtreeFacts(db, [page])).get(page.id);
  if (!facts) throw new NotFoundError('There is no page with this id.');
  return facts;
}

/** Every page in tree order with the fields a destination chooser needs. */
export async function pageTreeOutline(
  db: Db,
): Promise<Array<Pick<Page, 'id' | 'path' | 'depth' | 'title' | 'draft_title' | 'page_type' | 'locked' | 'locked_by' | 'owner' | 'numchild' | 'live' | 'workflow_task_id'>>> {
  return db
    .selectFrom('pages')
    .select(['id', 'path', 'depth', 'title', 'draft_title', 'page_type', 'locked', 'locked_by', 'owner', 'numchild', 'live', 'workflow_task_id'])
    .orderBy('path')
    .execute();
}

/** The page fields a page chooser reads. */
export type ChooserCandidate = Pick<Page, 'id' | 'path' | 'depth' | 'draft_title' | 'page_type' | 'locked' | 'locked_by' | 'owner' | 'numchild' | 'live' | 'workflow_task_id'>;

const CHOOSER_COLUMNS = ['id', 'path', 'depth', 'draft_title', 'page_type', 'locked', 'locked_by', 'owner', 'numchild', 'live', 'workflow_task_id'] as const;

/** Where a page chooser looks: a page's children, or the pages (never the root) whose draft title holds every word searched. */
export type ChooserScope = { childrenOf: Pick<Page, 'path' | 'depth'> } | { search: string };

/** A slice of a page chooser's pages in tree order, none inside the `excluded` subtrees (given by their top pages' paths). */
export async function chooserCandidates(db: Db, scope: ChooserScope, excluded: readonly string[], offset: number, limit: number): Promise<ChooserCandidate[]> {
  let rows = db.selectFrom('pages').select(CHOOSER_COLUMNS);
  for (const path of excluded) rows = rows.where('path', 'not like', `${path}%`);
  if ('search' in scope) {
    rows = rows.where('depth', '>', 1);
    for (const word of titleWords(scope.search)) rows = rows.where('draft_title', 'ilike', likePattern(word));
  } else rows = rows.where('path', 'like', `${scope.childrenOf.path}%`).where('depth', '=', scope.childrenOf.depth + 1);
  return rows.orderBy('path').offset(offset).limit(limit).execute();
}

/** The pages at these paths, with the fields their chooser titles are made of. */
export async function pagesAtPaths(db: Db, paths: readonly string[]): Promise<Array<Pick<Page, 'path' | 'depth' | 'draft_title'>>> {
  if (paths.length === 0) return [];
  return db
    .selectFrom('pages')
    .select(['path', 'depth', 'draft_title'])
    .where('path', 'in', [...paths])
    .execute();
}

/** Publication states the page search filters by. */
export const PAGE_SEARCH_STATUSES = ['live', 'draft', 'changes', 'scheduled', 'expired', 'locked', 'moderation'] as const;

/** A page search: words in the title or content, a page type, a status, among the pages whose drafts the user may read. */
export interface PageSearchQuery {
  scope: DraftScope;
  text: string;
  pageType?: string;
  status?: (typeof PAGE_SEARCH_STATUSES)[number];
}

/** Pages (never the tree root) matching a search, most recently changed first. */
export async function searchPages(db: Db, query: PageSearchQuery, offset: number, limit = EXPLORER_PAGE_SIZE): Promise<{ pages: Page[]; total: number }> {
  const { scope } = query;
  if (!scope.all && scope.changePaths.length + scope.ownPaths.length === 0) return { pages: [], total: 0 };
  let base = db.selectFrom('pages').where('depth', '>', 1);
  // Drafts the user may not edit must not match, or their hidden words could be confirmed by guessing.
  if (!scope.all) {
    base = base.where((eb) =>
      eb.or([
        ...scope.changePaths.map((path) => eb('path', 'like', `${path}%`)),
        ...scope.ownPaths.map((path) => eb.and([eb('path', 'like', `${path}%`), eb('owner', '=', scope.userId)])),
      ]),
    );
  }
  for (const word of query.text.trim().split(/\s+/).filter(Boolean).slice(0, 10)) {
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where((eb) => eb.or([eb('draft_title', 'ilike', pattern), eb('title', 'ilike', pattern), eb(sql<string>`content::text`, 'ilike', pattern)]));
  }
  if (query.pageType) base = base.where('page_type', '=', query.pageType);
  const now = new Date();
  const byStatus = {
    live: () => base.where('live', '=', true),
    draft: () => base.where('live', '=', false).where('expired', '=', false),
    changes: () => base.where('live', '=', true).where('has_unpublished_changes', '=', true),
    scheduled: () => base.where('go_live_at', '>', now),
    expired: () => base.where('expired', '=', true),
    locked: () => base.where('locked', '=', true),
    moderation: () => base.where('workflow_task_id', 'is not', null),
  };
  if (query.status) base = byStatus[query.status]();
  const [pages, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('latest_revision_created_at', (ob) => ob.desc().nullsLast())
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { pages, total: Number(count.n) };
}

/** Filters of the admin API's page listing. */
export interface PageFilters {
  childOf?: Page;
  descendantOf?: Page;
  pageType?: string;
  titleContains?: string;
}

/** Pages (never the tree root) matching the filters, in tree order, one slice at a time. */
export async function filterPages(db: Db, filters: PageFilters, offset: number, limit: number): Promise<{ pages: Page[]; total: number }> {
  let base = db.selectFrom('pages').where('depth', '>', 1);
  if (filters.childOf) base = base.where('path', 'like', `${filters.childOf.path}%`).where('depth', '=', filters.childOf.depth + 1);
  if (filters.descendantOf) base = base.where('path', 'like', `${filters.descendantOf.path}%`).where('depth', '>', filters.descendantOf.depth);
  if (filters.pageType) base = base.where('page_type', '=', filters.pageType);
  const title = filters.titleContains?.trim();
  if (title) base = base.where('draft_title', 'ilike', `%${title.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
  const [pages, count] = await Promise.all([
    base.selectAll().orderBy('path').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { pages, total: Number(count.n) };
}
