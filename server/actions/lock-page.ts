import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { setPageLock } from '../models/pages';
import { PageAction, requirePageAction } from './page-action';

/** Locks a page so that only the actor can edit it. Audit 'page.lock'. */
export class LockPageAction extends PageAction<Page> {
  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canLock', 'You do not have permission to lock this page, or it is already locked.');
  }

  protected async perform(trx: Db, page: Page): Promise<Page> {
    const locked = await setPageLock(trx, page, this.actorId);
    await this.audit(trx, { action: 'page.lock', pageId: page.id, label: page.title });
    return locked;
  }
}

/** Unlocks a page; somebody else's lock needs the 'unlock' permission. Audit 'page.unlock'. */
export class UnlockPageAction extends PageAction<Page> {
  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canUnlock', 'You do not have permission to unlock this page.');
  }

  protected async perform(trx: Db, page: Page): Promise<Page> {
    const unlocked = await setPageLock(trx, page, null);
    await this.audit(trx, { action: 'page.unlock', pageId: page.id, label: page.title, data: { locked_by: page.locked_by } });
    return unlocked;
  }
}
