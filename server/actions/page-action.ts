import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { PermissionDenied } from '../errors';
import { canOnPage, type PageActionName, type UserPermissions } from '../models/permissions';
import { lockPage } from '../models/pages';

/**
 * The shape of every page action: built from the target page, the acting user and options;
 * check() refuses with PermissionDenied; execute() re-reads the page under a row lock, checks
 * again against that fresh row, makes the change and writes the audit entry in one transaction.
 */
export abstract class PageAction<Result> {
  constructor(
    protected readonly db: Db,
    readonly page: Page,
    readonly actor: UserPermissions,
  ) {}

  /** Throws PermissionDenied when the actor may not do this to the page as it is now. */
  async check(): Promise<void> {
    await this.checkAgainst(this.page, this.db);
  }

  /** Checks, changes and audits in one transaction; returns the action's result. */
  async execute(): Promise<Result> {
    return withTransaction(this.db, async (trx) => {
      const current = await lockPage(trx, this.page.id);
      await this.checkAgainst(current, trx);
      return this.perform(trx, current);
    });
  }

  /** The permission rule of this action, against a given state of the page. */
  protected abstract checkAgainst(page: Page, db: Db): void | Promise<void>;

  /** The change and its audit entry, inside the action's transaction. */
  protected abstract perform(trx: Db, page: Page): Promise<Result>;

  /** The acting user's id, for revisions and audit entries. */
  protected get actorId(): number {
    return this.actor.user.id;
  }
}

/** Throws PermissionDenied with the refusal's reason, if there is one. */
export function refuseWith(refusal: string | null): void {
  if (refusal !== null) throw new PermissionDenied(refusal);
}

/** Throws PermissionDenied unless the actor may do `action` on the page. */
export function requirePageAction(actor: UserPermissions, page: Page, action: PageActionName, message: string): void {
  if (!canOnPage(actor, page, action)) throw new PermissionDenied(message);
}
