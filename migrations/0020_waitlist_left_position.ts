import type { Kysely } from 'kysely';

/**
 * The place a party held when it left the queue (seated, no-show, cancelled), so a host who
 * pressed the wrong button can put the party back where it was for a few minutes after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waitlist_entries').addColumn('left_position', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waitlist_entries').dropColumn('left_position').execute();
}
