import type { Db } from '../db/database';
import type { Page } from '../db/schema';

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

/** Every page in tree order with the fields a destination chooser needs. */
export async function pageTreeOutline(db: Db): Promise<Array<Pick<Page, 'id' | 'path' | 'depth' | 'title' | 'draft_title' | 'page_type' | 'locked' | 'locked_by' | 'owner' | 'numchild' | 'live'>>> {
  return db
    .selectFrom('pages')
    .select(['id', 'path', 'depth', 'title', 'draft_title', 'page_type', 'locked', 'locked_by', 'owner', 'numchild', 'live'])
    .orderBy('path')
    .execute();
}
