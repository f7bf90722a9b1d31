/**
 * The database's first cut of where an object is used: the stored content that holds its id as
 * a whole number. Callers confirm each row by walking its fields, since a number that merely
 * looks like the id (a width, a price) matches too.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Page, PageRevision, ToolboxSnippet } from '../db/schema';

// The id not preceded or followed by another digit or a decimal point.
function mentionPattern(id: number): string {
  return `(^|[^0-9.])${id}([^0-9.]|$)`;
}

/** The live pages and the page revisions (each with its page's type) whose content mentions the id. */
export async function pagesMentioning(
  db: Db,
  id: number,
): Promise<{ live: Array<Pick<Page, 'id' | 'page_type' | 'content'>>; revisions: Array<Pick<PageRevision, 'id' | 'page_id' | 'content'> & Pick<Page, 'page_type'>> }> {
  const pattern = mentionPattern(id);
  const [live, revisions] = await Promise.all([
    db
      .selectFrom('pages')
      .select(['id', 'page_type', 'content'])
      .where('live', '=', true)
      .where(sql<boolean>`content::text ~ ${pattern}`)
      .execute(),
    db
      .selectFrom('page_revisions')
      .innerJoin('pages', 'pages.id', 'page_revisions.page_id')
      .select(['page_revisions.id', 'page_revisions.page_id', 'page_revisions.content', 'pages.page_type'])
      .where(sql<boolean>`page_revisions.content::text ~ ${pattern}`)
      .execute(),
  ]);
  return { live, revisions };
}

/** The toolbox snippets whose body mentions the id, by title. */
export async function toolboxSnippetsMentioning(db: Db, id: number): Promise<Array<Pick<ToolboxSnippet, 'id' | 'title' | 'body'>>> {
  return db
    .selectFrom('toolbox_snippets')
    .select(['id', 'title', 'body'])
    .where(sql<boolean>`body::text ~ ${mentionPattern(id)}`)
    .orderBy('title')
    .orderBy('id')
    .execute();
}
