import { sql, type Kysely } from 'kysely';

/**
 * Announces each move of a cache generation on the 'cache_generations' channel as 'name
 * generation'. PostgreSQL delivers a NOTIFY at commit, so a process listening knows the current
 * generation without asking on every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function announce_cache_generation() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cache_generations', new.name || ' ' || new.generation);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger cache_generations_announced after insert or update of generation on cache_generations
    for each row execute function announce_cache_generation()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger cache_generations_announced on cache_generations`.execute(db);
  await sql`drop function announce_cache_generation()`.execute(db);
}
