import { sql, type Kysely } from 'kysely';

/** Visitor form submissions, the special occasions of subscribers, and per-IP rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Submissions belong to their page, as Wagtail's FormSubmission does.
    .addColumn('page_id', 'integer', (c) => c.notNull().references('pages.id').onDelete('cascade'))
    .addColumn('form_data', 'jsonb', (c) => c.notNull())
    // A keyed hash: enough to spot one sender's flood, without keeping visitors' addresses.
    .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('submit_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('form_submissions_page_idx').on('form_submissions').columns(['page_id', 'submit_time']).execute();

  await db.schema
    .alterTable('subscribers')
    .addColumn('consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('terms_accepted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('subscriber_occasions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull().references('subscribers.id').onDelete('cascade'))
    .addColumn('occasion', 'varchar(40)', (c) => c.notNull())
    .addColumn('relationship', 'varchar(40)', (c) => c.notNull())
    .addColumn('month', 'smallint', (c) => c.notNull().check(sql`month between 1 and 12`))
    .addColumn('day', 'smallint', (c) => c.notNull().check(sql`day between 1 and 31`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscriber_occasions_subscriber_idx').on('subscriber_occasions').column('subscriber_id').execute();

  // Fixed-window counters shared by every process: one row per limit, client and window.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'varchar(40)', (c) => c.notNull())
    .addColumn('client_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rate_limit_hits_pkey', ['bucket', 'client_key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_hits_window_idx').on('rate_limit_hits').column('window_start').execute();
}

/** Drops the form tables and the subscriber columns added here. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
  await db.schema.dropTable('subscriber_occasions').execute();
  await db.schema.alterTable('subscribers').dropColumn('consent').dropColumn('terms_accepted_at').execute();
  await db.schema.dropTable('form_submissions').execute();
}
