/** The checks a page's title and slug pass before any change of the tree stores them. */
import type { Db } from '../../db/database';
import type { Page } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { isValidSlug } from '../../../client/lib/slugs';
import { escapeLike } from '../text-search';
import { childrenOf } from './tree-paths';

/** Longest title (and SEO title) a page may have: the columns are varchar(255). */
export const TITLE_MAX_LENGTH = 255;

/** The title trimmed; ValidationError when it is empty or too long. */
export function validTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw new ValidationError('Title is required');
  if (trimmed.length > TITLE_MAX_LENGTH) throw new ValidationError(`Title is longer than ${TITLE_MAX_LENGTH} characters`);
  return trimmed;
}

/** The slug itself; ValidationError unless it is lowercase letters, digits and single hyphens. */
export function validSlug(slug: string): string {
  if (!isValidSlug(slug)) {
    throw new ValidationError(`Slug "${slug}" may contain only lowercase letters, digits and single hyphens`, { field: 'slug' });
  }
  return slug;
}

/** ConflictError when a child of the parent (other than `exceptId`) already has the slug. */
export async function assertSlugFree(trx: Db, parent: Page, slug: string, exceptId?: number): Promise<void> {
  let query = trx.selectFrom('pages').select('id').where(childrenOf(parent)).where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.limit(1).executeTakeFirst()) {
    throw new ConflictError(`The slug "${slug}" is already in use under "${parent.title}"`, { field: 'slug' });
  }
}

/**
 * The base slug if no child of the parent has it, else Wagtail-style "about-us-2": the first
 * free numbered variant, so repeated copies fill gaps.
 */
export async function uniqueSlug(trx: Db, parent: Page, base: string): Promise<string> {
  const rows = await trx
    .selectFrom('pages')
    .select('slug')
    .where(childrenOf(parent))
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${escapeLike(base)}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return validSlug(candidate);
}
