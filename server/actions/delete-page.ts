import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { writeLogEntry } from '../models/admin-log';
import { deleteSubtree } from '../models/pages';
import { PageAction, requirePageAction } from './page-action';

/** Deletes a page and every subpage; returns how many pages went. Audit 'page.delete'. */
export class DeletePageAction extends PageAction<number> {
  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canDelete', 'You do not have permission to delete this page (or its subpages).');
  }

  protected async perform(trx: Db, page: Page): Promise<number> {
    const deleted = await deleteSubtree(trx, page);
    await writeLogEntry(trx, {
      action: 'page.delete',
      userId: this.actorId,
      pageId: page.id,
      label: page.title,
      data: { url_path: page.url_path, descendants: deleted - 1 },
    });
    return deleted;
  }
}
