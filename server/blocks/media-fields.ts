import { z } from 'zod';
import type { ContainerWidth } from '../../client/blocks/types';
import type { LinkProps } from '../../client/components/Button';
import { buttonStyleSchema, linkSchema, pageRefSchema, resolveLink, urlSchema } from './references';
import type { BlockContext } from './types';

/** A link's destination without text or style: a page of the site or a typed URL. */
export const destinationSchema = z
  .object({ page: pageRefSchema.nullable().default(null), url: urlSchema.nullable().default(null) })
  .refine((destination) => destination.page !== null || destination.url !== null, 'a link needs a page or a URL');

/** A destination as stored. */
export type DestinationValue = z.output<typeof destinationSchema>;

/** A call to action the editor may leave out. */
export const optionalLinkSchema = linkSchema.nullable().default(null);

/** A width in columns of the 12-column grid (SPEC §9). */
export const columnSpanSchema = z.number().int().min(1).max(12).meta({ help_text: 'Columns out of 12, from 1 to 12.' });

/** Which side of a two-column block the image takes. */
export const imageSideSchema = z.enum(['left', 'right']);

/** Text colour over an image: dark text for light pictures, light text for dark ones. */
export const textStyleSchema = z
  .enum(['dark', 'light'])
  .default('dark')
  .meta({
    choices: [
      ['dark', 'Dark text (for light images)'],
      ['light', 'Light text (for dark images)'],
    ],
  });

/** Plain text an editor may leave blank, trimmed and bounded. */
export function optionalText(max: number) {
  return z.string().trim().max(max).default('');
}

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
