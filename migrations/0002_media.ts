import { sql, type Kysely } from 'kysely';

/** Collections, images with their renditions, documents, and videos with sources and text tracks. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('collections.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Names are unique among siblings (Wagtail's rule); coalesce puts all roots in one group.
  await sql`create unique index collections_parent_name_key on collections (coalesce(parent_id, 0), lower(name))`.execute(db);
  await sql`insert into collections (name) values ('Root')`.execute(db);

  await db.schema
    .createTable('images')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('file', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('file_size', 'integer', (c) => c.notNull().check(sql`file_size > 0`))
    .addColumn('file_hash', 'varchar(40)', (c) => c.notNull())
    .addColumn('focal_point_x', 'integer')
    .addColumn('focal_point_y', 'integer')
    .addColumn('focal_point_width', 'integer')
    .addColumn('focal_point_height', 'integer')
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // A focal point is all four numbers or none, so readers never see half of one.
    .addCheckConstraint('images_focal_point_complete', sql`num_nulls(focal_point_x, focal_point_y, focal_point_width, focal_point_height) in (0, 4)`)
    .execute();
  await db.schema.createIndex('images_collection_idx').on('images').column('collection_id').execute();

  await db.schema
    .createTable('image_renditions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('filter_spec', 'varchar(255)', (c) => c.notNull())
    .addColumn('focal_point_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('file', 'varchar(255)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addUniqueConstraint('image_renditions_image_spec_key', ['image_id', 'filter_spec', 'focal_point_key'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('file', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_extension', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull().check(sql`file_size > 0`))
    .addColumn('file_hash', 'varchar(40)', (c) => c.notNull())
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('documents_collection_idx').on('documents').column('collection_id').execute();

  await db.schema
    .createTable('videos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('poster_image_id', 'integer', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('video_sources')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('video_sources_video_idx').on('video_sources').columns(['video_id', 'sort_order']).execute();

  await db.schema
    .createTable('video_tracks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(sql`kind in ('subtitles', 'captions', 'descriptions', 'chapters', 'metadata')`))
    .addColumn('label', 'varchar(255)', (c) => c.notNull())
    .addColumn('srclang', 'varchar(35)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_tracks_video_idx').on('video_tracks').columns(['video_id', 'sort_order']).execute();
}

/** Drops the media tables, dependents first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['video_tracks', 'video_sources', 'videos', 'documents', 'image_renditions', 'images', 'collections']) {
    await db.schema.dropTable(table).execute();
  }
}
