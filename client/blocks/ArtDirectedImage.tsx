import type { ImageProps } from '../../server/models/renditions';
import ResponsiveImage from '../components/ResponsiveImage';

/** Two crops of one image: `wide` for screens over the 840px breakpoint, `narrow` below it. */
export interface ArtDirectedImageProps {
  wide: ImageProps;
  narrow: ImageProps;
}

/** The media query that picks the wide crop; the small-screen breakpoint is 840px (SPEC §9). */
const WIDE_MEDIA_QUERY = '(min-width: 841px)';

/**
 * A `<picture>` that swaps crops at the breakpoint, so a banner keeps its subject in frame on
 * a phone instead of shrinking to a sliver. The `<img>` carries the narrow crop and the alt text.
 */
export default function ArtDirectedImage({ image, className, loading = 'lazy' }: { image: ArtDirectedImageProps; className?: string; loading?: 'lazy' | 'eager' }) {
  const { wide, narrow } = image;
  return (
    <picture className={className}>
      <source media={WIDE_MEDIA_QUERY} srcSet={wide.srcSet ?? wide.src} sizes={wide.srcSet ? wide.sizes : undefined} width={wide.width} height={wide.height} />
      <ResponsiveImage {...narrow} loading={loading} />
    </picture>
  );
}
