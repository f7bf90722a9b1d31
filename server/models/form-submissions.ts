import type { Db } from '../db/database';
import type { FormSubmission } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { queueEmail, type OutgoingEmail } from './outbox';

/** A submission to store: the page it came from, what was typed, and the sender's hashed address. */
export interface NewFormSubmission {
  pageId: number;
  formData: Record<string, unknown>;
  ipHash: string;
}

/**
 * Stores a submission and queues its notification in one transaction: either both exist or
 * neither does, so no message is lost and none is mailed twice.
 */
export async function saveFormSubmission(db: Db, submission: NewFormSubmission, notification: OutgoingEmail | null): Promise<FormSubmission> {
  return withTransaction(db, async (tx) => {
    const row = await tx
      .insertInto('form_submissions')
      .values({ page_id: submission.pageId, form_data: JSON.stringify(submission.formData), ip_hash: submission.ipHash })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (notification) await queueEmail(tx, notification);
    return row;
  });
}

/** Deletes a page's submissions with these ids (ids of other pages' submissions are left alone); returns what was deleted. */
export async function removeFormSubmissions(db: Db, pageId: number, ids: readonly number[]): Promise<FormSubmission[]> {
  if (ids.length === 0) return [];
  return db.deleteFrom('form_submissions').where('page_id', '=', pageId).where('id', 'in', ids).returningAll().execute();
}
