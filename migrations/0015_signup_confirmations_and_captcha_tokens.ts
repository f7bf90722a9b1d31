import { sql, type Kysely } from 'kysely';

/**
 * Double opt-in for the email signup: a signup waits here, untouched by the subscribers table,
 * until its confirmation link is followed. And the built-in captcha's used tokens, kept until
 * they expire so each token passes once, whichever process serves the replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_signup_confirmations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('signup', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_signup_confirmations_created_at_idx').on('email_signup_confirmations').column('created_at').execute();
  await db.schema
    .createTable('used_captcha_tokens')
    .addColumn('token', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_captcha_tokens_expires_at_idx').on('used_captcha_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_captcha_tokens').execute();
  await db.schema.dropTable('email_signup_confirmations').execute();
}
