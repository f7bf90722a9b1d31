import type { ImageProps } from '../../server/models/renditions';
import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import { gettext } from '../lib/i18n';

/** Props of the image link block; `url` is null when the linked page is gone. */
export interface ImageLinkProps {
  /** Decorative (empty alt): the text names the link. */
  image: ImageProps | null;
  text: string;
  url: string | null;
  external: boolean;
}

/** A picture banner that is one link, its text on a label over the picture. */
export default function ImageLink({ image, text, url, external }: ImageLinkProps) {
  if (!url) return null;
  return (
    <a className="image-link" href={url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {image && <ResponsiveImage {...image} className="image-link__image" />}
      <span className="image-link__label">
        {text}
        {external && <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>}
        <Icon name={external ? 'external' : 'arrow-right'} className="image-link__icon" />
      </span>
    </a>
  );
}
