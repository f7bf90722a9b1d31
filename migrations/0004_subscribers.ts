import { sql, type Kysely } from 'kysely';

/** Email subscribers (signup, unsubscribe) and the log of every subscription change. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscribers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Stored normalized so the unique constraint matches addresses regardless of case or spaces.
    .addColumn('email', 'varchar(254)', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`email = lower(btrim(email)) and email <> ''`),
    )
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('postcode', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('birthday_month', 'smallint', (c) => c.check(sql`birthday_month between 1 and 12`))
    .addColumn('birthday_day', 'smallint', (c) => c.check(sql`birthday_day between 1 and 31`))
    .addColumn('subscribed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('subscribed_at', 'timestamptz')
    .addColumn('unsubscribed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('subscription_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Null for suppressions: an address we never had asked not to be mailed.
    .addColumn('subscriber_id', 'integer', (c) => c.references('subscribers.id').onDelete('set null'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('subscribe', 'unsubscribe', 'resubscribe', 'suppress')`))
    .addColumn('broad_log_id', 'varchar(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscription_events_subscriber_idx').on('subscription_events').column('subscriber_id').execute();
  await db.schema.createIndex('subscription_events_email_idx').on('subscription_events').columns(['email', 'created_at']).execute();
}

/** Drops the subscription tables, events first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_events').execute();
  await db.schema.dropTable('subscribers').execute();
}
