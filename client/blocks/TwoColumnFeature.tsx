import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';

/** Props of the two column feature block; `html` is sanitized by the server. */
export interface TwoColumnFeatureProps {
  image: ImageProps | null;
  imageSide: 'left' | 'right';
  eyebrow: string | null;
  heading: string;
  html: string | null;
  link: LinkProps | null;
}

/** A picture (7 of 12 columns) beside its text (5 of 12); stacked picture-first on small screens. */
export default function TwoColumnFeature({ image, imageSide, eyebrow, heading, html, link }: TwoColumnFeatureProps) {
  return (
    <section className={`two-column-feature two-column-feature--image-${imageSide}`}>
      {image && (
        <div className="two-column-feature__media">
          <ResponsiveImage {...image} />
        </div>
      )}
      <div className="two-column-feature__content">
        {eyebrow && <p className="media-eyebrow">{eyebrow}</p>}
        <h2 className="two-column-feature__heading">{heading}</h2>
        {html && <div className="two-column-feature__text rich-text" dangerouslySetInnerHTML={{ __html: html }} />}
        {link && <ButtonLink link={link} className="two-column-feature__cta" />}
      </div>
    </section>
  );
}
