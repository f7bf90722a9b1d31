import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { unpublishPages } from '../models/pages';
import { refuseWith } from './action';
import { PageAction } from './page-action';
import { PagePermissionTester } from '../models/permission-policies';

/** Options of UnpublishPageAction. */
export interface UnpublishPageOptions {
  includeDescendants?: boolean;
}

/**
 * Takes a page, and optionally its live subpages, off the public site; each page that went
 * offline gets its own 'page.unpublish' entry. Returns those pages.
 */
export class UnpublishPageAction extends PageAction<Page[], UnpublishPageOptions> {
  protected checkAgainst(page: Page): void {
    refuseWith(new PagePermissionTester(this.actor, page).unpublishRefusal());
  }

  protected async perform(trx: Db, page: Page): Promise<Page[]> {
    const unpublished = await unpublishPages(trx, page, { includeDescendants: this.options.includeDescendants });
    for (const each of unpublished) {
      await this.audit(trx, { action: 'page.unpublish', pageId: each.id, label: each.title, data: { via: page.id } });
    }
    return unpublished;
  }
}
