import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { PermissionDenied } from '../errors';
import { canOnPage, type PageActionName, type UserPermissions } from '../models/permissions';
import { lockPage } from '../models/pages';
import { Action, type NoOptions } from './action';

/** An action on one page (publish, move, lock, ...): the page is its target, re-read under a row lock. */
export abstract class PageAction<Result, Options = NoOptions> extends Action<Page, Result, Options> {
  /** The page as the action was given it. */
  get page(): Page {
    return this.target;
  }

  protected lockTarget(trx: Db, page: Page): Promise<Page> {
    return lockPage(trx, page.id);
  }
}

/** Throws PermissionDenied unless the actor may do `action` on the page. */
export function requirePageAction(actor: UserPermissions, page: Page, action: PageActionName, message: string): void {
  if (!canOnPage(actor, page, action)) throw new PermissionDenied(message);
}
