import { sql, type Kysely } from 'kysely';
import tzLookup from '@photostructure/tz-lookup';

/** Rows per UPDATE while filling the zones of existing locations. */
const BATCH_SIZE = 1000;

/**
 * Each location's own IANA time zone (a state's zone is wrong for the Florida panhandle, El
 * Paso and parts of Indiana, Kentucky and Tennessee). Existing rows get the zone of their
 * coordinates before the column becomes required.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('locations').addColumn('time_zone', 'text').execute();
  const rows = await sql<{ rlid: number; latitude: number; longitude: number }>`select rlid, latitude, longitude from locations`.execute(db);
  for (let start = 0; start < rows.rows.length; start += BATCH_SIZE) {
    const zones = rows.rows.slice(start, start + BATCH_SIZE).map((row) => sql`(${row.rlid}::integer, ${tzLookup(Number(row.latitude), Number(row.longitude))}::text)`);
    await sql`update locations set time_zone = zones.time_zone from (values ${sql.join(zones)}) as zones (rlid, time_zone) where locations.rlid = zones.rlid`.execute(db);
  }
  await db.schema
    .alterTable('locations')
    .alterColumn('time_zone', (column) => column.setNotNull())
    .execute();
}

/** Drops the time zone column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('locations').dropColumn('time_zone').execute();
}
