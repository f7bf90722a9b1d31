import { z } from 'zod';
import type { LinkProps } from '../../client/components/Button';
import type { ImageProps, ImagePropsOptions } from '../models/renditions';
import { imageProps } from '../models/renditions';
import { InsufficientStorageError, NotFoundError } from '../errors';
import DataLoader from 'dataloader';
import type { Db } from '../db/database';
import type { Image } from '../db/schema';
import { getImage, getImagesByIds, logUnreadableImage, UnreadableImageError } from '../models/images';
import { documentUrl, formatFileSize, getDocument } from '../models/documents';
import { getPage } from '../models/pages';
import { pageUrlWithinSite } from '../site-chrome';
import type { BlockContext } from './types';

/** A reference to an image in the library, by id. */
export const imageRefSchema = z.number().int().positive().meta({ widget: 'image' });
/** A reference to a page, by id. */
export const pageRefSchema = z.number().int().positive().meta({ widget: 'page' });
/** A reference to a document, by id. */
export const documentRefSchema = z.number().int().positive().meta({ widget: 'document' });

/** The four button looks of the design system. */
export const BUTTON_STYLES = ['primary', 'secondary', 'text-link', 'unstyled'] as const;
const BUTTON_STYLE_LABELS: Record<(typeof BUTTON_STYLES)[number], string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  'text-link': 'Text link',
  unstyled: 'Unstyled',
};

/** Button style, defaulting to primary. */
export const buttonStyleSchema = z
  .enum(BUTTON_STYLES)
  .default('primary')
  .meta({ choices: BUTTON_STYLES.map((style) => [style, BUTTON_STYLE_LABELS[style]] as const) });

/** A link target typed by an editor: a site path or an http(s), mailto or tel address. */
export const urlSchema = z
  .string()
  .trim()
  .refine((url) => /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i.test(url), 'must be a path starting with /, an anchor, or an http(s), mailto or tel address')
  .meta({ widget: 'url', help_text: 'A path such as /menu/, or an https, mailto or tel address.' });

/** A call to action: text plus a page or a URL, in one of the button styles. */
export const linkSchema = z
  .object({
    text: z.string().trim().min(1).max(120),
    page: pageRefSchema.nullable().default(null),
    url: urlSchema.nullable().default(null),
    style: buttonStyleSchema,
  })
  .refine((link) => link.page !== null || link.url !== null, 'a link needs a page or a URL');

/** A link value as stored. */
export type LinkValue = z.output<typeof linkSchema>;

/** Container widths of SPEC §2: full (default), twoThirds, half. */
export const containerWidthSchema = z.enum(['full', 'twoThirds', 'half']).default('full');

// A reference can outlive what it points at: the editor deleted the image, say. The block then
// renders without it, and the log says which reference broke.
async function orNull<T>(context: BlockContext, what: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    context.logger.warn({ reference: what }, 'A block refers to something that no longer exists');
    return null;
  }
}

/** A per-render image loader for BlockContext.imageLoader. */
export function createImageLoader(db: Db): DataLoader<number, Image | null> {
  return new DataLoader(async (ids: readonly number[]) => {
    const images = await getImagesByIds(db, ids);
    return ids.map((id) => images.get(id) ?? null);
  });
}

/** `<img>` props of a library image, or null when it no longer exists. */
export async function resolveImage(context: BlockContext, imageId: number | null | undefined, options: ImagePropsOptions): Promise<ImageProps | null> {
  if (!imageId) return null;
  const image = context.imageLoader ? await context.imageLoader.load(imageId) : await orNull(context, `image ${imageId}`, () => getImage(context.db, imageId));
  if (!image) {
    context.logger.warn({ reference: `image ${imageId}` }, 'A block refers to something that no longer exists');
    return null;
  }
  return propsOfImage(context, image, options);
}

/**
 * `<img>` props of an image, or null when no rendition of it can be made: its file cannot be
 * read (logged once per image), or the media storage is full (logged by the storage).
 */
export async function propsOfImage(context: BlockContext, image: Image, options: ImagePropsOptions): Promise<ImageProps | null> {
  try {
    return await imageProps(context.db, context.storage, image, options);
  } catch (error) {
    if (error instanceof UnreadableImageError) logUnreadableImage(context.logger, error);
    else if (!(error instanceof InsufficientStorageError)) throw error;
    return null;
  }
}

/** The URL of a live page in the current site, or null when it is gone, unpublished or elsewhere. */
export async function resolvePageUrl(context: BlockContext, pageId: number | null | undefined): Promise<string | null> {
  if (!pageId) return null;
  const page = await getPage(context.db, pageId);
  if (!page?.live || !page.path.startsWith(context.siteRoot.path)) {
    context.logger.warn({ reference: `page ${pageId}` }, 'A block links to a page that is not live in this site');
    return null;
  }
  return pageUrlWithinSite(page, context.siteRoot);
}

/** A call to action ready for the Button component, or null when its target is gone. */
export async function resolveLink(context: BlockContext, link: LinkValue | null | undefined): Promise<LinkProps | null> {
  if (!link) return null;
  const url = link.page ? await resolvePageUrl(context, link.page) : link.url;
  if (!url) return null;
  return { url, text: link.text, style: link.style, external: /^https?:\/\//i.test(url) };
}

/** What a download tile shows of a document. */
export interface DocumentProps {
  url: string;
  title: string;
  extension: string;
  size: string;
}

/** A library document as a download, or null when it no longer exists. */
export async function resolveDocument(context: BlockContext, documentId: number | null | undefined): Promise<DocumentProps | null> {
  if (!documentId) return null;
  return orNull(context, `document ${documentId}`, async () => {
    const document = await getDocument(context.db, documentId);
    return { url: documentUrl(document), title: document.title, extension: document.file_extension, size: formatFileSize(document.file_size) };
  });
}
