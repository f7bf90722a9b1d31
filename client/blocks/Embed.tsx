import Icon from '../components/Icon';
import { gettext } from '../lib/i18n';
import { FRAME_SANDBOX } from './Iframe';

/** The video services the embed block plays in a frame. */
export type EmbedProvider = 'youtube' | 'vimeo';

/** What the server made of the URL: a provider's player address, or a link card. */
export type EmbedTarget = { kind: 'frame'; provider: EmbedProvider; src: string } | { kind: 'link'; host: string };

/** Props of the embed block: the editor's URL and title, and what it embeds as. */
export interface EmbedProps {
  url: string;
  title: string;
  target: EmbedTarget;
}

// Functions, so that each message is a literal the catalog check can find.
const PROVIDER_TEXT: Record<EmbedProvider, { title: () => string; watch: () => string }> = {
  youtube: { title: () => gettext('YouTube video'), watch: () => gettext('Watch on YouTube') },
  vimeo: { title: () => gettext('Vimeo video'), watch: () => gettext('Watch on Vimeo') },
};

/** What the players need from the frame, as the providers' own embed codes ask for it. */
// Fullscreen through `allow` alone: with allowfullscreen as well, Chromium warns on every page.
const PLAYER_PERMISSIONS = 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture';

/** A YouTube or Vimeo player in a 16:9 frame, or a card linking to any other address. */
export default function Embed({ url, title, target }: EmbedProps) {
  if (target.kind === 'link') {
    return (
      <a className="embed-card" href={url} target="_blank" rel="noopener noreferrer">
        <span className="embed-card__host">{target.host}</span>
        <span className="embed-card__title">{title || url}</span>
        <span className="embed-card__action">
          {gettext('Open link')}
          <Icon name="external" />
          <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>
        </span>
      </a>
    );
  }
  const text = PROVIDER_TEXT[target.provider];
  return (
    <div className={`embed-block embed-block--${target.provider}`}>
      <div className="embed-block__frame">
        <iframe src={target.src} title={title || text.title()} allow={PLAYER_PERMISSIONS} loading="lazy" sandbox={FRAME_SANDBOX} referrerPolicy="strict-origin-when-cross-origin" />
      </div>
      <p className="embed-block__fallback">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {text.watch()}
          <Icon name="external" />
          <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>
        </a>
      </p>
    </div>
  );
}
