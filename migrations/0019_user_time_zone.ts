import { sql, type Kysely } from 'kysely';

/**
 * The time zone each admin user reads dates in (Wagtail's "Current time zone" preference); ''
 * means the site's TIME_ZONE setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('current_time_zone', 'varchar(64)', (column) => column.notNull().defaultTo(sql`''`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('current_time_zone').execute();
}
