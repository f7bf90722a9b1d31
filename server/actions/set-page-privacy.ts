import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { writeLogEntry } from '../models/admin-log';
import { addViewRestriction, removeViewRestrictions } from '../models/view-restrictions';
import { privacyRefusal } from '../models/permissions';
import { PageAction, refuseWith } from './page-action';

/** Who may see a page and its subtree on the public site. */
export type PagePrivacy = { type: 'public' } | { type: 'password'; password: string } | { type: 'login' };

/**
 * Replaces a page's own view restriction (its subtree inherits it). Audit
 * 'page.view_restriction.create' or 'page.view_restriction.delete'.
 */
export class SetPagePrivacyAction extends PageAction<void> {
  constructor(
    db: Db,
    page: Page,
    actor: SetPagePrivacyAction['actor'],
    private readonly privacy: PagePrivacy,
  ) {
    super(db, page, actor);
  }

  protected checkAgainst(page: Page): void {
    refuseWith(privacyRefusal(this.actor, page));
  }

  protected async perform(trx: Db, page: Page): Promise<void> {
    const removed = await removeViewRestrictions(trx, page);
    if (this.privacy.type !== 'public') await addViewRestriction(trx, page, this.privacy);
    if (this.privacy.type === 'public' && removed === 0) return;
    await writeLogEntry(trx, {
      action: this.privacy.type === 'public' ? 'page.view_restriction.delete' : 'page.view_restriction.create',
      userId: this.actorId,
      pageId: page.id,
      label: page.title,
      data: { restriction_type: this.privacy.type },
    });
  }
}
