import { sql, type Kysely } from 'kysely';

/**
 * Documents are stored by the SHA-256 of their bytes, so one file may back several documents
 * (the unique constraint on `file` goes) and each knows the Content-Type its content showed.
 * Video sources and text tracks are files in media storage: a source is an uploaded `file` or
 * an https `url`, never both. A migration only reaches the database, not media storage (which
 * may be S3, configured at run time), so existing tracks keep their WebVTT in `content` and new
 * ones store a `file`; the track route serves whichever is set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropConstraint('documents_file_key').execute();
  // The bytes of existing documents are out of reach here; octet-stream is the safe type, and
  // they are downloads (attachments) either way.
  await db.schema
    .alterTable('documents')
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull().defaultTo('application/octet-stream'))
    .execute();
  await db.schema
    .alterTable('documents')
    .alterColumn('content_type', (c) => c.dropDefault())
    .execute();
  await db.schema.createIndex('documents_file_idx').on('documents').column('file').execute();

  // Who uploaded a video: as for images and documents, its uploader may edit it with 'add' alone.
  await db.schema
    .alterTable('videos')
    .addColumn('uploaded_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await db.schema.alterTable('video_sources').addColumn('file', 'varchar(255)').execute();
  await db.schema
    .alterTable('video_sources')
    .alterColumn('url', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('video_sources')
    .addCheckConstraint('video_sources_file_or_url', sql`(file is null) <> (url is null)`)
    .execute();
  await db.schema.createIndex('video_sources_file_idx').on('video_sources').column('file').unique().execute();

  await db.schema.alterTable('video_tracks').addColumn('file', 'varchar(255)').execute();
  await db.schema
    .alterTable('video_tracks')
    .alterColumn('content', (c) => c.dropNotNull())
    .execute();
  await db.schema
    .alterTable('video_tracks')
    .addCheckConstraint('video_tracks_file_or_content', sql`(file is null) <> (content is null)`)
    .execute();
}

/** Back to inline tracks, URL-only sources and one document per file (fails if rows use the new shapes). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('video_tracks').dropConstraint('video_tracks_file_or_content').execute();
  await db.schema
    .alterTable('video_tracks')
    .alterColumn('content', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('video_tracks').dropColumn('file').execute();
  await db.schema.dropIndex('video_sources_file_idx').execute();
  await db.schema.alterTable('video_sources').dropConstraint('video_sources_file_or_url').execute();
  await db.schema
    .alterTable('video_sources')
    .alterColumn('url', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('video_sources').dropColumn('file').execute();
  await db.schema.alterTable('videos').dropColumn('uploaded_by_user_id').execute();
  await db.schema.dropIndex('documents_file_idx').execute();
  await db.schema.alterTable('documents').dropColumn('content_type').execute();
  await db.schema.alterTable('documents').addUniqueConstraint('documents_file_key', ['file']).execute();
}
