import type { Db } from '../../db/database';
import { pageTreeOutline } from '../../models/page-listing';

/** Every page as a select option, indented by depth under 'Root', in tree order. */
export async function pageSelectOptions(db: Db): Promise<Array<{ id: number; label: string }>> {
  const outline = await pageTreeOutline(db);
  return outline.map((page) => ({ id: page.id, label: `${'— '.repeat(Math.max(0, page.depth - 1))}${page.depth === 1 ? 'Root' : page.draft_title}` }));
}
