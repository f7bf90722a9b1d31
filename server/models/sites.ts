import type { Db } from '../db/database';
import type { Page, Site } from '../db/schema';
import { withTransaction } from '../db/transaction';

/**
 * The site that serves a request, as Wagtail picks it: exact hostname and port, else the
 * hostname's only site, else the default site.
 */
export async function findSiteForRequest(db: Db, hostname: string, port: number): Promise<Site | undefined> {
  const candidates = await db
    .selectFrom('sites')
    .selectAll()
    .where((eb) => eb.or([eb('hostname', '=', hostname), eb('is_default_site', '=', true)]))
    .execute();
  const sameHost = candidates.filter((site) => site.hostname === hostname);
  return sameHost.find((site) => site.port === port) ?? (sameHost.length === 1 ? sameHost[0] : undefined) ?? candidates.find((site) => site.is_default_site);
}

/** All sites, default first. */
export async function listSites(db: Db): Promise<Site[]> {
  return db.selectFrom('sites').selectAll().orderBy('is_default_site', 'desc').orderBy('hostname').execute();
}

/** Options for a new site. */
export interface CreateSiteOptions {
  hostname: string;
  port?: number;
  siteName?: string;
  rootPageId: number;
  isDefault?: boolean;
}

/** Adds a site; making it the default takes the flag from the previous default. */
export async function createSite(db: Db, options: CreateSiteOptions): Promise<Site> {
  return withTransaction(db, async (tx) => {
    if (options.isDefault) await tx.updateTable('sites').set({ is_default_site: false }).where('is_default_site', '=', true).execute();
    return tx
      .insertInto('sites')
      .values({
        hostname: options.hostname,
        port: options.port ?? 80,
        site_name: options.siteName ?? '',
        root_page_id: options.rootPageId,
        is_default_site: options.isDefault ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** A site with the tree path and URL path of its root page: where its pages sit and how their addresses start. */
export interface SiteRoot {
  site: Site;
  rootPath: string;
  rootUrlPath: string;
}

/** Every site with its root's paths, deepest root first, then the default (Wagtail's get_site_root_paths order). */
export async function listSiteRoots(db: Db): Promise<SiteRoot[]> {
  const rows = await db
    .selectFrom('sites')
    .innerJoin('pages', 'pages.id', 'sites.root_page_id')
    .selectAll('sites')
    .select(['pages.path as root_path', 'pages.url_path as root_url_path'])
    .execute();
  return rows
    .map(({ root_path, root_url_path, ...site }) => ({ site, rootPath: root_path, rootUrlPath: root_url_path }))
    .sort((a, b) => b.rootPath.length - a.rootPath.length || Number(b.site.is_default_site) - Number(a.site.is_default_site) || a.site.hostname.localeCompare(b.site.hostname));
}

/** The site a page belongs to among `roots` (listSiteRoots): the deepest root at or above it. */
export function siteRootOf(roots: readonly SiteRoot[], page: Pick<Page, 'path'>): SiteRoot | undefined {
  return roots.find((root) => page.path.startsWith(root.rootPath));
}

/** The site whose root page is this page or one of its ancestors (the deepest), or undefined. */
export async function siteForPage(db: Db, page: Pick<Page, 'path'>): Promise<{ site: Site; root: Page } | undefined> {
  const match = siteRootOf(await listSiteRoots(db), page);
  if (!match) return undefined;
  const root = await db.selectFrom('pages').selectAll().where('id', '=', match.site.root_page_id).executeTakeFirstOrThrow();
  return { site: match.site, root };
}

/** Whether some site is configured for this hostname (any port): such a Host is always served. */
export async function isSiteHostname(db: Db, hostname: string): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').where('hostname', '=', hostname).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** One site by id, or undefined. */
export async function getSite(db: Db, id: number): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The default site (at most one: a unique index holds it), or undefined. */
export async function getDefaultSite(db: Db): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('is_default_site', '=', true).executeTakeFirst();
}

/** Whether another site already answers this hostname and port (they are unique together). */
export async function siteAddressTaken(db: Db, hostname: string, port: number, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('sites').select('id').where('hostname', '=', hostname).where('port', '=', port);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A site as the sites listing shows it, with its root page's title. */
export type SiteWithRoot = Site & { root_title: string };

/** Every site with its root page's title, by hostname then port (Wagtail's listing order). */
export async function listSitesWithRoots(db: Db): Promise<SiteWithRoot[]> {
  return db
    .selectFrom('sites')
    .innerJoin('pages', 'pages.id', 'sites.root_page_id')
    .selectAll('sites')
    .select('pages.draft_title as root_title')
    .orderBy('sites.hostname')
    .orderBy('sites.port')
    .execute();
}

/** What the site form sets. */
export interface SiteFields {
  hostname: string;
  port: number;
  siteName: string;
  rootPageId: number;
  isDefault: boolean;
}

/** Changes a site's fields; call inside the action's transaction. */
export async function updateSite(db: Db, id: number, fields: SiteFields): Promise<Site> {
  return db
    .updateTable('sites')
    .set({ hostname: fields.hostname, port: fields.port, site_name: fields.siteName, root_page_id: fields.rootPageId, is_default_site: fields.isDefault })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a site; its settings go with it (the foreign key cascades). */
export async function removeSite(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sites').where('id', '=', id).execute();
}
