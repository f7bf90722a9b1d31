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
  return (
    sameHost.find((site) => site.port === port) ??
    (sameHost.length === 1 ? sameHost[0] : undefined) ??
    candidates.find((site) => site.is_default_site)
  );
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

/** The site whose root page is this page or one of its ancestors (the deepest), or undefined. */
export async function siteForPage(db: Db, page: Pick<Page, 'path'>): Promise<{ site: Site; root: Page } | undefined> {
  const rows = await db
    .selectFrom('sites')
    .innerJoin('pages', 'pages.id', 'sites.root_page_id')
    .selectAll('sites')
    .select(['pages.path as root_path'])
    .execute();
  const match = rows
    .filter((row) => page.path.startsWith(row.root_path))
    .sort((a, b) => b.root_path.length - a.root_path.length || Number(b.is_default_site) - Number(a.is_default_site))[0];
  if (!match) return undefined;
  const root = await db.selectFrom('pages').selectAll().where('id', '=', match.root_page_id).executeTakeFirstOrThrow();
  const { root_path: _rootPath, ...site } = match;
  return { site, root };
}

/** Whether some site is configured for this hostname (any port): such a Host is always served. */
export async function isSiteHostname(db: Db, hostname: string): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').where('hostname', '=', hostname).limit(1).executeTakeFirst();
  return row !== undefined;
}
