import type { Db } from '../db/database';
import type { Page, PageRevision } from '../db/schema';
import { ConflictError } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { saveRevisionOnLockedPage, setPageSchedule, type RevisionSnapshot } from '../models/pages';
import { PageAction, requirePageActions, type PageNeed } from './page-action';

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
    requirePageActions(this.actor, page, [CAN_EDIT]);
  }

  protected async perform(trx: Db, page: Page): Promise<PageRevision> {
    return (await saveDraftAndAudit(trx, page, this.options, this.actorId)).revision;
  }
}

/** Saving an edit needs the right to edit the page, with no lock or review held against the actor. */
export const CAN_EDIT: PageNeed = { action: 'canEdit', refusal: 'You do not have permission to edit this page, or somebody else has locked it.' };

/** A saved draft: the new revision, and the page row as the save left it. */
export interface SavedDraft {
  revision: PageRevision;
  page: Page;
}

/**
 * Saves an edit as the newest revision of a page the caller locked in this transaction, with
 * its schedule, and writes 'page.edit'; the step shared by saving a draft and save-and-publish.
 */
export async function saveDraftAndAudit(trx: Db, page: Page, draft: SaveDraftOptions, userId: number): Promise<SavedDraft> {
  // Checked on the row-locked page, so two saves from the same base cannot both pass.
  const { baseRevisionId, overwrite } = draft;
  if (baseRevisionId !== undefined && !overwrite && page.latest_revision_id !== baseRevisionId) throw new PageChangedError(page.latest_revision_id);
  const revision = await saveRevisionOnLockedPage(trx, page, draft.snapshot, { userId });
  const saved = await setPageSchedule(trx, page, { goLiveAt: draft.goLiveAt, expireAt: draft.expireAt });
  await writeLogEntry(trx, { action: 'page.edit', userId, pageId: page.id, label: draft.snapshot.title, data: { revision_id: revision.id } });
  return { revision, page: saved };
}
