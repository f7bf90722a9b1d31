import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { addChild, type AddChildInput } from '../models/pages';
import { isAllowedUnder } from '../pagetypes/allowed-children';
import { PageAction, requirePageAction } from './page-action';

/** What a new page starts with; it is always created as a draft owned by the actor. */
export type CreatePageOptions = Omit<AddChildInput, 'live' | 'owner'>;

/** Creates a draft page under a parent (the action's target). Audit code 'page.create'. */
export class CreatePageAction extends PageAction<Page, CreatePageOptions> {
  protected checkAgainst(parent: Page): void {
    requirePageAction(this.actor, parent, 'canAddSubpage', 'You do not have permission to add a page here.');
    if (!isAllowedUnder(this.options.pageType, parent.page_type)) {
      throw new ValidationError(`A page of type "${this.options.pageType}" cannot be created under "${parent.title}".`);
    }
  }

  protected async perform(trx: Db, parent: Page): Promise<Page> {
    const page = await addChild(trx, parent, { ...this.options, live: false, owner: this.actorId });
    await this.audit(trx, { action: 'page.create', pageId: page.id, label: page.title, data: { parent_id: parent.id } });
    return page;
  }
}
