import type { ImageProps } from '../../server/models/renditions';
import ResponsiveImage from '../components/ResponsiveImage';
import type { ContainerWidth } from './types';

/** A `<picture>` source: renditions in one encoding the browser may prefer. */
export interface ImageSourceProps {
  type: string;
  srcSet: string;
  sizes: string;
}

/** Props of the image block (SPEC §3: title, renditions, imageData). */
export interface ImageBlockProps {
  /** Shown as the caption; null for none. */
  title: string | null;
  /** The `<img>`: fallback rendition, WebP srcset and alt text. Null when the image is gone. */
  imageData: ImageProps | null;
  /** Smaller encodings offered ahead of the `<img>`. */
  renditions: ImageSourceProps[];
  containerWidth: ContainerWidth;
}

/** One image at its own proportions, with an optional title under it. */
export default function ImageBlock({ title, imageData, renditions, containerWidth }: ImageBlockProps) {
  if (!imageData) return null;
  return (
    <figure className={`image-block media-width media-width--${containerWidth}`}>
      <picture>
        {renditions.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
        ))}
        <ResponsiveImage {...imageData} className="image-block__image" />
      </picture>
      {title && <figcaption className="image-block__title">{title}</figcaption>}
    </figure>
  );
}
