import { sql, type Kysely } from 'kysely';

/** Restaurant locations and their weekly hours, searched by distance through a lat/lng bounding box. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('locations')
    .addColumn('rlid', 'integer', (c) => c.primaryKey())
    .addColumn('restaurant_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('address1', 'varchar(200)', (c) => c.notNull())
    .addColumn('address2', 'varchar(200)')
    .addColumn('city', 'varchar(100)', (c) => c.notNull())
    .addColumn('state', 'varchar(50)', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('country_root_url', 'varchar(300)')
    .addColumn('zip', 'varchar(20)', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull().check(sql`longitude between -180 and 180`))
    .addColumn('latitude', 'double precision', (c) => c.notNull().check(sql`latitude between -90 and 90`))
    .addColumn('phone', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('has_curbside', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_delivery', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_online_ordering', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_take_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_dining_room_opened', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_temporarily_closed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('outside_dining', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_reservations_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('local_page_url', 'varchar(300)')
    .addColumn('estimated_wait_time', 'varchar(50)')
    .addColumn('wait_list_max_party_size', 'integer')
    .addColumn('wait_list_ready', 'boolean')
    .execute();
  // The nearest-location query narrows by a latitude range first, then longitude; one composite btree serves both.
  await db.schema.createIndex('locations_lat_lng_idx').on('locations').columns(['latitude', 'longitude']).execute();

  await db.schema
    .createTable('location_hours')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('location_rlid', 'integer', (c) => c.notNull().references('locations.rlid').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('operation', 'curbside', 'delivery')`))
    .addColumn('day_of_week', 'smallint', (c) => c.notNull().check(sql`day_of_week between 0 and 6`))
    .addColumn('open', 'varchar(5)', (c) => c.notNull().check(sql`open ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('close', 'varchar(5)', (c) => c.notNull().check(sql`close ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .execute();
  await db.schema.createIndex('location_hours_location_idx').on('location_hours').columns(['location_rlid', 'kind', 'day_of_week']).execute();
}

/** Drops the location tables, hours first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('location_hours').execute();
  await db.schema.dropTable('locations').execute();
}
