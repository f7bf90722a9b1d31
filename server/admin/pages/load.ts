import type { Request } from 'express';
import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { getAncestors, getPage } from '../../models/pages';
import { databaseId } from '../../db/database-id';

/** The page named by a route parameter (default :pageId), or NotFoundError. */
export async function loadPage(db: Db, req: Request, param = 'pageId'): Promise<Page> {
  const id = databaseId.safeParse(req.params[param]);
  const page = id.success ? await getPage(db, id.data) : undefined;
  if (!page) throw new NotFoundError('There is no page with this id.');
  return page;
}

/** Breadcrumb links from the tree root to the page; the last is the page itself, unlinked. */
export async function breadcrumbsFor(db: Db, page: Page, options: { linkLast?: boolean } = {}): Promise<Array<{ label: string; url: string | null }>> {
  const ancestors = await getAncestors(db, page, { inclusive: true });
  return ancestors.map((each, index) => ({
    label: each.depth === 1 ? 'Root' : each.draft_title,
    url: index === ancestors.length - 1 && !options.linkLast ? null : each.depth === 1 ? '/wagtail/pages/' : `/wagtail/pages/${each.id}/`,
  }));
}

/** The explorer address of a page's parent, the usual place to go back to. */
export function explorerUrlOfParent(page: Page, parent: Page | undefined): string {
  return parent && parent.depth > 1 ? `/wagtail/pages/${parent.id}/` : parent ? '/wagtail/pages/' : `/wagtail/pages/${page.id}/`;
}
