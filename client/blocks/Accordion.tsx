import type { ImageProps } from '../../server/models/renditions';
import ResponsiveImage from '../components/ResponsiveImage';
import AccordionList, { type AccordionItem } from './AccordionList';

/** Props of the accordion block. */
export interface AccordionProps {
  heading: string;
  items: AccordionItem[];
  image: ImageProps | null;
}

/** An accordion, with its image beside it on wide screens and above it on narrow ones. */
export default function Accordion({ heading, items, image }: AccordionProps) {
  return (
    <div className={image ? 'accordion accordion--with-image' : 'accordion'}>
      {image && (
        <div className="accordion__media">
          <ResponsiveImage {...image} className="accordion__image" />
        </div>
      )}
      <div className="accordion__body">
        {heading && <h2 className="accordion__heading">{heading}</h2>}
        <AccordionList items={items} />
      </div>
    </div>
  );
}
