import type { Db } from '../db/database';
import type { Page, PageRevision } from '../db/schema';
import { NotFoundError } from '../errors';
import { getRevision, revisionSnapshot, saveRevision } from '../models/pages';
import { PageAction, requirePageAction } from './page-action';

/** Reverts to an earlier revision by saving its content as a new draft. Audit 'page.revert'. */
export class RevertPageAction extends PageAction<PageRevision, number> {
  /** The option: the revision to go back to. */
  private get revisionId(): number {
    return this.options;
  }

  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canEdit', 'You do not have permission to edit this page, or somebody else has locked it.');
  }

  protected async perform(trx: Db, page: Page): Promise<PageRevision> {
    const old = await getRevision(trx, page, this.revisionId);
    if (!old) throw new NotFoundError(`Revision ${this.revisionId} of page ${page.id} not found`);
    const snapshot = revisionSnapshot(old);
    const revision = await saveRevision(trx, page, snapshot, { userId: this.actorId });
    await this.audit(trx, { action: 'page.revert', pageId: page.id, label: snapshot.title, data: { revision_id: old.id, new_revision_id: revision.id } });
    return revision;
  }
}
