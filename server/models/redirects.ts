import type { Db } from '../db/database';
import type { Redirect } from '../db/schema';
import { likePattern } from './text-search';
import { bumpCacheGeneration } from './cache-generations';

/** The cache_generations row of the redirect table every process keeps in memory. */
export const REDIRECTS_CACHE_NAME = 'redirects';

/** Redirects a listing screen shows at once (Wagtail's paginate_by). */
export const REDIRECTS_PAGE_SIZE = 20;

/** Orderings of the redirects listing, as Wagtail's sortable columns. */
export const REDIRECT_ORDERINGS = ['old_path', '-old_path', 'site', '-site', 'is_permanent', '-is_permanent'] as const;

/** One ordering of the listing. */
export type RedirectOrdering = (typeof REDIRECT_ORDERINGS)[number];

/** What a redirect is made of, with its old path already normalised. */
export interface RedirectInput {
  oldPath: string;
  siteId: number | null;
  isPermanent: boolean;
  redirectPageId: number | null;
  redirectLink: string;
}

/** A redirect as the listing shows it: with its site's name and its page's title. */
export type RedirectRow = Redirect & { site_name: string | null; site_hostname: string | null; page_title: string | null };

/**
 * Wagtail's Redirect.normalise_path: the path of a URL (scheme and host dropped), starting with
 * one slash and without a trailing one, its ;parameters and query components sorted, so that
 * '/menu/?b=2&a=1' and '/menu?a=1&b=2' are the same redirect. Percent-escapes in the path are
 * decoded, so a path typed with 'é' matches a request that sends '%C3%A9' (Wagtail's uri_to_iri).
 */
export function normaliseRedirectPath(url: string): string {
  let rest = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const queryStart = rest.indexOf('?');
  const query = queryStart >= 0 ? rest.slice(queryStart + 1) : '';
  let path = queryStart >= 0 ? rest.slice(0, queryStart) : rest;
  // As urlparse, parameters belong to the last segment of the path only.
  const paramsStart = path.indexOf(';', path.lastIndexOf('/') + 1);
  const params = paramsStart >= 0 ? path.slice(paramsStart + 1) : '';
  if (paramsStart >= 0) path = path.slice(0, paramsStart);
  path = decodePath(path);
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (params) path = `${path};${params.split(';').sort().join(';')}`;
  if (query) path = `${path}?${query.split('&').sort().join('&')}`;
  return path;
}

/** The normalised path without its query string and parameters: the middleware's second try. */
export function withoutQuery(normalisedPath: string): string {
  return normalisedPath.replace(/[;?].*$/, '');
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** One redirect by id. */
export async function getRedirect(db: Db, id: number): Promise<Redirect | undefined> {
  return db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The redirect holding this path on this site (null: all sites), other than `exceptId`. */
export async function findRedirectFor(db: Db, oldPath: string, siteId: number | null, exceptId?: number): Promise<Redirect | undefined> {
  let query = db.selectFrom('redirects').selectAll().where('old_path', '=', oldPath);
  query = siteId === null ? query.where('site_id', 'is', null) : query.where('site_id', '=', siteId);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** What the listing was asked for. */
export interface RedirectListQuery {
  q: string;
  siteId?: number;
  ordering: RedirectOrdering;
}

const ORDER_COLUMNS = { old_path: 'redirects.old_path', site: 'sites.site_name', is_permanent: 'redirects.is_permanent' } as const;

/** One page of the listing (the slice): search in the old path, the page's address and the link; a site filter. */
export async function listRedirects(db: Db, query: RedirectListQuery, slice: { offset: number; limit: number }): Promise<{ rows: RedirectRow[]; total: number }> {
  let base = db.selectFrom('redirects').leftJoin('sites', 'sites.id', 'redirects.site_id').leftJoin('pages', 'pages.id', 'redirects.redirect_page_id');
  const text = query.q.trim();
  if (text) {
    const pattern = likePattern(text);
    base = base.where((eb) => eb.or([eb('redirects.old_path', 'ilike', pattern), eb('pages.url_path', 'ilike', pattern), eb('redirects.redirect_link', 'ilike', pattern)]));
  }
  if (query.siteId !== undefined) base = base.where('redirects.site_id', '=', query.siteId);
  const descending = query.ordering.startsWith('-');
  const column = ORDER_COLUMNS[query.ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const [rows, count] = await Promise.all([
    base
      .selectAll('redirects')
      .select(['sites.site_name', 'sites.hostname as site_hostname', 'pages.draft_title as page_title'])
      .orderBy(column, descending ? 'desc' : 'asc')
      .orderBy('redirects.id')
      .limit(slice.limit)
      .offset(slice.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** Adds a redirect; call inside the action's transaction. */
export async function insertRedirect(db: Db, input: RedirectInput): Promise<Redirect> {
  const redirect = await db.insertInto('redirects').values(columnsOf(input)).returningAll().executeTakeFirstOrThrow();
  await flushRedirects(db);
  return redirect;
}

/** Changes a redirect; call inside the action's transaction. */
export async function updateRedirect(db: Db, id: number, input: RedirectInput): Promise<Redirect> {
  // An editor's change makes the redirect theirs: a later move must not replace it.
  const redirect = await db
    .updateTable('redirects')
    .set({ ...columnsOf(input), automatically_created: false })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await flushRedirects(db);
  return redirect;
}

/** Deletes a redirect; call inside the action's transaction. */
export async function removeRedirect(db: Db, id: number): Promise<void> {
  await db.deleteFrom('redirects').where('id', '=', id).execute();
  await flushRedirects(db);
}

/**
 * Tells every process to reload its redirect table. Inside the change's transaction, so no
 * process can see the new generation before the change it announces.
 */
export async function flushRedirects(db: Db): Promise<void> {
  await bumpCacheGeneration(db, REDIRECTS_CACHE_NAME);
  for (const listener of flushListeners) listener();
}

const flushListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process flushes the redirects, so its own tables check the
 * database at once instead of at their next periodic check. Returns how to stop.
 */
export function onRedirectsFlushed(listener: () => void): () => void {
  flushListeners.add(listener);
  return () => flushListeners.delete(listener);
}

function columnsOf(input: RedirectInput) {
  return {
    old_path: input.oldPath,
    site_id: input.siteId,
    is_permanent: input.isPermanent,
    redirect_page_id: input.redirectPageId,
    redirect_link: input.redirectPageId === null ? input.redirectLink : '',
  };
}

/** Every redirect, as the in-memory table holds them. */
export async function allRedirects(db: Db): Promise<Array<Pick<Redirect, 'old_path' | 'site_id' | 'is_permanent' | 'redirect_page_id' | 'redirect_link' | 'automatically_created'>>> {
  return db.selectFrom('redirects').select(['old_path', 'site_id', 'is_permanent', 'redirect_page_id', 'redirect_link', 'automatically_created']).execute();
}

/** An uploaded spreadsheet waiting between its preview and its import. */
export interface PendingImport {
  id: string;
  filename: string;
  headers: string[];
  rows: string[][];
}

/** How long an uploaded spreadsheet waits for its import to be confirmed. */
const PENDING_IMPORT_HOURS = 24;

/** Keeps an uploaded spreadsheet's rows for the user's confirmation; drops ones left over a day. */
export async function savePendingImport(db: Db, userId: number, pending: PendingImport, now: Date): Promise<void> {
  await db
    .deleteFrom('redirect_imports')
    .where('created_at', '<', new Date(now.getTime() - PENDING_IMPORT_HOURS * 3_600_000))
    .execute();
  await db
    .insertInto('redirect_imports')
    .values({ id: pending.id, user_id: userId, filename: pending.filename, headers: JSON.stringify(pending.headers), rows: JSON.stringify(pending.rows), created_at: now })
    .execute();
}

/** The user's own pending import by id: nobody confirms another user's upload. */
export async function getPendingImport(db: Db, userId: number, id: string): Promise<PendingImport | undefined> {
  return db.selectFrom('redirect_imports').select(['id', 'filename', 'headers', 'rows']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Forgets a pending import once it ran. */
export async function deletePendingImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('redirect_imports').where('id', '=', id).execute();
}
