import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import AccordionList, { type AccordionItem } from './AccordionList';

/** Props of the accordion feature block; `intro` is sanitized HTML, empty when there is none. */
export interface AccordionFeatureProps {
  heading: string;
  intro: string;
  items: AccordionItem[];
  image: ImageProps | null;
  imagePosition: 'left' | 'right';
  link: LinkProps | null;
}

/** A heading, intro and accordion beside a feature image. */
export default function AccordionFeature({ heading, intro, items, image, imagePosition, link }: AccordionFeatureProps) {
  return (
    <div className={`accordion-feature accordion-feature--image-${imagePosition}${image ? '' : ' accordion-feature--no-image'}`}>
      {image && (
        <div className="accordion-feature__media">
          <ResponsiveImage {...image} className="accordion-feature__image" />
        </div>
      )}
      <div className="accordion-feature__body">
        <h2 className="accordion-feature__heading">{heading}</h2>
        {intro && <div className="accordion-feature__intro rich-text" dangerouslySetInnerHTML={{ __html: intro }} />}
        <AccordionList items={items} />
        {link && <ButtonLink link={link} className="accordion-feature__link" />}
      </div>
    </div>
  );
}
