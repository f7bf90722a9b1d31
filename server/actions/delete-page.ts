import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { subtreeFactsOf } from '../models/page-listing';
import { deleteSubtree } from '../models/pages';
import { refuseWith } from './action';
import { PageAction } from './page-action';
import { PagePermissionTester } from '../models/permission-policies';

/** Deletes a page and every subpage; returns how many pages went. Audit 'page.delete'. */
export class DeletePageAction extends PageAction<number> {
  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    refuseWith(new PagePermissionTester(this.actor, page, await subtreeFactsOf(db, page)).removalRefusal('delete'));
  }

  protected async perform(trx: Db, page: Page): Promise<number> {
    const deleted = await deleteSubtree(trx, page);
    await this.audit(trx, {
      action: 'page.delete',
      pageId: page.id,
      label: page.title,
      data: { url_path: page.url_path, descendants: deleted - 1 },
    });
    return deleted;
  }
}
