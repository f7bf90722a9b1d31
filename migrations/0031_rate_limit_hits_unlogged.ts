import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit counters are written on every form post and guarded lookup, and are worth a
 * window at most: unlogged, they are written without the write-ahead log, so counting a hit no
 * longer waits for a disk flush at commit. A crash empties the table, which forgives at most one
 * window's hits; replicas do not carry it, and only the primary counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_hits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limit_hits set logged`.execute(db);
}
