import { sql } from 'kysely';
import type { Db } from '../db/database';
import { ValidationError } from '../errors';

/** Longest tag name the `tags` table holds. */
export const MAX_TAG_LENGTH = 100;

function splitStrip(text: string, delimiter: string): string[] {
  return text
    .split(delimiter)
    .map((word) => word.trim())
    .filter(Boolean);
}

/**
 * Tag names from what a person typed, by django-taggit's rules (Wagtail's tag field): with no
 * comma and no double quote, words split on spaces; otherwise double quotes group words, and
 * the rest splits on commas when any loose comma was seen, else on spaces. Duplicates go,
 * the result is sorted.
 */
export function parseTags(input: string): string[] {
  if (!input.trim()) return [];
  if (!input.includes(',') && !input.includes('"')) return unique(splitStrip(input, ' '));
  const words: string[] = [];
  const toBeSplit: string[] = [];
  let buffer = '';
  let sawLooseComma = false;
  let index = 0;
  while (index < input.length) {
    const char = input[index]!;
    if (char === '"') {
      const close = input.indexOf('"', index + 1);
      if (close === -1) {
        // An unclosed quote is read as unquoted text.
        buffer += input.slice(index + 1);
        if (input.slice(index + 1).includes(',')) sawLooseComma = true;
        break;
      }
      if (buffer) toBeSplit.push(buffer);
      buffer = '';
      const word = input.slice(index + 1, close).trim();
      if (word) words.push(word);
      index = close + 1;
      continue;
    }
    if (char === ',') sawLooseComma = true;
    buffer += char;
    index += 1;
  }
  if (buffer) toBeSplit.push(buffer);
  const delimiter = sawLooseComma ? ',' : ' ';
  for (const chunk of toBeSplit) words.push(...splitStrip(chunk, delimiter));
  return unique(words);
}

/** Tag names as the tag field shows them (taggit's edit_string_for_tags): names with a comma or space quoted, joined by ", ". */
export function formatTags(names: readonly string[]): string {
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((name) => (name.includes(',') || name.includes(' ') ? `"${name}"` : name))
    .join(', ');
}

/** Checks parsed names fit the table; a ValidationError names the first that does not. */
export function checkTagNames(names: readonly string[]): string[] {
  const tooLong = names.find((name) => name.length > MAX_TAG_LENGTH);
  if (tooLong) throw new ValidationError(`The tag "${tooLong.slice(0, 30)}…" is longer than ${MAX_TAG_LENGTH} characters.`);
  return [...names];
}

function unique(words: string[]): string[] {
  return [...new Set(words)].sort();
}

/** The ids of these tags, creating the missing ones; an existing tag matches whatever its case. */
export async function tagIds(db: Db, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  await db
    .insertInto('tags')
    .values(names.map((name) => ({ name })))
    .onConflict((conflict) => conflict.expression(sql`lower(name)`).doNothing())
    .execute();
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((name) => name.toLowerCase()),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** Replaces an image's tags with these names. */
export async function setImageTags(db: Db, imageId: number, names: readonly string[]): Promise<void> {
  const ids = await tagIds(db, checkTagNames(names));
  await db.deleteFrom('image_tags').where('image_id', '=', imageId).execute();
  if (ids.length)
    await db
      .insertInto('image_tags')
      .values(ids.map((tagId) => ({ image_id: imageId, tag_id: tagId })))
      .execute();
}

/** Each image's tag names, sorted; images without tags are missing from the map. */
export async function imageTagNames(db: Db, imageIds: readonly number[]): Promise<Map<number, string[]>> {
  if (imageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('image_tags')
    .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
    .select(['image_tags.image_id', 'tags.name'])
    .where('image_tags.image_id', 'in', [...new Set(imageIds)])
    .orderBy('tags.name')
    .execute();
  const byImage = new Map<number, string[]>();
  for (const row of rows) byImage.set(row.image_id, [...(byImage.get(row.image_id) ?? []), row.name]);
  return byImage;
}

/** The tags of images in these collections (undefined: all), most used first, for the listing's tag filter (Wagtail shows the popular ones). */
export async function popularImageTags(db: Db, collectionIds: readonly number[] | undefined, limit = 10): Promise<string[]> {
  if (collectionIds?.length === 0) return [];
  let query = db
    .selectFrom('image_tags')
    .innerJoin('tags', 'tags.id', 'image_tags.tag_id')
    .innerJoin('images', 'images.id', 'image_tags.image_id')
    .select(['tags.name', (eb) => eb.fn.countAll<number>().as('uses')])
    .groupBy('tags.name');
  if (collectionIds) query = query.where('images.collection_id', 'in', collectionIds);
  const rows = await query.orderBy('uses', 'desc').orderBy('tags.name').limit(limit).execute();
  return rows.map((row) => row.name);
}
