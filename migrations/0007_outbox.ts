import { sql, type Kysely } from 'kysely';

/** Outgoing mail: written in the same transaction as what caused it, sent later by the outbox worker. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'sent', 'failed', 'kept')`),
    )
    .addColumn('attempts', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  // The worker only ever asks for queued mail that is due.
  await db.schema.createIndex('outbox_emails_due_idx').on('outbox_emails').column('next_attempt_at').where(sql.ref('status'), '=', 'queued').execute();
}

/** Drops the outbox. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_emails').execute();
}
