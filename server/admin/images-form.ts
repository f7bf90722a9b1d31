import type { Request } from 'express';
import { z } from 'zod';
import type { Image } from '../db/schema';
import { HttpError } from '../errors';
import type { CollectionOption } from '../models/collections';
import { megabytes, type FocalPoint, type ImageLimits } from '../models/images';
import { checkTagNames, parseTags } from '../models/tags';
import type { UploadedFile } from '../uploads';
import { addProblem, databaseId, emptyProblems, type FormProblems } from './forms';

/** Wagtail's help text of the tag field. */
export const TAGS_HELP = 'Multi-word tags with spaces will automatically be enclosed in double quotes (").';

/** The editable fields of an image form, checked. */
export interface ImageFields {
  title: string;
  description: string;
  collectionId: number;
  tags: string[];
}

/** A form's text field: the first string sent under the name, else ''. */
export function textField(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : '';
}

/** The first uploaded file of a field, if any was chosen (browsers send an empty part for an empty file input). */
export function uploadedFile(req: Request, fieldname: string): UploadedFile | undefined {
  return req.files?.find((file) => file.fieldname === fieldname && (file.bytes.length > 0 || file.filename !== ''));
}

/** A title from a file name, as Wagtail's upload forms fill it in: the name without its extension. */
export function titleFromFilename(filename: string): string {
  return filename.replace(/\.[^.]+$/, '').trim().slice(0, 255) || filename.slice(0, 255);
}

/** Wagtail's file field help: supported formats and the size limit. */
export function fileHelp(limits: ImageLimits): string {
  return `Supported formats: AVIF, GIF, JPEG, PNG, WEBP. Maximum filesize: ${megabytes(limits.maxBytes)}.`;
}

const titleSchema = z.string().trim().min(1, 'This field is required.').max(255, 'Ensure this value has at most 255 characters.');
const descriptionSchema = z.string().trim().max(255, 'Ensure this value has at most 255 characters.');

/**
 * Reads title, alt text, collection and tags. `defaultTitle` stands in for an empty title (an
 * upload's file name); the collection must be one of `collections`.
 */
export function readImageFields(body: unknown, collections: readonly CollectionOption[], defaultTitle = ''): { fields?: ImageFields; problems: FormProblems } {
  const values = {
    title: textField(body, 'title'),
    description: textField(body, 'description'),
    collection: textField(body, 'collection'),
    tags: textField(body, 'tags'),
  };
  const problems = emptyProblems(values);
  const title = titleSchema.safeParse(values.title.trim() || defaultTitle);
  if (!title.success) addProblem(problems, 'title', title.error.issues[0]!.message);
  const description = descriptionSchema.safeParse(values.description);
  if (!description.success) addProblem(problems, 'description', description.error.issues[0]!.message);
  const collectionId = values.collection === '' && collections.length > 0 ? { success: true as const, data: collections[0]!.id } : databaseId.safeParse(values.collection);
  const collectionOk = collectionId.success && collections.some((collection) => collection.id === collectionId.data);
  if (!collectionOk) addProblem(problems, 'collection', 'Select a valid choice. That choice is not one of the available choices.');
  let tags: string[] = [];
  try {
    tags = checkTagNames(parseTags(values.tags));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    addProblem(problems, 'tags', error.message);
  }
  if (problems.formErrors.length > 0 || !title.success || !description.success || !collectionId.success) return { problems };
  return { fields: { title: title.data, description: description.data, collectionId: collectionId.data, tags }, problems };
}

const focalNumber = z.string().regex(/^\d{1,7}$/, 'The focal point must be whole numbers of pixels.').transform(Number);

/** The focal point of the edit form's hidden fields: null when all are empty (none, or reset). */
export function readFocalPoint(body: unknown, image: Pick<Image, 'width' | 'height'>): { focalPoint: FocalPoint | null } | { error: string } {
  const raw = ['focal_point_x', 'focal_point_y', 'focal_point_width', 'focal_point_height'].map((name) => textField(body, name).trim());
  if (raw.every((value) => value === '')) return { focalPoint: null };
  const parsed = z.tuple([focalNumber, focalNumber, focalNumber, focalNumber]).safeParse(raw);
  if (!parsed.success) return { error: 'The focal point must be whole numbers of pixels.' };
  const [x, y, width, height] = parsed.data;
  if (width < 1 || height < 1 || x > image.width || y > image.height || width > image.width || height > image.height) {
    return { error: `The focal point must lie within the image (${image.width}x${image.height}).` };
  }
  return { focalPoint: { x, y, width, height } };
}

/** Collection options with the chosen one marked, for a select. */
export function collectionChoices(collections: readonly CollectionOption[], chosen: number | string | undefined): Array<CollectionOption & { selected: boolean }> {
  return collections.map((collection) => ({ ...collection, selected: String(collection.id) === String(chosen) }));
}
