import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { PermissionDenied } from '../errors';
import type { UserPermissions } from '../models/permissions';
import { lockPage } from '../models/pages';
import { Action, type NoOptions } from './action';
import { PagePermissionTester, type PageActionName } from '../models/permission-policies';

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
  requirePageActions(actor, page, [{ action, refusal: message }]);
}

/** One thing an action needs to be allowed on its page, and what it says when it is not. */
export interface PageNeed {
  action: PageActionName;
  refusal: string;
}

/**
 * Throws PermissionDenied with the refusal of the first need the actor lacks on the page: one
 * permission check (Wagtail's PagePermissionTester) for an action that needs several rights.
 */
export function requirePageActions(actor: UserPermissions, page: Page, needs: readonly PageNeed[]): void {
  const may = new PagePermissionTester(actor, page).actions();
  const lacking = needs.find((need) => !may[need.action]);
  if (lacking) throw new PermissionDenied(lacking.refusal);
}
