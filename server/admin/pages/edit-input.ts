/**
 * What the page add and edit forms send, read: which button was pressed, the revision the form
 * was loaded from, the page type the address names, and the body with an empty slug filled in.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { slugify } from '../../../client/lib/slugs';
import type { SaveDraftOptions } from '../../actions/save-draft';
import { databaseId } from '../../db/database-id';
import { NotFoundError } from '../../errors';
import { PAGE_TYPES } from '../../pagetypes/index';
import type { PageTypeDefinition } from '../../pagetypes/types';

/** The button the editor pressed: save a draft, publish, or submit for moderation. */
export const submitAction = z.enum(['save', 'publish', 'submit']).catch('save');
export type SubmitAction = z.infer<typeof submitAction>;

// The revision the form was loaded from ('' when the page had none), and "Save anyway".
const saveBaseSchema = z.object({
  revision_id: z.union([z.literal('').transform(() => null), databaseId]).optional(),
  overwrite: z.literal('1').optional(),
});

/** The refusal of a save whose form does not say which revision it was loaded from. */
export const MALFORMED_BASE = 'The form must say which revision it was loaded from (revision_id: a revision id, or empty).';

/**
 * What a save knows of the form it came from, for SaveDraftAction's stale-base check; null when
 * malformed, or missing where `required` (autosave always runs from a loaded form).
 */
export function saveBaseOf(body: unknown, options: { required: boolean }): Pick<SaveDraftOptions, 'baseRevisionId' | 'overwrite'> | null {
  const base = saveBaseSchema.safeParse(body);
  if (!base.success || (options.required && base.data.revision_id === undefined)) return null;
  return { baseRevisionId: base.data.revision_id, overwrite: base.data.overwrite === '1' };
}

/** The page type an address names; NotFoundError for any other. */
export function pageTypeOrThrow(name: string): PageTypeDefinition {
  const pageType = PAGE_TYPES[name];
  if (!pageType) throw new NotFoundError(`There is no page type "${name}".`);
  return pageType;
}

/** The posted form's fields. */
export function bodyOf(req: Request): Record<string, unknown> {
  const body = req.body && typeof req.body === 'object' ? { ...(req.body as Record<string, unknown>) } : {};
  // An empty slug follows the title, as the browser script would have filled it.
  if ((body.slug === undefined || body.slug === '') && typeof body.title === 'string' && body.title.trim()) body.slug = slugify(body.title);
  return body;
}
