import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';

/** The colour fields the text half can sit on. */
export const TWO_COLUMN_HERO_SCHEMES = ['navy', 'lobster', 'shoreline'] as const;

/** Props of the two column hero block; `html` is sanitized by the server. */
export interface TwoColumnHeroProps {
  image: ImageProps | null;
  imageSide: 'left' | 'right';
  colorScheme: (typeof TWO_COLUMN_HERO_SCHEMES)[number];
  title: string;
  html: string | null;
  links: LinkProps[];
  fineprint: string | null;
}

/** A banner of two halves: picture and text side by side, stacked picture-first on small screens. */
export default function TwoColumnHero({ image, imageSide, colorScheme, title, html, links, fineprint }: TwoColumnHeroProps) {
  return (
    <section className={`two-column-hero two-column-hero--${colorScheme} two-column-hero--image-${imageSide}`}>
      {image && (
        <div className="two-column-hero__media">
          <ResponsiveImage {...image} loading="eager" />
        </div>
      )}
      <div className="two-column-hero__content">
        <h2 className="two-column-hero__title">{title}</h2>
        {html && <div className="two-column-hero__text rich-text" dangerouslySetInnerHTML={{ __html: html }} />}
        {links.length > 0 && (
          <div className="two-column-hero__actions">
            {links.map((link, index) => (
              <ButtonLink key={index} link={link} />
            ))}
          </div>
        )}
        {fineprint && <p className="two-column-hero__fineprint">{fineprint}</p>}
      </div>
    </section>
  );
}
