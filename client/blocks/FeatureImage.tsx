import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import type { ContainerWidth } from './types';

/** Props of the feature image block. */
export interface FeatureImageProps {
  image: ImageProps | null;
  caption: string | null;
  link: LinkProps | null;
  containerWidth: ContainerWidth;
}

/** A framed picture with its caption and an optional call to action. */
export default function FeatureImage({ image, caption, link, containerWidth }: FeatureImageProps) {
  if (!image) return null;
  return (
    <figure className={`feature-image media-width media-width--${containerWidth}`}>
      <ResponsiveImage {...image} className="feature-image__image" />
      {(caption || link) && (
        <figcaption className="feature-image__caption">
          {caption && <span className="feature-image__text">{caption}</span>}
          {link && <ButtonLink link={link} className="feature-image__cta" />}
        </figcaption>
      )}
    </figure>
  );
}
