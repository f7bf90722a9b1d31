import type { LinkProps } from '../components/Button';
import { ButtonLink } from '../components/Button';
import ArtDirectedImage, { type ArtDirectedImageProps } from './ArtDirectedImage';
import type { Alignment } from './types';

/** Text colour over an image: dark text for light pictures, light text for dark ones. */
export type TextStyle = 'dark' | 'light';

/** Props of the hero block. */
export interface HeroProps {
  image: ArtDirectedImageProps | null;
  /** The part of the picture kept in view when it is cropped; the text sits opposite it. */
  imageAlignment: Alignment;
  textStyle: TextStyle;
  title: string;
  subtitle: string | null;
  link: LinkProps | null;
}

/**
 * The page-top banner. On wide screens the text lies over the picture on a soft scrim; on
 * small screens it moves under the picture so it never covers the subject.
 */
export default function Hero({ image, imageAlignment, textStyle, title, subtitle, link }: HeroProps) {
  const classes = ['hero', `hero--text-${textStyle}`, `hero--image-${imageAlignment}`, image ? 'hero--has-image' : 'hero--no-image'];
  return (
    <section className={classes.join(' ')}>
      {image && <ArtDirectedImage image={image} loading="eager" className="hero__media" />}
      <div className="hero__inner">
        <div className="hero__content">
          <h2 className="hero__title">{title}</h2>
          {subtitle && <p className="hero__subtitle">{subtitle}</p>}
          {link && <ButtonLink link={link} className="hero__cta" />}
        </div>
      </div>
    </section>
  );
}
