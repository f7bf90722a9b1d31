import type { ImageProps } from '../../server/models/renditions';
import ResponsiveImage from '../components/ResponsiveImage';
import StreamField from '../components/StreamField';
import { backgroundClassName, type BackgroundStyle } from '../lib/background-styles';
import type { ContainerWidth, RenderedBlock } from './types';

/** Props of the custom background wrapper: a background image and/or style, and the blocks on it. */
export interface CustomBackgroundWrapperProps {
  image: ImageProps | null;
  backgroundStyle: BackgroundStyle | null;
  containerWidth: ContainerWidth;
  content: RenderedBlock[];
}

/**
 * Other blocks on a background. The image is a real `<img>` behind the content rather than a CSS
 * background, so phones download a rendition their size; it is decorative (empty alt).
 */
export default function CustomBackgroundWrapper({ image, backgroundStyle, containerWidth, content }: CustomBackgroundWrapperProps) {
  const classes = [
    'custom-background',
    backgroundStyle && backgroundClassName(backgroundStyle),
    image && 'custom-background--image',
    // Without a style to set text colours, the image gets a dark scrim and light text.
    image && !backgroundStyle && 'custom-background--image-only',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      {image && <ResponsiveImage {...image} className="custom-background__image" />}
      <div className={`custom-background__content container-width--${containerWidth}`}>
        <StreamField blocks={content} />
      </div>
    </div>
  );
}
