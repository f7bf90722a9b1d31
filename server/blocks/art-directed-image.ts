import type { ArtDirectedImageProps } from '../../client/blocks/ArtDirectedImage';
import type { ImagePropsOptions } from '../models/renditions';
import { resolveImage } from './references';
import type { BlockContext } from './types';

/** Rendition options of the two crops of an art-directed image. */
export interface ArtDirectedImageOptions {
  wide: ImagePropsOptions;
  narrow: ImagePropsOptions;
}

/** Both crops of a library image, or null when it no longer exists. */
export async function resolveArtDirectedImage(context: BlockContext, imageId: number | null | undefined, options: ArtDirectedImageOptions): Promise<ArtDirectedImageProps | null> {
  const [wide, narrow] = await Promise.all([resolveImage(context, imageId, options.wide), resolveImage(context, imageId, options.narrow)]);
  return wide && narrow ? { wide, narrow } : null;
}
