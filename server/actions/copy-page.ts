import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { copyPage, lockPage } from '../models/pages';
import { restrictionsWithinSubtree } from '../models/view-restrictions';
import { isAllowedUnder } from '../pagetypes/allowed-children';
import { PageAction, requirePageAction } from './page-action';

/** Options of CopyPageAction. */
export interface CopyPageActionOptions {
  destination: Page;
  recursive: boolean;
  /** Keep the copies live where the originals are (needs publish permission at the destination). */
  keepLive: boolean;
  slug?: string;
  title?: string;
}

/**
 * Copies a page (optionally with its subpages) under a destination; each copy keeps its
 * original's view restrictions. Audit 'page.copy', and 'page.view_restriction.create' for each
 * restricted copy (as Wagtail logs the restrictions it copies).
 */
export class CopyPageAction extends PageAction<Page, CopyPageActionOptions> {
  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    requirePageAction(this.actor, page, 'canCopy', 'You do not have permission to copy this page.');
    const destination = db.isTransaction ? await lockPage(db, this.options.destination.id) : this.options.destination;
    requirePageAction(this.actor, destination, 'canAddSubpage', 'You do not have permission to add pages under the destination.');
    if (this.options.keepLive) requirePageAction(this.actor, destination, 'canPublish', 'You do not have permission to publish pages under the destination.');
    if (!isAllowedUnder(page.page_type, destination.page_type)) {
      throw new ValidationError(`"${page.title}" cannot be copied under "${destination.title}": its type is not allowed there.`);
    }
  }

  protected async perform(trx: Db, page: Page): Promise<Page> {
    const copy = await copyPage(trx, page, {
      toParent: this.options.destination,
      recursive: this.options.recursive,
      keepLive: this.options.keepLive,
      slug: this.options.slug,
      title: this.options.title,
      userId: this.actorId,
    });
    await this.audit(trx, {
      action: 'page.copy',
      pageId: copy.id,
      label: copy.title,
      data: { source_id: page.id, recursive: this.options.recursive, keep_live: this.options.keepLive },
    });
    for (const restriction of await restrictionsWithinSubtree(trx, copy)) {
      await this.audit(trx, { action: 'page.view_restriction.create', pageId: restriction.page_id, label: restriction.title, data: { restriction_type: restriction.restriction_type } });
    }
    return copy;
  }
}
