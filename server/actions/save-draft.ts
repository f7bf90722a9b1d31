import type { Db } from '../db/database';
import type { Page, PageRevision } from '../db/schema';
import { ConflictError } from '../errors';
import { saveRevision, setPageSchedule, type RevisionSnapshot } from '../models/pages';
import { PageAction, requirePageAction } from './page-action';

/** What an edit saves: the page's editable fields and its go-live/expiry schedule. */
export interface SaveDraftOptions {
  snapshot: RevisionSnapshot;
  goLiveAt: Date | null;
  expireAt: Date | null;
  /**
   * The revision the editor's form was loaded from (null: the page had none). When given, a
   * page saved by somebody else since then is not overwritten unless `overwrite` says so.
   */
  baseRevisionId?: number | null;
  /** The editor chose to make this the newest revision over a newer one ("Save anyway"). */
  overwrite?: boolean;
}

/** The page has a newer revision than the one the editor's form was loaded from (409). */
export class PageChangedError extends ConflictError {
  override name = 'PageChangedError';
  constructor(readonly latestRevisionId: number | null) {
    super('This page has been updated by another user since you opened it.');
  }
}

/** Saves an edit as a new draft revision; the live page is untouched. Audit code 'page.edit'. */
export class SaveDraftAction extends PageAction<PageRevision, SaveDraftOptions> {
  protected checkAgainst(page: Page): void {
    requirePageAction(this.actor, page, 'canEdit', 'You do not have permission to edit this page, or somebody else has locked it.');
  }

  protected async perform(trx: Db, page: Page): Promise<PageRevision> {
    // Checked on the row-locked page, so two saves from the same base cannot both pass.
    const { baseRevisionId, overwrite } = this.options;
    if (baseRevisionId !== undefined && !overwrite && page.latest_revision_id !== baseRevisionId) throw new PageChangedError(page.latest_revision_id);
    const revision = await saveRevision(trx, page, this.options.snapshot, { userId: this.actorId });
    await setPageSchedule(trx, page, { goLiveAt: this.options.goLiveAt, expireAt: this.options.expireAt });
    await this.audit(trx, { action: 'page.edit', pageId: page.id, label: this.options.snapshot.title, data: { revision_id: revision.id } });
    return revision;
  }
}
