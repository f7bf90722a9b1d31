import { sql, type Kysely } from 'kysely';

/**
 * Why an image's stored file cannot be decoded, once a rendition of it failed: pages then leave
 * the image out without decoding it again, in every process, and the back office shows it as
 * broken. Null while the file reads; replacing the file clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table images add column file_error text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table images drop column file_error`.execute(db);
}
