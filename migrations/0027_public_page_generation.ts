import { sql, type Kysely } from 'kysely';

/**
 * The 'public-pages' cache generation moves whenever something a public page shows changes, in
 * the same transaction as the change, whoever makes it (an action, the scheduler, an import, a
 * seed, a test): every process's render cache compares it before serving a kept page.
 *
 * Deferred constraint triggers fire at commit, after the transaction holds every row lock it
 * takes, so two writers meet on the generation row only for the moment of commit and cannot
 * deadlock on it. The transaction-local flag keeps a bulk change to one bump.
 */
const WATCHED: ReadonlyArray<{ table: string; columns?: readonly string[] }> = [
  // Not the draft columns (draft_title, latest_revision_*, has_unpublished_changes, locked*,
  // workflow_task_id): autosaves and moderation do not change what visitors see.
  {
    table: 'pages',
    columns: [
      'path',
      'depth',
      'title',
      'slug',
      'url_path',
      'page_type',
      'content',
      'seo_title',
      'search_description',
      'show_in_menus',
      'live',
      'expired',
      'live_revision_id',
      'first_published_at',
      'last_published_at',
    ],
  },
  { table: 'sites' },
  { table: 'site_settings' },
  { table: 'page_view_restrictions' },
  { table: 'collection_view_restrictions' },
  { table: 'images' },
  { table: 'documents' },
  { table: 'videos' },
  { table: 'video_sources' },
  { table: 'video_tracks' },
  { table: 'redirects' },
  { table: 'countries' },
  { table: 'tiered_navigations' },
  { table: 'toolbox_snippets' },
  { table: 'location_hours' },
  // Not the wait-list columns, which the queue rewrites on every join: pages show them through
  // the wait-list API, and a kept page's copy of the wait lasts at most RENDER_CACHE_SECONDS.
  {
    table: 'locations',
    columns: [
      'rlid',
      'restaurant_number',
      'address1',
      'address2',
      'city',
      'state',
      'country',
      'country_root_url',
      'zip',
      'longitude',
      'latitude',
      'phone',
      'has_curbside',
      'has_delivery',
      'has_online_ordering',
      'has_take_out',
      'is_dining_room_opened',
      'is_temporarily_closed',
      'outside_dining',
      'is_reservations_enabled',
      'local_page_url',
      'permanently_closed_at',
      'time_zone',
    ],
  },
];

const triggerName = (table: string) => `${table}_public_pages_changed`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function bump_public_pages_generation() returns trigger language plpgsql as $$
    begin
      if current_setting('red_harbor.public_pages_bumped', true) is distinct from 'yes' then
        perform set_config('red_harbor.public_pages_bumped', 'yes', true);
        insert into cache_generations (name, generation) values ('public-pages', 1)
          on conflict (name) do update set generation = cache_generations.generation + 1, flushed_at = now();
      end if;
      return null;
    end
    $$`.execute(db);
  for (const { table, columns } of WATCHED) {
    const update = columns ? sql`update of ${sql.join(columns.map((column) => sql.ref(column)))}` : sql`update`;
    await sql`
      create constraint trigger ${sql.ref(triggerName(table))}
      after insert or ${update} or delete on ${sql.table(table)}
      deferrable initially deferred for each row execute function bump_public_pages_generation()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of WATCHED) await sql`drop trigger ${sql.ref(triggerName(table))} on ${sql.table(table)}`.execute(db);
  await sql`drop function bump_public_pages_generation()`.execute(db);
}
