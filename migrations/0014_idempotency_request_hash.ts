import type { Kysely } from 'kysely';

const TABLES = ['waitlist_entries', 'reservations'] as const;

/**
 * The hash of the request that first used an idempotency key, so the key replays only that
 * request: another body under the same key is refused instead of answered with someone's
 * booking. Rows from before have none, and so replay to nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('idempotency_request_hash', 'char(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('idempotency_request_hash').execute();
}
