import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { writeLogEntry } from '../models/admin-log';
import { unpublishPages } from '../models/pages';
import { unpublishRefusal } from '../models/permissions';
import { PageAction, refuseWith } from './page-action';

/** Options of UnpublishPageAction. */
export interface UnpublishPageOptions {
  includeDescendants?: boolean;
}

/**
 * Takes a page, and optionally its live subpages, off the public site; each page that went
 * offline gets its own 'page.unpublish' entry. Returns those pages.
 */
export class UnpublishPageAction extends PageAction<Page[]> {
  constructor(
    db: Db,
    page: Page,
    actor: UnpublishPageAction['actor'],
    private readonly options: UnpublishPageOptions = {},
  ) {
    super(db, page, actor);
  }

  protected checkAgainst(page: Page): void {
    refuseWith(unpublishRefusal(this.actor, page));
  }

  protected async perform(trx: Db, page: Page): Promise<Page[]> {
    const unpublished = await unpublishPages(trx, page, { includeDescendants: this.options.includeDescendants });
    for (const each of unpublished) {
      await writeLogEntry(trx, { action: 'page.unpublish', userId: this.actorId, pageId: each.id, label: each.title, data: { via: page.id } });
    }
    return unpublished;
  }
}
