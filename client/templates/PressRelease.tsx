import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import type { ImageProps } from '../../server/models/renditions';
import { interpolate } from '../lib/i18n';
import { formatShortDate } from '../lib/format-date';
import type { PressSectionLink } from './PressReleaseList';

/** Props of the 'single press release' template (SPEC §3 "Press page"). */
export interface PressReleaseProps {
  title: string;
  /** ISO calendar date, 'YYYY-MM-DD'. */
  date: string;
  feature_image: ImageProps | null;
  /** The body: sanitized rich text. */
  copy: { html: string };
  press_section: PressSectionLink | null;
}

/** One press release: date, title, optional feature image, body and the way back (SPEC §2 item 12). */
export default function PressRelease({ title, date, feature_image, copy, press_section }: PressReleaseProps) {
  return (
    <article className="template-press template-press-release container">
      <header className="press-release__header">
        <time className="press-date" dateTime={date}>
          {formatShortDate(date)}
        </time>
        <h1 className="page-title press-release__title">{title}</h1>
      </header>
      {feature_image && (
        <figure className="press-release__figure">
          <ResponsiveImage {...feature_image} loading="eager" className="press-release__image" />
        </figure>
      )}
      <div className="rich-text press-release__copy" dangerouslySetInnerHTML={{ __html: copy.html }} />
      {press_section && (
        <p className="press-release__back">
          <a className="button button--secondary" href={press_section.url}>
            <Icon name="arrow-left" /> {interpolate('Back to {title}', { title: press_section.title })}
          </a>
        </p>
      )}
    </article>
  );
}
