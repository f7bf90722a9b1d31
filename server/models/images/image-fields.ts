/** The checks an image's own fields pass, shared by creating and editing images. */
import { z } from 'zod';
import { ValidationError } from '../../errors';

/** A row id: a positive whole number. */
export const rowId = z.number().int().positive();

/** An image's title: required, at most 255 characters. */
export const imageTitle = z.string().trim().min(1, 'An image needs a title.').max(255, 'An image title is at most 255 characters.');
/** An image's alt text: at most 255 characters. */
export const imageDescription = z.string().trim().max(255, 'Alt text is at most 255 characters.');

/** The value parsed by the schema; ValidationError with the first problem's message. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]!.message);
  return parsed.data;
}
