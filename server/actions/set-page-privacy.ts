import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { addViewRestriction, removeViewRestrictions } from '../models/view-restrictions';
import { refuseWith } from './action';
import { PageAction } from './page-action';
import { PagePermissionTester } from '../models/permission-policies';

/** Who may see a page and its subtree on the public site. */
export type PagePrivacy = { type: 'public' } | { type: 'password'; password: string } | { type: 'login' };

/**
 * Replaces a page's own view restriction (its subtree inherits it). Audit
 * 'page.view_restriction.create' or 'page.view_restriction.delete'.
 */
export class SetPagePrivacyAction extends PageAction<void, PagePrivacy> {
  /** The option: who may see the page. */
  private get privacy(): PagePrivacy {
    return this.options;
  }

  protected checkAgainst(page: Page): void {
    refuseWith(new PagePermissionTester(this.actor, page).privacyRefusal());
  }

  protected async perform(trx: Db, page: Page): Promise<void> {
    const removed = await removeViewRestrictions(trx, page);
    if (this.privacy.type !== 'public') await addViewRestriction(trx, page, this.privacy);
    if (this.privacy.type === 'public' && removed === 0) return;
    await this.audit(trx, {
      action: this.privacy.type === 'public' ? 'page.view_restriction.delete' : 'page.view_restriction.create',
      pageId: page.id,
      label: page.title,
      data: { restriction_type: this.privacy.type },
    });
  }
}
