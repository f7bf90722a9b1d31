import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';

/** Props of the gift cards feature block; `html` is sanitized by the server. */
export interface GiftCardsFeatureProps {
  heading: string;
  html: string | null;
  image: ImageProps | null;
  /** Where to buy; null only when its page has been removed. */
  link: LinkProps | null;
  secondaryLink: LinkProps | null;
}

/** A lobster-red band selling gift cards, its picture dressed as a card with the brand mark. */
export default function GiftCardsFeature({ heading, html, image, link, secondaryLink }: GiftCardsFeatureProps) {
  return (
    <section className="gift-cards">
      {image && (
        <div className="gift-cards__card">
          <ResponsiveImage {...image} className="gift-cards__image" />
          <Icon name="logo" className="gift-cards__mark" />
        </div>
      )}
      <div className="gift-cards__content">
        <h2 className="gift-cards__heading">{heading}</h2>
        {html && <div className="gift-cards__text rich-text" dangerouslySetInnerHTML={{ __html: html }} />}
        {(link || secondaryLink) && (
          <div className="gift-cards__actions">
            {link && <ButtonLink link={link} />}
            {secondaryLink && <ButtonLink link={secondaryLink} />}
          </div>
        )}
      </div>
    </section>
  );
}
