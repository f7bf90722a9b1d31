import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { swapWithSibling } from '../models/pages';
import { refuseWith } from './action';
import { PageAction } from './page-action';
import { PagePermissionTester } from '../models/permission-policies';

/** Moves a page one place up or down among its siblings (needs 'publish' on the parent, as Wagtail). Audit 'page.reorder'. */
export class ReorderPageAction extends PageAction<boolean, 'up' | 'down'> {
  /** The option: which way. */
  private get direction(): 'up' | 'down' {
    return this.options;
  }

  protected checkAgainst(page: Page): void {
    refuseWith(new PagePermissionTester(this.actor, page).reorderRefusal());
  }

  protected async perform(trx: Db, page: Page): Promise<boolean> {
    const moved = await swapWithSibling(trx, page, this.direction);
    if (moved) await this.audit(trx, { action: 'page.reorder', pageId: page.id, label: page.title, data: { direction: this.direction } });
    return moved;
  }
}
