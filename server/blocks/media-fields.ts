import { z } from 'zod';
import type { ContainerWidth } from '../../client/blocks/types';
import type { LinkProps } from '../../client/components/Button';
import { BUTTON_STYLES, buttonStyleSchema, linkSchema, pageRefSchema, resolveLink, urlSchema } from './references';
import type { AdminField, BlockContext } from './types';

/** A link's destination without text or style: a page of the site or a typed URL. */
export const destinationSchema = z
  .object({ page: pageRefSchema.nullable().default(null), url: urlSchema.nullable().default(null) })
  .refine((destination) => destination.page !== null || destination.url !== null, 'a link needs a page or a URL');

/** A destination as stored. */
export type DestinationValue = z.output<typeof destinationSchema>;

/** A call to action the editor may leave out. */
export const optionalLinkSchema = linkSchema.nullable().default(null);

/** A width in columns of the 12-column grid (SPEC §9). */
export const columnSpanSchema = z.number().int().min(1).max(12);

/** Which side of a two-column block the image takes. */
export const imageSideSchema = z.enum(['left', 'right']);

/** Text colour over an image: dark text for light pictures, light text for dark ones. */
export const textStyleSchema = z.enum(['dark', 'light']).default('dark');

/** Plain text an editor may leave blank, trimmed and bounded. */
export function optionalText(max: number) {
  return z.string().trim().max(max).default('');
}

/** The admin field of a rich text body. */
export function richTextField(name: string, label: string, required = false): AdminField {
  return { name, label, kind: 'rich_text', required };
}

const BUTTON_STYLE_LABELS: Record<(typeof BUTTON_STYLES)[number], string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  'text-link': 'Text link',
  unstyled: 'Unstyled',
};

/** The admin field choosing one of the design system's button looks. */
export function buttonStyleField(name: string, label: string): AdminField {
  return { name, label, kind: 'select', choices: BUTTON_STYLES.map((style) => [style, BUTTON_STYLE_LABELS[style]] as const) };
}

/**
 * Admin fields of a destination stored as an object under `name`; dotted names address its
 * parts (`link.page`, `link.url`), as the value nests them.
 */
export function destinationFields(name: string, label: string): AdminField[] {
  return [
    { name: `${name}.page`, label: `${label}: page`, kind: 'number', help_text: 'The id of a page of this site; leave empty to use the URL.' },
    { name: `${name}.url`, label: `${label}: URL`, kind: 'url', help_text: 'A path such as /menu/, or an https, mailto or tel address.' },
  ];
}

/** Admin fields of a call to action (text, destination and button style) stored under `name`. */
export function linkFields(name: string, label: string, required = false): AdminField[] {
  return [
    { name: `${name}.text`, label: `${label}: text`, kind: 'text', required },
    ...destinationFields(name, label),
    buttonStyleField(`${name}.style`, `${label}: style`),
  ];
}

/** The admin field of a list of items, each edited as a small block of its own. */
export function listField(name: string, label: string, itemFields: string, required = true): AdminField {
  return { name, label, kind: 'stream', required, help_text: `Each item has: ${itemFields}.` };
}

/** The admin field of a width in twelfths of the grid. */
export function columnSpanField(name: string, label: string): AdminField {
  return { name, label, kind: 'number', help_text: 'Columns out of 12, from 1 to 12.' };
}

/** The admin field of an image's side in a two-column block. */
export const IMAGE_SIDE_FIELD: AdminField = {
  name: 'image_side',
  label: 'Image side',
  kind: 'select',
  choices: [
    ['left', 'Left'],
    ['right', 'Right'],
  ],
};

/** The admin field of the text colour over an image. */
export const TEXT_STYLE_FIELD: AdminField = {
  name: 'text_style',
  label: 'Text style',
  kind: 'select',
  choices: [
    ['dark', 'Dark text (for light images)'],
    ['light', 'Light text (for dark images)'],
  ],
};

/** A destination with its text and style as a button's props, or null when the page is gone. */
export async function resolveDestination(
  context: BlockContext,
  destination: DestinationValue | null,
  text: string,
  style: z.output<typeof buttonStyleSchema> = 'primary',
): Promise<LinkProps | null> {
  if (!destination) return null;
  return resolveLink(context, { text, style, page: destination.page, url: destination.url });
}

/** Each of the calls to action that still points somewhere, in order. */
export async function resolveLinks(context: BlockContext, links: ReadonlyArray<z.output<typeof linkSchema>>): Promise<LinkProps[]> {
  const resolved = await Promise.all(links.map((link) => resolveLink(context, link)));
  return resolved.filter((link): link is LinkProps => link !== null);
}

/** The `sizes` of an image that fills a container of each width (1200px page, 32px gutters). */
export const CONTAINER_WIDTH_SIZES: Record<ContainerWidth, string> = {
  full: '(min-width: 1200px) 1136px, 100vw',
  twoThirds: '(min-width: 1200px) 760px, (min-width: 841px) 67vw, 100vw',
  half: '(min-width: 1200px) 570px, (min-width: 841px) 50vw, 100vw',
};

