import { sql, type Kysely } from 'kysely';

/**
 * The wait list and table reservations: per-location settings, queue entries with gapless
 * positions among active parties, and reservation requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('waitlist_settings')
    .addColumn('rlid', 'integer', (c) => c.primaryKey().references('locations.rlid').onDelete('cascade'))
    // Minutes a table takes to turn over, and how many tables turn: together the seating rate.
    .addColumn('turn_time_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(45)
        .check(sql`turn_time_minutes between 5 and 240`),
    )
    .addColumn('tables', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(12)
        .check(sql`tables between 1 and 500`),
    )
    .addColumn('reservation_slot_capacity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(4)
        .check(sql`reservation_slot_capacity between 0 and 100`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('plan_ahead_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('rlid', 'integer', (c) => c.notNull().references('locations.rlid').onDelete('cascade'))
    .addColumn('party_size', 'smallint', (c) => c.notNull().check(sql`party_size between 1 and 100`))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('note', 'varchar(500)')
    .addColumn('source', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('online')
        .check(sql`source in ('online', 'walk_in')`),
    )
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'notified', 'seated', 'cancelled', 'no_show')`),
    )
    // 1..n among the location's waiting and notified parties; null once a party leaves the queue.
    .addColumn('position', 'integer')
    .addColumn('idempotency_key', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notified_at', 'timestamptz')
    .addColumn('seated_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('no_show_at', 'timestamptz')
    .addCheckConstraint('waitlist_entries_position_when_active', sql`(status in ('waiting', 'notified')) = (position is not null)`)
    .execute();
  // Deferrable, so a renumbering UPDATE may pass through duplicate positions within one statement.
  await sql`alter table waitlist_entries add constraint waitlist_entries_position_unique unique (rlid, position) deferrable initially deferred`.execute(db);
  await db.schema
    .createIndex('waitlist_entries_idempotency_idx')
    .on('waitlist_entries')
    .columns(['rlid', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  await db.schema.createIndex('waitlist_entries_queue_idx').on('waitlist_entries').columns(['rlid', 'status', 'created_at']).execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('confirmation_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('rlid', 'integer', (c) => c.notNull().references('locations.rlid').onDelete('cascade'))
    .addColumn('party_size', 'smallint', (c) => c.notNull().check(sql`party_size between 1 and 100`))
    .addColumn('reserved_for', 'timestamptz', (c) => c.notNull())
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(30)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('note', 'varchar(500)')
    .addColumn('status', 'varchar(10)', (c) =>
      c
        .notNull()
        .defaultTo('requested')
        .check(sql`status in ('requested', 'confirmed', 'cancelled')`),
    )
    .addColumn('idempotency_key', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('reservations_slot_idx').on('reservations').columns(['rlid', 'reserved_for']).execute();
  await db.schema
    .createIndex('reservations_idempotency_idx')
    .on('reservations')
    .columns(['rlid', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
}

/** Drops the wait-list and reservation tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reservations').execute();
  await db.schema.dropTable('waitlist_entries').execute();
  await db.schema.dropTable('waitlist_settings').execute();
}
