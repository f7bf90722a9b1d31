import { sql, type Kysely } from 'kysely';

/**
 * Each location row counts the parties holding a place in its queue (waiting or notified), kept
 * by a trigger on every entry written. A join then takes the location's row lock and its next
 * position in one statement, instead of holding the lock while it counts the entries, inserts
 * and writes the estimate over several round trips.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations add column waitlist_active integer not null default 0 check (waitlist_active >= 0)`.execute(db);
  await sql`
    update locations set waitlist_active = active.parties
    from (select rlid, count(*) as parties from waitlist_entries where status in ('waiting', 'notified') group by rlid) as active
    where locations.rlid = active.rlid`.execute(db);
  await sql`
    create function count_waitlist_active() returns trigger language plpgsql as $$
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
        update locations set waitlist_active = waitlist_active + delta where rlid = location;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger waitlist_entries_counted after insert or update of status or delete on waitlist_entries
    for each row execute function count_waitlist_active()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger waitlist_entries_counted on waitlist_entries`.execute(db);
  await sql`drop function count_waitlist_active()`.execute(db);
  await sql`alter table locations drop column waitlist_active`.execute(db);
}
