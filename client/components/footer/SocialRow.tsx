import { gettext } from '../../lib/i18n';
import type { SocialMediaItem, SocialNetwork } from '../../lib/page-data';
import Icon, { type IconName } from '../Icon';

const NETWORK_LABELS: Record<SocialNetwork, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
};

/** The footer's social media row; the option shows the older bird logo for twitter. */
export default function SocialRow({ items, useOldTwitterLogo }: { items: SocialMediaItem[]; useOldTwitterLogo: boolean }) {
  if (items.length === 0) return null;
  const iconFor = (network: SocialNetwork): IconName => (network === 'twitter' && useOldTwitterLogo ? 'twitter-bird' : network);
  return (
    <ul className="social-row" aria-label={gettext('Follow us')}>
      {items.map((item) => (
        <li key={item.icon}>
          <a className="social-row__link" href={item.link} target="_blank" rel="noopener noreferrer" data-network={item.icon}>
            <Icon name={iconFor(item.icon)} />
            <span className="visually-hidden">{gettext(NETWORK_LABELS[item.icon])}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
