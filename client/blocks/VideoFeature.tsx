import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ImageProps } from '../../server/models/renditions';
import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import { gettext, interpolate } from '../lib/i18n';
import VideoPlayer, { type VideoData } from './VideoPlayer';

/** Props of the video feature block (SPEC §3); share URLs are null unless share icons show. */
export interface VideoFeatureProps {
  /** Null when the library video was deleted: the feature shows its image without Play. */
  video: VideoData | null;
  image: ImageProps | null;
  title: string;
  subtitle: string;
  show_share_icons: boolean;
  facebook_url: string | null;
  twitter_url: string | null;
  fineprint: string;
}

/**
 * A feature panel: closed it shows the image with a Play button; Play opens the video in its
 * place and starts it; Close (or Escape) returns to the image. Focus follows each change so
 * keyboard users stay where they were.
 */
export default function VideoFeature({ video, image, title, subtitle, show_share_icons, facebook_url, twitter_url, fineprint }: VideoFeatureProps) {
  const [isOpen, setOpen] = useState(false);
  const playRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const hasToggled = useRef(false);
  const titleId = useId();

  useEffect(() => {
    // Not on the first render: focus must not jump to the feature when the page loads.
    if (!hasToggled.current) return;
    (isOpen ? closeRef : playRef).current?.focus();
  }, [isOpen]);

  function setOpenByVisitor(open: boolean): void {
    hasToggled.current = true;
    setOpen(open);
  }

  function closeOnEscape(event: KeyboardEvent): void {
    if (event.key === 'Escape') setOpenByVisitor(false);
  }

  return (
    <section className={`video-feature${isOpen ? ' video-feature--open' : ''}`} aria-labelledby={titleId}>
      <div className="video-feature__media">
        {isOpen && video ? (
          <div className="video-feature__player" onKeyDown={closeOnEscape}>
            <VideoPlayer video={video} playOnMount />
            <button ref={closeRef} type="button" className="video-feature__close" aria-label={gettext('Close video')} onClick={() => setOpenByVisitor(false)}>
              <Icon name="close" />
              <span aria-hidden="true">{gettext('Close')}</span>
            </button>
          </div>
        ) : (
          <>
            {image ? <ResponsiveImage {...image} className="video-feature__image" /> : <div className="video-feature__placeholder" />}
            {video && (
              <button ref={playRef} type="button" className="video-feature__play" aria-label={interpolate('Play video: {title}', { title })} onClick={() => setOpenByVisitor(true)}>
                <Icon name="play" />
              </button>
            )}
          </>
        )}
      </div>
      <div className="video-feature__body">
        <h2 id={titleId} className="video-feature__title">
          {title}
        </h2>
        {subtitle && <p className="video-feature__subtitle">{subtitle}</p>}
        {show_share_icons && (
          <ul className="video-feature__share" aria-label={gettext('Share this video')}>
            {facebook_url && <ShareLink url={facebook_url} icon="facebook" label={gettext('Share on Facebook')} />}
            {twitter_url && <ShareLink url={twitter_url} icon="twitter" label={gettext('Share on X')} />}
          </ul>
        )}
        {fineprint && <p className="video-feature__fineprint">{fineprint}</p>}
      </div>
    </section>
  );
}

function ShareLink({ url, icon, label }: { url: string; icon: 'facebook' | 'twitter'; label: string }) {
  return (
    <li>
      <a className="video-feature__share-link" href={url} target="_blank" rel="noopener noreferrer">
        <Icon name={icon} />
        <span className="visually-hidden">
          {label} {gettext('(opens in a new tab)')}
        </span>
      </a>
    </li>
  );
}
