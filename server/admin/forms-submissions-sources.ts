import { gettext } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { FormSubmission, SubscriptionEventKind } from '../db/schema';
import { contactDataFields } from '../forms/contact-form';
import {
  countSubmissions,
  countSubscriptionEvents,
  listSubmissions,
  listSubscriptionEvents,
  type FormPageType,
  type SubmissionFilter,
  type SubscriptionEventRow,
} from '../models/form-submission-listing';
import { keysetBatches } from '../models/reports-batches';
import { mapRows } from './generic/listing';
import type { SpreadsheetCell } from './spreadsheet-export';

/** One submission as the listing shows it: its id (for delete), when it came, and a text per column after the date. */
export interface SubmissionRow {
  id: number;
  submitted: Date;
  values: string[];
}

/** Where a form page's submissions come from, and how they become the listing's and the spreadsheet's rows. */
export interface SubmissionSource {
  /** Column headings: the submission date, then one per field. */
  headings: string[];
  count(pageId: number, filter: SubmissionFilter): Promise<number>;
  /** One page of the listing, by submission date in `order`. */
  rows(pageId: number, filter: SubmissionFilter, order: 'asc' | 'desc', offset: number, limit: number): Promise<SubmissionRow[]>;
  /** Oldest first (Wagtail's CSV order), read in batches. */
  exportRows(pageId: number, filter: SubmissionFilter): AsyncIterable<SpreadsheetCell[]>;
  canDelete: boolean;
  /** What the listing says about where these submissions come from, if anything. */
  note: string | null;
}

const SUBSCRIPTION_KIND_LABELS: Record<SubscriptionEventKind, string> = {
  subscribe: 'Signed up',
  resubscribe: 'Signed up again',
  unsubscribe: 'Unsubscribed',
  suppress: 'Unsubscribed (not on the list)',
};

/** A stored value as the listing shows it: lists joined as Wagtail does, nothing as empty. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? gettext('Yes') : gettext('No');
  return String(value);
}

/** A stored value as a spreadsheet cell: text and numbers as they are, lists as lists. */
function cell(value: unknown): SpreadsheetCell {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function contactSource(db: Db): SubmissionSource {
  const fields = Object.values(contactDataFields()).map((field) => ({ name: field.name, label: field.label }));
  const valuesOf = (submission: FormSubmission) => fields.map((field) => submission.form_data[field.name]);
  return {
    headings: [gettext('Submission date'), ...fields.map((field) => gettext(field.label))],
    count: (pageId, filter) => countSubmissions(db, pageId, filter),
    async rows(pageId, filter, order, offset, limit) {
      const submissions = await listSubmissions(db, pageId, filter, { order, offset, limit });
      return submissions.map((submission) => ({ id: submission.id, submitted: submission.submit_time, values: valuesOf(submission).map(shown) }));
    },
    exportRows: (pageId, filter) =>
      mapRows(
        keysetBatches((after: FormSubmission | undefined, limit) => listSubmissions(db, pageId, filter, { after, limit })),
        (submission) => [submission.submit_time, ...valuesOf(submission).map(cell)],
      ),
    canDelete: true,
    note: null,
  };
}

function signupSource(db: Db): SubmissionSource {
  const columns: Array<{ label: string; value: (event: SubscriptionEventRow) => unknown }> = [
    { label: 'Action', value: (event) => gettext(SUBSCRIPTION_KIND_LABELS[event.kind]) },
    { label: 'Email Address', value: (event) => event.email },
    { label: 'First Name', value: (event) => event.first_name },
    { label: 'Last Name', value: (event) => event.last_name },
    { label: 'ZIP / Postal Code', value: (event) => event.postcode },
    { label: 'Birthday Month', value: (event) => event.birthday_month },
    { label: 'Birthday Day', value: (event) => event.birthday_day },
    { label: 'Offers by email', value: (event) => event.consent },
    { label: 'Subscribed now', value: (event) => event.subscribed },
  ];
  return {
    headings: [gettext('Submission date'), ...columns.map((column) => gettext(column.label))],
    count: (_pageId, filter) => countSubscriptionEvents(db, filter),
    async rows(_pageId, filter, order, offset, limit) {
      const events = await listSubscriptionEvents(db, filter, { order, offset, limit });
      return events.map((event) => ({ id: event.id, submitted: event.created_at, values: columns.map((column) => shown(column.value(event))) }));
    },
    exportRows: (_pageId, filter) =>
      mapRows(
        keysetBatches((after: SubscriptionEventRow | undefined, limit) => listSubscriptionEvents(db, filter, { after, limit })),
        (event) => [event.created_at, ...columns.map((column) => cell(column.value(event)))],
      ),
    canDelete: false,
    note: gettext(
      'Signups from every email signup page, and unsubscribes, go to one subscriber list: this is that list, each signup and unsubscribe with the subscriber as they are now. They cannot be deleted, so an address that asked to be left alone is never mailed again.',
    ),
  };
}

/** The submission source of each form page type. */
export function submissionSources(db: Db): Record<FormPageType, SubmissionSource> {
  return { contact_us_page: contactSource(db), email_signup_page: signupSource(db) };
}
