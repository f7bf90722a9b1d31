import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import { gettext, interpolate } from '../lib/i18n';
import type { SocialNetwork } from '../lib/page-data';

/** A social media post as the grid shows it. */
export interface SocialPostProps {
  /** Decorative: the caption names the post. */
  image: ImageProps | null;
  caption: string;
  network: SocialNetwork;
  url: string;
}

/** Props of the social grid block. */
export interface SocialGridProps {
  heading: string;
  intro: string | null;
  posts: SocialPostProps[];
  followLink: LinkProps | null;
}

// Read when rendering, not when the module loads: the catalog is registered after imports run.
const NETWORK_NAMES: Record<SocialNetwork, () => string> = {
  twitter: () => gettext('X (Twitter)'),
  facebook: () => gettext('Facebook'),
  youtube: () => gettext('YouTube'),
  linkedin: () => gettext('LinkedIn'),
  instagram: () => gettext('Instagram'),
  tiktok: () => gettext('TikTok'),
  pinterest: () => gettext('Pinterest'),
};

/** A heading over a grid of posts; each opens the post on its network in a new tab. */
export default function SocialGrid({ heading, intro, posts, followLink }: SocialGridProps) {
  return (
    <section className="social-grid">
      <div className="social-grid__header">
        <h2 className="social-grid__heading">{heading}</h2>
        {intro && <p className="social-grid__intro">{intro}</p>}
      </div>
      <ul className="social-grid__posts">
        {posts.map((post, index) => (
          <li key={index} className="social-grid__post">
            <a className="social-grid__link" href={post.url} target="_blank" rel="noopener noreferrer" data-network={post.network}>
              <span className="social-grid__thumb">
                {post.image && <ResponsiveImage {...post.image} />}
                <span className="social-grid__badge">
                  <Icon name={post.network} />
                </span>
              </span>
              <span className="social-grid__caption">{post.caption}</span>
              <span className="visually-hidden"> {interpolate('(on {network}, opens in a new tab)', { network: NETWORK_NAMES[post.network]() })}</span>
            </a>
          </li>
        ))}
      </ul>
      {followLink && (
        <p className="social-grid__follow">
          <ButtonLink link={followLink} />
        </p>
      )}
    </section>
  );
}
