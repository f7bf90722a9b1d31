import ResponsiveImage from '../components/ResponsiveImage';
import { gettext } from '../lib/i18n';
import type { ImageLinkProps } from './ImageLink';

/** One link of a row: an image link whose page still exists. */
export type LinkRowLink = ImageLinkProps & { url: string };

/** Props of the link row block; the server leaves out links whose page is gone. */
export interface LinkRowProps {
  heading: string | null;
  links: LinkRowLink[];
  fineprint: string | null;
}

/** A heading over a row of round picture links, two a line on phones, one line on wide screens. */
export default function LinkRow({ heading, links, fineprint }: LinkRowProps) {
  if (links.length === 0) return null;
  return (
    <section className="link-row">
      {heading && <h2 className="link-row__heading">{heading}</h2>}
      <ul className={`link-row__list link-row__list--${links.length}`}>
        {links.map((link, index) => (
          <li key={index} className="link-row__item">
            <a className="link-row__link" href={link.url} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <span className="link-row__thumb">{link.image && <ResponsiveImage {...link.image} />}</span>
              <span className="link-row__text">
                {link.text}
                {link.external && <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {fineprint && <p className="media-fineprint link-row__fineprint">{fineprint}</p>}
    </section>
  );
}
