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
 * has saved none: test/integration/waitlist-headline.test.ts holds the two to the same answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function waitlist_headline(location integer, ready boolean, active integer) returns text language sql stable as $$
      select case when waitlist_headline.ready then
        case when minutes < 60 then minutes || ' min'
             when minutes % 60 = 0 then minutes / 60 || ' hr'
             else minutes / 60 || ' hr ' || minutes % 60 || ' min' end
      end
      from (
        select greatest(5, ceil(((waitlist_headline.active + 1) * coalesce(turn_time_minutes, 45))::float8 / coalesce(tables, 12) / 5) * 5)::integer as minutes
        from (select 1) as one left join waitlist_settings on waitlist_settings.rlid = waitlist_headline.location
      ) as estimate
    $$`.execute(db);
  await sql`
    create function keep_waitlist_count_and_headline() returns trigger language plpgsql as $$
    declare
      delta integer := 0;
      location integer;
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        location := old.rlid;
        if old.status in ('waiting', 'notified') then delta := delta - 1; end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        location := new.rlid;
        if new.status in ('waiting', 'notified') then delta := delta + 1; end if;
      end if;
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
