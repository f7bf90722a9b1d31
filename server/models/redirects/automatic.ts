import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { pageUrlWithinSite } from '../../site-chrome';
import { flushRedirects, normaliseRedirectPath } from '../redirects';

/** One redirect a move or a new slug calls for. */
interface AutomaticRedirect {
  old_path: string;
  site_id: number;
  redirect_page_id: number;
}

/**
 * Wagtail 6's automatic redirects (wagtail.contrib.redirects signal handlers): after a page's
 * url_path changed (a move or a published new slug), its old addresses and those of its live
 * descendants redirect permanently to them, on each site that served the page before and still
 * serves it (never from one site to another, never for a site's root page). Older automatic
 * redirects from the same addresses are replaced; ones an editor made are kept. Call inside the
 * transaction of the change, after the url paths were rewritten; answers how many were made.
 */
export async function createAutomaticRedirects(trx: Db, before: Pick<Page, 'id' | 'url_path' | 'live'>, after: Pick<Page, 'id' | 'path' | 'url_path' | 'live'>): Promise<number> {
  if (before.url_path === after.url_path) return 0;
  const sites = (await siteRoots(trx)).filter(
    (site) => site.root_page_id !== after.id && before.url_path.startsWith(site.root_url_path) && after.url_path.startsWith(site.root_url_path),
  );
  if (sites.length === 0) return 0;
  const descendants = await trx.selectFrom('pages').select(['id', 'url_path']).where('path', 'like', `${after.path}_%`).where('live', '=', true).execute();
  const moved = [...(before.live ? [{ id: after.id, url_path: after.url_path }] : []), ...descendants];
  const redirects: AutomaticRedirect[] = [];
  for (const page of moved) {
    const oldUrlPath = before.url_path + page.url_path.slice(after.url_path.length);
    for (const site of sites) {
      const root = { url_path: site.root_url_path };
      const oldPath = normaliseRedirectPath(pageUrlWithinSite({ url_path: oldUrlPath }, root));
      if (oldPath !== normaliseRedirectPath(pageUrlWithinSite(page, root))) redirects.push({ old_path: oldPath, site_id: site.id, redirect_page_id: page.id });
    }
  }
  return saveAutomaticRedirects(trx, redirects);
}

async function siteRoots(db: Db) {
  return db.selectFrom('sites').innerJoin('pages', 'pages.id', 'sites.root_page_id').select(['sites.id', 'sites.root_page_id', 'pages.url_path as root_url_path']).execute();
}

// As Wagtail's BatchRedirectCreator: clashing automatic redirects go, the editor's stay.
async function saveAutomaticRedirects(trx: Db, redirects: AutomaticRedirect[]): Promise<number> {
  if (redirects.length === 0) return 0;
  let created = 0;
  for (let start = 0; start < redirects.length; start += 1000) {
    const batch = redirects.slice(start, start + 1000);
    await trx
      .deleteFrom('redirects')
      .where('automatically_created', '=', true)
      .where((eb) => eb.or(batch.map((item) => eb.and([eb('old_path', '=', item.old_path), eb('site_id', '=', item.site_id)]))))
      .execute();
    const inserted = await trx
      .insertInto('redirects')
      .values(batch.map((item) => ({ ...item, is_permanent: true, automatically_created: true })))
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    created += inserted.length;
  }
  await flushRedirects(trx);
  return created;
}
