import type { ImageProps } from '../../server/models/renditions';

/** Props of ResponsiveImage: what imageProps() builds, plus how and when the browser loads it. */
export interface ResponsiveImageProps extends ImageProps {
  loading?: 'lazy' | 'eager';
  className?: string;
}

/**
 * An `<img>` of an image rendition. Width and height reserve the space before it loads (no
 * layout shift); it loads lazily unless told otherwise, e.g. for a hero above the fold. An eager
 * image is the page's largest paint: it is fetched first (fetchpriority), and React's server
 * render preloads it ahead of the content.
 */
export default function ResponsiveImage({ src, width, height, alt, srcSet, sizes, loading = 'lazy', className }: ResponsiveImageProps) {
  return (
    // loading, sizes and srcSet come before src: an image created in the browser starts
    // fetching as soon as src is set, with whatever of the others is there by then.
    <img
      loading={loading}
      fetchPriority={loading === 'eager' ? 'high' : undefined}
      decoding="async"
      width={width}
      height={height}
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={src}
      alt={alt}
      className={className}
    />
  );
}
