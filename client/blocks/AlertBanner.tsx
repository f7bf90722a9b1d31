import { ButtonLink, type LinkProps } from '../components/Button';
import { backgroundClassName, isBackgroundStyle } from '../lib/background-styles';
import { gettext } from '../lib/i18n';

/** Looks of the alert banner: lobster (the default), the other background styles, navy and shoreline. */
export const ALERT_BANNER_STYLES = ['lobster', 'wood-texture', 'lighthouse', 'faded-shoreline', 'military-monday', 'blue-chill', 'navy', 'shoreline'] as const;

/** One of ALERT_BANNER_STYLES. */
export type AlertBannerStyle = (typeof ALERT_BANNER_STYLES)[number];

/** Props of the alert banner block; `message` is sanitized HTML. */
export interface AlertBannerProps {
  message: string;
  link: LinkProps | null;
  style: AlertBannerStyle;
}

/** A strip announcing something time-bound (holiday hours, a limited offer), with an optional link. */
export default function AlertBanner({ message, link, style }: AlertBannerProps) {
  const styleClass = isBackgroundStyle(style) ? backgroundClassName(style) : `alert-banner--${style}`;
  return (
    <aside className={`alert-banner ${styleClass}`} aria-label={gettext('Announcement')}>
      <div className="alert-banner__message rich-text" dangerouslySetInnerHTML={{ __html: message }} />
      {link && <ButtonLink link={link} className="alert-banner__link" />}
    </aside>
  );
}
