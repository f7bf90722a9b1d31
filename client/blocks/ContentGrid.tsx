import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import type { ContainerWidth } from './types';

/** One card of a content grid. */
export interface ContentGridItem {
  title: string;
  text: string;
  image: ImageProps | null;
  link: LinkProps | null;
}

/** Props of the content grid block. */
export interface ContentGridProps {
  heading: string;
  items: ContentGridItem[];
  containerWidth: ContainerWidth;
}

/** Cards in a grid that takes as many columns as its width allows (one on phones). */
export default function ContentGrid({ heading, items, containerWidth }: ContentGridProps) {
  return (
    <div className={`content-grid container-width--${containerWidth}`}>
      {heading && <h2 className="content-grid__heading">{heading}</h2>}
      <ul className="content-grid__items">
        {items.map((item, index) => (
          <li key={index} className="content-grid__item">
            {item.image && <ResponsiveImage {...item.image} className="content-grid__image" />}
            <div className="content-grid__body">
              <h3 className="content-grid__title">{item.title}</h3>
              {item.text && <p className="content-grid__text">{item.text}</p>}
              {item.link && <ButtonLink link={item.link} className="content-grid__link" />}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
