import { sql } from 'kysely';
import type { Db } from '../db/database';

/** One page type with how many pages use it and the page of that type edited last. */
export interface PageTypeUsageRow {
  page_type: string;
  count: number;
  last_edited_page_id: number | null;
  last_edited_page_title: string | null;
  last_edited_at: Date | null;
  last_edited_by: string | null;
}

/**
 * How many pages use each page type (every type, unused ones with 0) and the page of each edited
 * last with its owner, as Wagtail's page types usage report; `siteRootPath` limits the count to one
 * site's pages. Most used first, then by name.
 */
export async function pageTypesUsage(db: Db, pageTypes: readonly string[], siteRootPath: string | undefined): Promise<PageTypeUsageRow[]> {
  if (pageTypes.length === 0) return [];
  const inSite = siteRootPath ? sql`and p.path like ${`${siteRootPath}%`}` : sql``;
  const result = await sql<PageTypeUsageRow>`
    select types.page_type,
           (select count(*) from pages p where p.page_type = types.page_type ${inSite})::int as count,
           last.id as last_edited_page_id, last.title as last_edited_page_title,
           last.latest_revision_created_at as last_edited_at, owner.username as last_edited_by
      from (values ${sql.join(pageTypes.map((type) => sql`(${type}::text)`))}) as types(page_type)
      left join lateral (
        select p.id, p.title, p.latest_revision_created_at, p.owner from pages p
         where p.page_type = types.page_type ${inSite}
         order by p.latest_revision_created_at desc nulls last, p.title, p.id desc
         limit 1
      ) last on true
      left join users owner on owner.id = last.owner
     order by count desc, types.page_type`.execute(db);
  return result.rows;
}

/** Every site with its root page's path, by name: the page types report's site filter. */
export async function siteRoots(db: Db): Promise<Array<{ id: number; site_name: string; hostname: string; path: string }>> {
  return db
    .selectFrom('sites')
    .innerJoin('pages', 'pages.id', 'sites.root_page_id')
    .select(['sites.id', 'sites.site_name', 'sites.hostname', 'pages.path'])
    .orderBy('sites.site_name')
    .orderBy('sites.id')
    .execute();
}
