/** Wagtail-style filter specs (`fill-800x600-c50|format-webp`): what a rendition is asked to be. */
import { z } from 'zod';
import { ValidationError } from '../../errors';

/** Encodings a rendition can be written in. */
export const OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;

/** One of the rendition encodings. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Largest width or height a filter spec may ask for. */
export const MAX_RENDITION_DIMENSION = 4000;

/** How a rendition is sized: Wagtail's fill (crop to fit), max (fit inside) and width. */
export type ResizeOperation = { kind: 'fill'; width: number; height: number; closeness: number } | { kind: 'max'; width: number; height: number } | { kind: 'width'; width: number };

/** A parsed filter spec such as `fill-800x600-c50|format-webp|webpquality-70`. */
export interface FilterSpec {
  resize?: ResizeOperation;
  format?: OutputFormat;
  jpegQuality?: number;
  webpQuality?: number;
  avifQuality?: number;
}

const dimension = z
  .string()
  .regex(/^\d{1,5}$/, 'expected a whole number of pixels')
  .transform(Number)
  .pipe(z.number().min(1, 'sizes must be at least 1').max(MAX_RENDITION_DIMENSION, `sizes must be at most ${MAX_RENDITION_DIMENSION}`));

const box = z
  .string()
  .regex(/^\d+x\d+$/, 'expected WIDTHxHEIGHT such as 800x600')
  .transform((value) => value.split('x'))
  .pipe(z.tuple([dimension, dimension]));

const closeness = z
  .string()
  .regex(/^c\d{1,3}$/, 'expected a crop closeness such as c75')
  .transform((value) => Number(value.slice(1)))
  .pipe(z.number().max(100, 'crop closeness is at most c100'));

const quality = z
  .string()
  .regex(/^\d{1,3}$/, 'expected a quality from 1 to 100')
  .transform(Number)
  .pipe(z.number().min(1, 'quality is at least 1').max(100, 'quality is at most 100'));

// Each operation's arguments (the parts after its name) and what it contributes to the spec.
const OPERATIONS: Record<string, z.ZodType<FilterSpec>> = {
  original: z.tuple([]).transform(() => ({})),
  fill: z.tuple([box, closeness.optional()]).transform(([[width, height], crop]) => ({ resize: { kind: 'fill' as const, width, height, closeness: crop ?? 0 } })),
  max: z.tuple([box]).transform(([[width, height]]) => ({ resize: { kind: 'max' as const, width, height } })),
  width: z.tuple([dimension]).transform(([width]) => ({ resize: { kind: 'width' as const, width } })),
  format: z.tuple([z.enum(OUTPUT_FORMATS, `expected one of ${OUTPUT_FORMATS.join(', ')}`)]).transform(([format]) => ({ format })),
  jpegquality: z.tuple([quality]).transform(([value]) => ({ jpegQuality: value })),
  webpquality: z.tuple([quality]).transform(([value]) => ({ webpQuality: value })),
  avifquality: z.tuple([quality]).transform(([value]) => ({ avifQuality: value })),
};

/**
 * Parses a Wagtail-style filter spec: operations joined by `|`, at most one resize, one
 * format and one quality per encoding. Throws a ValidationError naming the spec.
 */
export function parseFilterSpec(spec: string): FilterSpec {
  function refuse(reason: string): never {
    throw new ValidationError(`Invalid image filter spec ${JSON.stringify(spec)}: ${reason}.`);
  }
  if (spec.length === 0 || spec.length > 255) refuse('expected 1 to 255 characters');
  const filter: FilterSpec = {};
  for (const operation of spec.split('|')) {
    const [name = '', ...args] = operation.split('-');
    const schema = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!schema) refuse(`unknown operation ${JSON.stringify(operation)} (use ${Object.keys(OPERATIONS).join(', ')})`);
    const parsed = schema.safeParse(args);
    if (!parsed.success) refuse(`${operation}: ${parsed.error.issues[0]!.message}`);
    for (const key of Object.keys(parsed.data) as Array<keyof FilterSpec>) {
      if (filter[key] !== undefined) refuse(key === 'resize' ? 'use only one of fill, max and width' : `${operation} repeats an earlier operation`);
    }
    Object.assign(filter, parsed.data);
  }
  return filter;
}

/** The canonical text of a spec, so that equivalent specs share one cached rendition. */
export function formatFilterSpec(filter: FilterSpec): string {
  const { resize } = filter;
  const parts = [
    resize?.kind === 'fill' && `fill-${resize.width}x${resize.height}${resize.closeness ? `-c${resize.closeness}` : ''}`,
    resize?.kind === 'max' && `max-${resize.width}x${resize.height}`,
    resize?.kind === 'width' && `width-${resize.width}`,
    filter.format && `format-${filter.format}`,
    filter.jpegQuality && `jpegquality-${filter.jpegQuality}`,
    filter.webpQuality && `webpquality-${filter.webpQuality}`,
    filter.avifQuality && `avifquality-${filter.avifQuality}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join('|') : 'original';
}
