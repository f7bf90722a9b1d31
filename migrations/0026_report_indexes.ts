import type { Kysely } from 'kysely';

/**
 * Keyset order for the signup list's listing and export (newest first on screen, oldest first in
 * a spreadsheet), so each batch of an export of any length reads from the index instead of
 * sorting every event again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('subscription_events_created_idx').on('subscription_events').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscription_events_created_idx').execute();
}
