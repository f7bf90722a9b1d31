import type { Request } from 'express';
import { z } from 'zod';
import type { Image } from '../db/schema';
import { HttpError } from '../errors';
import type { CollectionOption } from '../models/collections';
import { megabytes, type FocalPoint, type ImageLimits } from '../models/images';
import { checkTagNames, parseTags } from '../models/tags';
import { addProblem, emptyProblems, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { textField } from './media-admin';

/** Wagtail's help text of the tag field. */
export const TAGS_HELP = 'Multi-word tags with spaces will automatically be enclosed in double quotes (").';

/** The editable fields of an image form, checked. */
export interface ImageFields {
  title: string;
  description: string;
  collectionId: number;
  tags: string[];
}

/** Wagtail's file field help: supported formats and the size limit. */
export function fileHelp(limits: ImageLimits): string {
  return `Supported formats: AVIF, GIF, JPEG, PNG, WEBP. Maximum filesize: ${megabytes(limits.maxBytes)}.`;
}

const titleSchema = z.string().trim().min(1, 'This field is required.').max(255, 'Ensure this value has at most 255 characters.');
const descriptionSchema = z.string().trim().max(255, 'Ensure this value has at most 255 characters.');

/** The image form's text fields as sent. */
export interface ImageFormValues {
  title: string;
  description: string;
  collection: string;
  tags: string;
}

/** The image form's text fields of a request ('' for those not sent). */
export function imageFormValues(req: Request): ImageFormValues {
  return { title: textField(req, 'title'), description: textField(req, 'description'), collection: textField(req, 'collection'), tags: textField(req, 'tags') };
}

/**
 * Checks title, alt text, collection and tags. `defaultTitle` stands in for an empty title (an
 * upload's file name); the collection must be one of `collections`.
 */
export function readImageFields(values: ImageFormValues, collections: readonly CollectionOption[], defaultTitle = ''): { fields?: ImageFields; problems: FormProblems } {
  const problems = emptyProblems({ ...values });
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

/** The edit form's hidden focal point fields. */
export const FOCAL_POINT_FIELDS = ['focal_point_x', 'focal_point_y', 'focal_point_width', 'focal_point_height'] as const;

const focalNumber = z
  .string()
  .regex(/^\d{1,7}$/, 'The focal point must be whole numbers of pixels.')
  .transform(Number);

/** The focal point of the edit form's hidden fields: null when all are empty (none, or reset). */
export function readFocalPoint(req: Request, image: Pick<Image, 'width' | 'height'>): { focalPoint: FocalPoint | null } | { error: string } {
  const raw = FOCAL_POINT_FIELDS.map((name) => textField(req, name).trim());
  if (raw.every((value) => value === '')) return { focalPoint: null };
  const parsed = z.tuple([focalNumber, focalNumber, focalNumber, focalNumber]).safeParse(raw);
  if (!parsed.success) return { error: 'The focal point must be whole numbers of pixels.' };
  const [x, y, width, height] = parsed.data;
  if (width < 1 || height < 1 || x > image.width || y > image.height || width > image.width || height > image.height) {
    return { error: `The focal point must lie within the image (${image.width}x${image.height}).` };
  }
  return { focalPoint: { x, y, width, height } };
}
