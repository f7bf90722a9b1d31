import type { Db } from '../db/database';
import type { SubscriberOccasion } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { subscribeEmail, type SubscribeEmailOptions, type SubscribeEmailResult } from './subscribers';

/** A special occasion as the signup form gives it. */
export interface OccasionInput {
  occasion: string;
  relationship: string;
  month: number;
  day: number;
}

/** A signup from the email signup form: the subscriber's fields, consent, and special occasions. */
export interface SignupOptions extends SubscribeEmailOptions {
  consent: boolean;
  occasions: readonly OccasionInput[];
}

/**
 * Subscribes (or resubscribes) an address with its profile, records that the terms were
 * accepted, and replaces its special occasions when the signup lists any, all in one transaction.
 */
export async function signUpSubscriber(db: Db, options: SignupOptions): Promise<SubscribeEmailResult> {
  const { consent, occasions, ...profile } = options;
  return withTransaction(db, async (tx) => {
    const result = await subscribeEmail(tx, profile);
    const subscriber = await tx
      .updateTable('subscribers')
      .set({ consent, terms_accepted_at: new Date() })
      .where('id', '=', result.subscriber.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A signup without occasions keeps the ones given before; one with occasions states them all.
    if (occasions.length > 0) {
      await tx.deleteFrom('subscriber_occasions').where('subscriber_id', '=', subscriber.id).execute();
      await tx
        .insertInto('subscriber_occasions')
        .values(occasions.map((occasion) => ({ subscriber_id: subscriber.id, ...occasion })))
        .execute();
    }
    return { ...result, subscriber };
  });
}

/** A subscriber's special occasions, in the order given. */
export async function occasionsOf(db: Db, subscriberId: number): Promise<SubscriberOccasion[]> {
  return db.selectFrom('subscriber_occasions').selectAll().where('subscriber_id', '=', subscriberId).orderBy('id').execute();
}
