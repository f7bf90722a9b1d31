import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { ValidationError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { subtreeFactsOf } from '../models/page-listing';
import { getParent, lockPage, movePage } from '../models/pages';
import { moveToRefusal } from '../models/permissions';
import { isAllowedUnder } from '../pagetypes/allowed-children';
import { PageAction, refuseWith } from './page-action';

/** Moves a page with its subtree under a new parent; url paths follow. Audit 'page.move'. */
export class MovePageAction extends PageAction<Page> {
  constructor(
    db: Db,
    page: Page,
    actor: MovePageAction['actor'],
    private readonly destination: Page,
  ) {
    super(db, page, actor);
  }

  protected async checkAgainst(page: Page, db: Db): Promise<void> {
    const destination = db.isTransaction ? await lockPage(db, this.destination.id) : this.destination;
    refuseWith(moveToRefusal(this.actor, page, await subtreeFactsOf(db, page), destination));
    if (!isAllowedUnder(page.page_type, destination.page_type)) {
      throw new ValidationError(`"${page.title}" cannot be placed under "${destination.title}": its type is not allowed there.`);
    }
    if (destination.path.startsWith(page.path)) throw new ValidationError(`Cannot move "${page.title}" into itself or one of its subpages.`);
  }

  protected async perform(trx: Db, page: Page): Promise<Page> {
    const from = await getParent(trx, page);
    const moved = await movePage(trx, page, this.destination);
    await writeLogEntry(trx, {
      action: 'page.move',
      userId: this.actorId,
      pageId: page.id,
      label: page.title,
      data: { from_parent_id: from?.id ?? null, to_parent_id: this.destination.id, old_url_path: page.url_path, new_url_path: moved.url_path },
    });
    return moved;
  }
}
