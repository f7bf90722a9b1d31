import type { Db } from '../db/database';
import type { FormSubmission, Page } from '../db/schema';
import { PermissionDenied } from '../errors';
import { removeFormSubmissions } from '../models/form-submissions';
import { canSeeSubmissions } from '../models/reports-scope';
import { PageAction } from './page-action';

/**
 * Deletes submissions (the option's ids) of a form page, for a user who may see them (Wagtail's
 * DeleteSubmissionsView), with one audit entry 'form_submission.delete' per submission, naming
 * the page in its data. Returns the submissions deleted.
 */
export class DeleteFormSubmissionsAction extends PageAction<FormSubmission[], { ids: readonly number[] }> {
  protected checkAgainst(page: Page): void {
    if (!canSeeSubmissions(this.actor, page)) throw new PermissionDenied('You do not have permission to delete the submissions of this form.');
  }

  protected async perform(trx: Db, page: Page): Promise<FormSubmission[]> {
    const deleted = await removeFormSubmissions(trx, page.id, this.options.ids);
    for (const submission of deleted) {
      await this.audit(trx, {
        action: 'form_submission.delete',
        objectType: 'form_submission',
        objectId: submission.id,
        label: `${page.title}: ${submission.submit_time.toISOString()}`,
        data: { page_id: page.id },
      });
    }
    return deleted;
  }
}
