import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { swapWithSibling } from '../models/pages';
import { PageAction, requirePageAction } from './page-action';

/** Moves a page one place up or down among its siblings. Audit 'page.reorder'. */
export class ReorderPageAction extends PageAction<boolean, 'up' | 'down'> {
  /** The option: which way. */
  private get direction(): 'up' | 'down' {
    return this.options;
  }

  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canReorder', 'You do not have permission to reorder this page.');
  }

  protected async perform(trx: Db, page: Page): Promise<boolean> {
    const moved = await swapWithSibling(trx, page, this.direction);
    if (moved) await this.audit(trx, { action: 'page.reorder', pageId: page.id, label: page.title, data: { direction: this.direction } });
    return moved;
  }
}
