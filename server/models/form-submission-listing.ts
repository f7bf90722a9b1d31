import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { FormSubmission, Page, SubscriptionEventKind } from '../db/schema';
import type { UserPermissions } from './permissions';
import { changeablePageCondition } from './reports-scope';

/** The page types with a visitor form: contact messages are stored per page, signups in the subscriber list. */
export const FORM_PAGE_TYPES = ['contact_us_page', 'email_signup_page'] as const;

/** One of FORM_PAGE_TYPES. */
export type FormPageType = (typeof FORM_PAGE_TYPES)[number];

/** Whether a page type has a visitor form. */
export function isFormPageType(pageType: string): pageType is FormPageType {
  return (FORM_PAGE_TYPES as readonly string[]).includes(pageType);
}

/** A form page as the forms index lists it, with how many submissions it holds. */
export interface FormPageSummary {
  id: number;
  title: string;
  page_type: FormPageType;
  submissions: number;
}

/** Which submissions to list: an instant range (end excluded) and words to find in what was sent. */
export interface SubmissionFilter {
  from?: Date;
  until?: Date;
  q?: string;
}

/** A slice of a listing: a page in either order from `offset`, or (for exports) oldest first after the row `after`. */
export type SliceRequest<Row> = { order: 'asc' | 'desc'; offset: number; limit: number } | { after: Row | undefined; limit: number };

/**
 * The form pages the user may change (Wagtail's get_forms_for_user), by title, with their
 * submission counts: a contact page's messages, and the signup list's events for a signup page.
 */
export async function listFormPages(db: Db, perms: UserPermissions, offset: number, limit: number): Promise<{ rows: FormPageSummary[]; total: number }> {
  const base = db.selectFrom('pages').where('page_type', 'in', FORM_PAGE_TYPES).where(changeablePageCondition(perms, 'pages'));
  const [rows, count] = await Promise.all([
    base
      .select(['pages.id', 'pages.title', 'pages.page_type'])
      .select(
        sql<number>`case when pages.page_type = 'email_signup_page'
          then (select count(*) from subscription_events)
          else (select count(*) from form_submissions where form_submissions.page_id = pages.id) end::int`.as('submissions'),
      )
      .orderBy('pages.title')
      .orderBy('pages.id')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((row) => ({ ...row, page_type: row.page_type as FormPageType })), total: Number(count.n) };
}

/** The form page with this id, if it is one. */
export async function getFormPage(db: Db, pageId: number): Promise<(Page & { page_type: FormPageType }) | undefined> {
  const page = await db.selectFrom('pages').selectAll().where('id', '=', pageId).executeTakeFirst();
  return page && isFormPageType(page.page_type) ? { ...page, page_type: page.page_type } : undefined;
}

function pattern(words: string): string {
  return `%${words.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A page's contact messages matching a filter, one slice, with the count of all that match. */
export async function listSubmissions(db: Db, pageId: number, filter: SubmissionFilter, slice: SliceRequest<FormSubmission>): Promise<FormSubmission[]> {
  let query = db.selectFrom('form_submissions').selectAll().where('page_id', '=', pageId);
  if (filter.from) query = query.where('submit_time', '>=', filter.from);
  if (filter.until) query = query.where('submit_time', '<', filter.until);
  if (filter.q?.trim()) query = query.where(sql<string>`form_data::text`, 'ilike', pattern(filter.q));
  if ('offset' in slice) return query.orderBy('submit_time', slice.order).orderBy('id', slice.order).offset(slice.offset).limit(slice.limit).execute();
  const after = slice.after;
  if (after) query = query.where(sql<boolean>`(submit_time, id) > (${after.submit_time}, ${after.id})`);
  return query.orderBy('submit_time').orderBy('id').limit(slice.limit).execute();
}

/** How many of a page's contact messages match a filter. */
export async function countSubmissions(db: Db, pageId: number, filter: SubmissionFilter): Promise<number> {
  let query = db.selectFrom('form_submissions').where('page_id', '=', pageId);
  if (filter.from) query = query.where('submit_time', '>=', filter.from);
  if (filter.until) query = query.where('submit_time', '<', filter.until);
  if (filter.q?.trim()) query = query.where(sql<string>`form_data::text`, 'ilike', pattern(filter.q));
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The page's contact messages with these ids (others' ids are left out). */
export async function submissionsByIds(db: Db, pageId: number, ids: readonly number[]): Promise<FormSubmission[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('form_submissions').selectAll().where('page_id', '=', pageId).where('id', 'in', ids).orderBy('submit_time', 'desc').orderBy('id', 'desc').execute();
}

/** One signup, resubscription, unsubscribe or suppression, with the subscriber's profile as it is now. */
export interface SubscriptionEventRow {
  id: number;
  created_at: Date;
  kind: SubscriptionEventKind;
  email: string;
  first_name: string | null;
  last_name: string | null;
  postcode: string | null;
  birthday_month: number | null;
  birthday_day: number | null;
  consent: boolean | null;
  subscribed: boolean | null;
}

function eventConditions(filter: SubmissionFilter): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  if (filter.from) conditions.push(sql<boolean>`e.created_at >= ${filter.from}`);
  if (filter.until) conditions.push(sql<boolean>`e.created_at < ${filter.until}`);
  if (filter.q?.trim()) {
    const like = pattern(filter.q);
    conditions.push(sql<boolean>`(e.email ilike ${like} or s.first_name ilike ${like} or s.last_name ilike ${like} or s.postcode ilike ${like})`);
  }
  return conditions;
}

/** The signup list's events matching a filter, one slice. */
export async function listSubscriptionEvents(db: Db, filter: SubmissionFilter, slice: SliceRequest<SubscriptionEventRow>): Promise<SubscriptionEventRow[]> {
  let query = db
    .selectFrom('subscription_events as e')
    .leftJoin('subscribers as s', 's.id', 'e.subscriber_id')
    .select(['e.id', 'e.created_at', 'e.kind', 'e.email', 's.first_name', 's.last_name', 's.postcode', 's.birthday_month', 's.birthday_day', 's.consent', 's.subscribed']);
  for (const condition of eventConditions(filter)) query = query.where(condition);
  if ('offset' in slice) return query.orderBy('e.created_at', slice.order).orderBy('e.id', slice.order).offset(slice.offset).limit(slice.limit).execute();
  const after = slice.after;
  if (after) query = query.where(sql<boolean>`(e.created_at, e.id) > (${after.created_at}, ${after.id})`);
  return query.orderBy('e.created_at').orderBy('e.id').limit(slice.limit).execute();
}

/** How many of the signup list's events match a filter. */
export async function countSubscriptionEvents(db: Db, filter: SubmissionFilter): Promise<number> {
  let query = db.selectFrom('subscription_events as e').leftJoin('subscribers as s', 's.id', 'e.subscriber_id');
  for (const condition of eventConditions(filter)) query = query.where(condition);
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
