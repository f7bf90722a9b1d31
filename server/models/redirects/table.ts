import type { Db } from '../../db/database';
import { readCacheGeneration } from '../cache-generations';
import { allRedirects, normaliseRedirectPath, onRedirectsFlushed, REDIRECTS_CACHE_NAME, withoutQuery } from '../redirects';

/** Where a matched redirect sends the visitor: a page (its address depends on its site) or a link. */
export type RedirectTarget = { kind: 'page'; pageId: number; isPermanent: boolean } | { kind: 'link'; link: string; isPermanent: boolean };

/** A redirect as the table keeps it: where it sends, and whether a page move or re-slug made it. */
type Entry = RedirectTarget & { automatic: boolean };

/** The redirects of one old path: the all-sites one and one per site. */
interface PathEntry {
  allSites?: Entry;
  bySite: Map<number, Entry>;
  /** Whether an editor made one of them, on any site: only those are matched before the page tree. */
  byEditor: boolean;
}

/**
 * When a redirect is looked up. An editor's redirect answers before the page tree, so it can
 * send a live page's address elsewhere; an automatic one only on the way to a 404, as Wagtail's
 * middleware does, so it never hides a page published later at the address it left.
 */
export type RedirectStage = 'before-pages' | 'not-found';

/** How stale the table may be before the page tree: a change in another process shows within this. */
export const REDIRECTS_RECHECK_MS = 1000;

/** The redirect table of a process: which redirect, if any, answers an address on a site. */
export interface RedirectTable {
  /**
   * The redirect for a request URL (path and query) on a site, as Wagtail's middleware finds
   * it: the normalised path with its query first, then without; on each, the site's own
   * redirect before the all-sites one. Before the page tree only editors' redirects count, and
   * the table is at most REDIRECTS_RECHECK_MS stale; on the way to a 404 every redirect counts
   * and the table is checked against the database first.
   */
  match(url: string, siteId: number | undefined, stage: RedirectStage): Promise<RedirectTarget | undefined>;
  /** Whether an editor's redirect may answer this URL on some site (no database read when fresh enough), so a request is looked up before the page tree at all. */
  mayMatchBeforePages(url: string): Promise<boolean>;
}

/**
 * Keeps every redirect in memory, keyed by normalised path, so matching costs a Map lookup. It
 * reads the generation row (one primary-key lookup) on the way to a 404, and before the page tree
 * at most once per `recheckMs`; it reloads the whole table when a change, in any process, bumped
 * it, and on every request for `recheckMs` after this process changed redirects. `monotonicNow`
 * is a stopwatch, not the wall clock: it only spaces the checks.
 */
export function createRedirectTable(db: Db, { recheckMs = REDIRECTS_RECHECK_MS, monotonicNow = () => performance.now() } = {}): RedirectTable {
  let generation: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  // After this process changes redirects, check on every request for a while: the change's
  // transaction may commit a moment after the flush.
  let recheckAlwaysUntil = Number.NEGATIVE_INFINITY;
  onRedirectsFlushed(() => (recheckAlwaysUntil = monotonicNow() + recheckMs));
  let entries = new Map<string, PathEntry>();
  let loading: Promise<void> | undefined;

  async function load(current: string): Promise<void> {
    const next = new Map<string, PathEntry>();
    for (const row of await allRedirects(db)) {
      const automatic = row.automatically_created;
      const target: Entry =
        row.redirect_page_id !== null
          ? { kind: 'page', pageId: row.redirect_page_id, isPermanent: row.is_permanent, automatic }
          : { kind: 'link', link: row.redirect_link, isPermanent: row.is_permanent, automatic };
      let entry = next.get(row.old_path);
      if (!entry) next.set(row.old_path, (entry = { bySite: new Map(), byEditor: false }));
      if (row.site_id === null) entry.allSites = target;
      else entry.bySite.set(row.site_id, target);
      entry.byEditor ||= !automatic;
    }
    entries = next;
    generation = current;
  }

  async function fresh(stage: RedirectStage): Promise<void> {
    const now = monotonicNow();
    if (stage === 'before-pages' && now - checkedAt < recheckMs && now > recheckAlwaysUntil) return;
    checkedAt = now;
    const current = await readCacheGeneration(db, REDIRECTS_CACHE_NAME);
    if (current === generation) return;
    // Concurrent 404s share one reload instead of each reading the whole table.
    loading ??= load(current).finally(() => (loading = undefined));
    await loading;
  }

  function find(path: string, siteId: number | undefined, stage: RedirectStage): RedirectTarget | undefined {
    const entry = entries.get(path);
    if (!entry) return undefined;
    const found = (siteId !== undefined ? entry.bySite.get(siteId) : undefined) ?? entry.allSites;
    if (!found || (found.automatic && stage === 'before-pages')) return undefined;
    const { automatic: _automatic, ...target } = found;
    return target;
  }

  /** The normalised path with its query, then without; none for a URL that can never match. */
  function candidates(url: string): string[] {
    // A NUL would never match and crashes some drivers (Wagtail's #4496).
    if (url.includes('\0') || url.includes('%00')) return [];
    const path = normaliseRedirectPath(url);
    const bare = withoutQuery(path);
    return bare !== path ? [path, bare] : [path];
  }

  return {
    async match(url, siteId, stage) {
      const paths = candidates(url);
      if (!paths.length) return undefined;
      await fresh(stage);
      for (const path of paths) {
        const target = find(path, siteId, stage);
        if (target) return target;
      }
      return undefined;
    },
    async mayMatchBeforePages(url) {
      const paths = candidates(url);
      if (!paths.length) return false;
      await fresh('before-pages');
      return paths.some((path) => entries.get(path)?.byEditor === true);
    },
  };
}
