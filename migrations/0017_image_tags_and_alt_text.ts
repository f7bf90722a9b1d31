import { sql, type Kysely } from 'kysely';

/**
 * Alt text for images (Wagtail's image `description`), a counter of rendition-dropping changes, and tags: one shared `tags` table (as
 * taggit's) that images use through `image_tags` and other kinds may use through their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('images')
    .addColumn('description', 'varchar(255)', (column) => column.notNull().defaultTo(sql`''`))
    .execute();
  // Counts changes that drop renditions (focal point, file), so processes that remember
  // renditions never hand out one whose file was removed.
  await db.schema
    .alterTable('images')
    .addColumn('renditions_generation', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('tags')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .execute();
  // "Harbor" and "harbor" are one tag, as taggit's case-insensitive lookups treat them.
  await sql`create unique index tags_name_key on tags (lower(name))`.execute(db);
  await db.schema
    .createTable('image_tags')
    .addColumn('image_id', 'integer', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('image_tags_pkey', ['image_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('image_tags_tag_idx').on('image_tags').column('tag_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.alterTable('images').dropColumn('renditions_generation').execute();
  await db.schema.alterTable('images').dropColumn('description').execute();
}
