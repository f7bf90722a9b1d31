import type { Db } from '../db/database';
import type { Subscriber, SubscriptionEventKind } from '../db/schema';
import { withTransaction } from '../db/transaction';

/** What an unsubscribe request changed; the visitor is told the same in every case. */
export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'suppressed';

/** What a subscribe request changed. */
export type SubscribeOutcome = 'subscribed' | 'resubscribed' | 'already_subscribed';

/** An unsubscribe request: the address and, from an email's link, the campaign's BroadLogId. */
export interface UnsubscribeEmailOptions {
  email: string;
  broadLogId?: string | null;
}

/** The result of unsubscribeEmail; `subscriberId` is null for a suppression. */
export interface UnsubscribeEmailResult {
  outcome: UnsubscribeOutcome;
  subscriberId: number | null;
}

/** A signup: the address plus the optional profile fields of the signup form. */
export interface SubscribeEmailOptions {
  email: string;
  firstName?: string;
  lastName?: string;
  postcode?: string;
  birthdayMonth?: number | null;
  birthdayDay?: number | null;
}

/** The result of subscribeEmail. */
export interface SubscribeEmailResult {
  outcome: SubscribeOutcome;
  subscriber: Subscriber;
}

/** The form an address is stored and matched in: trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The subscriber with this address (matched after normalizing), if any. */
export async function getSubscriberByEmail(db: Db, email: string): Promise<Subscriber | undefined> {
  return db.selectFrom('subscribers').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/**
 * Stops mail to an address and records why, in one transaction. An address we do not know is
 * recorded as a suppression, so a later import or signup cannot mail it unasked.
 */
export async function unsubscribeEmail(db: Db, options: UnsubscribeEmailOptions): Promise<UnsubscribeEmailResult> {
  const email = normalizeEmail(options.email);
  const broadLogId = options.broadLogId ?? null;
  return withTransaction(db, async (tx) => {
    // Locked so a concurrent signup cannot resubscribe between the read and the update.
    const subscriber = await tx.selectFrom('subscribers').select(['id', 'subscribed']).where('email', '=', email).forUpdate().executeTakeFirst();
    if (!subscriber) {
      await recordEvent(tx, { subscriberId: null, email, kind: 'suppress', broadLogId });
      return { outcome: 'suppressed', subscriberId: null };
    }
    if (subscriber.subscribed) {
      await tx.updateTable('subscribers').set({ subscribed: false, unsubscribed_at: new Date(), updated_at: new Date() }).where('id', '=', subscriber.id).execute();
    }
    await recordEvent(tx, { subscriberId: subscriber.id, email, kind: 'unsubscribe', broadLogId });
    return { outcome: subscriber.subscribed ? 'unsubscribed' : 'already_unsubscribed', subscriberId: subscriber.id };
  });
}

/**
 * Subscribes an address, or resubscribes one that had unsubscribed, updating the profile
 * fields given; records the change in the same transaction.
 */
export async function subscribeEmail(db: Db, options: SubscribeEmailOptions): Promise<SubscribeEmailResult> {
  const email = normalizeEmail(options.email);
  const profile = {
    ...(options.firstName !== undefined ? { first_name: options.firstName.trim() } : {}),
    ...(options.lastName !== undefined ? { last_name: options.lastName.trim() } : {}),
    ...(options.postcode !== undefined ? { postcode: options.postcode.trim() } : {}),
    ...(options.birthdayMonth !== undefined ? { birthday_month: options.birthdayMonth } : {}),
    ...(options.birthdayDay !== undefined ? { birthday_day: options.birthdayDay } : {}),
  };
  return withTransaction(db, async (tx) => {
    const now = new Date();
    const inserted = await tx
      .insertInto('subscribers')
      .values({ email, ...profile, subscribed: true, subscribed_at: now })
      // A concurrent signup for the same address may win the insert; then this one updates it.
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await recordEvent(tx, { subscriberId: inserted.id, email, kind: 'subscribe', broadLogId: null });
      return { outcome: 'subscribed', subscriber: inserted };
    }
    const existing = await tx.selectFrom('subscribers').selectAll().where('email', '=', email).forUpdate().executeTakeFirstOrThrow();
    const subscriber = await tx
      .updateTable('subscribers')
      .set({ ...profile, subscribed: true, updated_at: now, ...(existing.subscribed ? {} : { subscribed_at: now, unsubscribed_at: null }) })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (existing.subscribed) return { outcome: 'already_subscribed', subscriber };
    await recordEvent(tx, { subscriberId: existing.id, email, kind: 'resubscribe', broadLogId: null });
    return { outcome: 'resubscribed', subscriber };
  });
}

async function recordEvent(db: Db, event: { subscriberId: number | null; email: string; kind: SubscriptionEventKind; broadLogId: string | null }): Promise<void> {
  await db.insertInto('subscription_events').values({ subscriber_id: event.subscriberId, email: event.email, kind: event.kind, broad_log_id: event.broadLogId }).execute();
}
