import { sql, type Kysely } from 'kysely';

/**
 * The trigger that counts a location's queue also stores its headline estimate (the wait of a
 * typical party joining now), in the same update of the location row. A join was four round
 * trips with the estimate written in a statement of its own; now the insert that takes the row
 * lock writes it too. The trigger's statements each read with a fresh snapshot, so turn settings
 * saved while a change waited for the lock are the ones it uses.
 *
 * waitlist_headline is server/waitlist/estimate.ts's estimateWaitMinutes for a party of two
 * (TYPICAL_PARTY_SIZE, factor 1) under formatWait, with DEFAULT_TURN_SETTINGS where a location
 * has saved none: test/integration/waitlist-engine.test.ts holds the two to the same answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PL/pgSQL rather than SQL: its plan is kept for the session, where a SQL function with a
  // FROM is planned again for every row the trigger updates (0.25 ms against 0.07 under the lock).
  await sql`
    create function waitlist_headline(location integer, ready boolean, active integer) returns text language plpgsql stable as $$
    declare
      turn_time integer;
      table_count integer;
      minutes integer;
    begin
      if ready is not true then return null; end if;
      select turn_time_minutes, tables into turn_time, table_count from waitlist_settings where rlid = location;
      if not found then turn_time := 45; table_count := 12; end if;
      minutes := greatest(5, ceil(((active + 1) * turn_time)::float8 / table_count / 5) * 5);
      if minutes < 60 then return minutes || ' min'; end if;
      if minutes % 60 = 0 then return minutes / 60 || ' hr'; end if;
      return minutes / 60 || ' hr ' || minutes % 60 || ' min';
    end
    $$`.execute(db);
  // A party holds a place while waiting or notified; the change moves the count by what it adds
  // and what it takes away, each a place or none.
  await sql`
    create function keep_waitlist_count_and_headline() returns trigger language plpgsql as $$
    declare
      location integer := case when tg_op = 'DELETE' then old.rlid else new.rlid end;
      delta integer := case when tg_op <> 'DELETE' and new.status in ('waiting', 'notified') then 1 else 0 end
                     - case when tg_op <> 'INSERT' and old.status in ('waiting', 'notified') then 1 else 0 end;
    begin
      if delta <> 0 then
        update locations
        set waitlist_active = waitlist_active + delta,
            estimated_wait_time = waitlist_headline(rlid, wait_list_ready, waitlist_active + delta)
        where rlid = location;
      end if;
      return null;
    end
    $$`.execute(db);
  await retrigger(db, 'keep_waitlist_count_and_headline');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await retrigger(db, 'count_waitlist_active');
  await sql`drop function keep_waitlist_count_and_headline()`.execute(db);
  await sql`drop function waitlist_headline(integer, boolean, integer)`.execute(db);
}

/** Points the trigger on every entry written at `fn`. */
async function retrigger(db: Kysely<unknown>, fn: string): Promise<void> {
  await sql`drop trigger waitlist_entries_counted on waitlist_entries`.execute(db);
  await sql`
    create trigger waitlist_entries_counted after insert or update of status or delete on waitlist_entries
    for each row execute function ${sql.raw(fn)}()`.execute(db);
}
