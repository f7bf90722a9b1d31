/**
 * The page tree's materialized paths, as django-treebeard keeps them for Wagtail: each page's
 * path is its parent's plus one fixed-width step, so a subtree is a path prefix.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, Page } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';

/** Characters per materialized-path step (django-treebeard's steplen, as Wagtail uses). */
export const PATH_STEP_LENGTH = 4;

/** Digits of a path step, in sort order under collate "C" (base 36, uppercase). */
export const PATH_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Path of the single tree root. */
export const ROOT_PATH = '0001';

const MAX_STEP_VALUE = PATH_ALPHABET.length ** PATH_STEP_LENGTH - 1;
// pages.path is varchar(255); deeper trees would fail on insert with a driver error instead.
const MAX_PATH_LENGTH = 255;

/** An expression builder over the pages table. */
export type PagesEb = ExpressionBuilder<Database, 'pages'>;

/** Encodes a child's 1-based position as one path step (1 → '0001'). */
export function encodePathStep(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > MAX_STEP_VALUE) {
    throw new RangeError(`Path step ${value} is out of range`);
  }
  let step = '';
  let rest = value;
  for (let i = 0; i < PATH_STEP_LENGTH; i++) {
    step = PATH_ALPHABET.charAt(rest % PATH_ALPHABET.length) + step;
    rest = Math.floor(rest / PATH_ALPHABET.length);
  }
  return step;
}

/** Decodes one path step back to its number ('000A' → 10). */
export function decodePathStep(step: string): number {
  if (step.length !== PATH_STEP_LENGTH) throw new RangeError(`Path step "${step}" has the wrong length`);
  let value = 0;
  for (const char of step) {
    const digit = PATH_ALPHABET.indexOf(char);
    if (digit < 0) throw new RangeError(`Path step "${step}" has a character outside the alphabet`);
    value = value * PATH_ALPHABET.length + digit;
  }
  return value;
}

/** The path of a page's parent (the root's is empty). */
export function parentPathOf(path: string): string {
  return path.slice(0, -PATH_STEP_LENGTH);
}

/** A where-clause matching the direct children of a page. */
export function childrenOf(parent: Page) {
  return (eb: PagesEb): Expression<SqlBool> => eb.and([eb('path', 'like', `${parent.path}%`), eb('depth', '=', parent.depth + 1)]);
}

/** The path of a page's last child, or undefined when it has none. */
export async function lastChildPath(trx: Db, parent: Page): Promise<string | undefined> {
  const last = await trx.selectFrom('pages').select('path').where(childrenOf(parent)).orderBy('path', 'desc').limit(1).executeTakeFirst();
  return last?.path;
}

/** The path a new last child of the page gets; refuses a full parent or a too deep tree. */
export async function nextChildPath(trx: Db, parent: Page): Promise<string> {
  const last = await lastChildPath(trx, parent);
  const next = last === undefined ? 1 : decodePathStep(last.slice(-PATH_STEP_LENGTH)) + 1;
  if (next > MAX_STEP_VALUE) throw new ConflictError(`Page "${parent.title}" cannot hold more children`);
  const path = parent.path + encodePathStep(next);
  if (path.length > MAX_PATH_LENGTH) throw new ValidationError('The page tree cannot be nested any deeper');
  return path;
}

/** SQL for a row's url_path with `oldPrefix` swapped for `newPrefix` (a subtree moving address). */
export function urlPathRewrite(oldPrefix: string, newPrefix: string) {
  // char_length in SQL rather than String.length in JS: they disagree outside the BMP.
  return sql<string>`${newPrefix}::text || substr(url_path, char_length(${oldPrefix}::text) + 1)`;
}

/** SQL for a row's path with `oldPrefix` swapped for `newPrefix` (a subtree moving in the tree). */
export function pathRewrite(oldPrefix: string, newPrefix: string) {
  return sql<string>`${newPrefix}::text || substr(path, ${oldPrefix.length + 1}::integer)`;
}
