import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { subtreeFactsOf } from '../models/page-listing';
import { getParent, lockPage, movePage } from '../models/pages';
import { createAutomaticRedirects } from '../models/redirects/automatic';
import { isAllowedUnder } from '../pagetypes/allowed-children';
import { refuseWith } from './action';
import { PageAction } from './page-action';
import { PagePermissionTester } from '../models/permission-policies';

/**
 * Moves a page with its subtree under a new parent; url paths follow, and the old addresses
 * of the page and its live descendants redirect to them (Wagtail 6). Audit 'page.move'.
 */
export class MovePageAction extends PageAction<Page, Page> {
  /** How many redirects the move created from old addresses, once executed. */
  redirectsCreated = 0;

  /** The option: the new parent. */
  private get destination(): Page {
    return this.options;
  }

  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    const destination = db.isTransaction ? await lockPage(db, this.destination.id) : this.destination;
    refuseWith(new PagePermissionTester(this.actor, page, await subtreeFactsOf(db, page)).moveToRefusal(destination));
    if (!isAllowedUnder(page.page_type, destination.page_type)) {
      throw new ValidationError(`"${page.title}" cannot be placed under "${destination.title}": its type is not allowed there.`);
    }
    if (destination.path.startsWith(page.path)) throw new ValidationError(`Cannot move "${page.title}" into itself or one of its subpages.`);
  }

  protected async perform(trx: Db, page: Page): Promise<Page> {
    const from = await getParent(trx, page);
    const moved = await movePage(trx, page, this.destination);
    this.redirectsCreated = await createAutomaticRedirects(trx, page, moved);
    await this.audit(trx, {
      action: 'page.move',
      pageId: page.id,
      label: page.title,
      data: { from_parent_id: from?.id ?? null, to_parent_id: this.destination.id, old_url_path: page.url_path, new_url_path: moved.url_path, redirects_created: this.redirectsCreated },
    });
    return moved;
  }
}
