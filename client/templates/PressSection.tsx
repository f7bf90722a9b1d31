import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import type { ImageProps } from '../../server/models/renditions';
import { gettext, interpolate } from '../lib/i18n';
import { formatShortDate } from '../lib/format-date';
import type { PressArticleLink } from './PressReleaseList';

/** A press release with its feature image (SPEC §3 "Press article"). */
export interface PressArticle extends PressArticleLink {
  feature_image: ImageProps | null;
}

/** A document offered for download on the press section (SPEC §3 "media_download_tiles"). */
export interface MediaDownloadTile {
  title: string;
  image: ImageProps | null;
  /** Lowercase, without the dot: 'pdf'. */
  file_extension: string;
  /** Already formatted for people: '1.5 MB'. */
  file_size: string;
  url: string;
}

/** Props of the 'press section' template. */
export interface PressSectionProps {
  title: string;
  press_releases: PressArticle[];
  see_all_link: { id: number; url: string; title: string } | null;
  /** Sanitized rich text, or null when the editor gave none: the block is then left out. */
  contact_info: string | null;
  media_download_tiles: MediaDownloadTile[];
}

function ReleaseCard({ article }: { article: PressArticle }) {
  const titleId = `press-card-${article.id}`;
  return (
    <li className="press-card">
      <div className="press-card__media">
        {article.feature_image ? (
          <ResponsiveImage {...article.feature_image} className="press-card__image" />
        ) : (
          <span className="press-card__placeholder">
            <Icon name="logo" />
          </span>
        )}
      </div>
      <div className="press-card__body">
        <time className="press-date" dateTime={article.date}>
          {formatShortDate(article.date)}
        </time>
        <h3 className="press-card__title" id={titleId}>
          {article.title}
        </h3>
        <a className="press-list__more" href={article.url} aria-describedby={titleId}>
          {gettext('Learn More')} <Icon name="arrow-right" />
        </a>
      </div>
    </li>
  );
}

function DownloadTile({ tile }: { tile: MediaDownloadTile }) {
  return (
    <li className="download-tile">
      <div className="download-tile__media">
        {tile.image ? (
          <ResponsiveImage {...tile.image} className="download-tile__image" />
        ) : (
          <span className="download-tile__extension" aria-hidden="true">
            .{tile.file_extension}
          </span>
        )}
      </div>
      <div className="download-tile__body">
        <h3 className="download-tile__title">{tile.title}</h3>
        <p className="download-tile__meta">{interpolate('.{extension} File, {size}', { extension: tile.file_extension, size: tile.file_size })}</p>
        <a className="button button--secondary download-tile__link" href={tile.url} download>
          <Icon name="download" /> {gettext('Download')}
          <span className="visually-hidden"> {tile.title}</span>
        </a>
      </div>
    </li>
  );
}

/**
 * The press room (SPEC §2 item 13): the latest press releases, then press contacts and media
 * downloads, each block only when it has something to show.
 */
export default function PressSection({ title, press_releases, see_all_link, contact_info, media_download_tiles }: PressSectionProps) {
  return (
    <div className="template-press template-press-section">
      <header className="press-hero">
        <div className="container">
          <h1 className="press-hero__title">{title}</h1>
        </div>
      </header>
      <div className="container press-section__blocks">
        <section className="press-block press-block--releases" aria-labelledby="press-releases-heading">
          <div className="press-block__header">
            <h2 id="press-releases-heading">{gettext('Press Releases')}</h2>
            {see_all_link && (
              <a className="button button--secondary" href={see_all_link.url}>
                {interpolate('See All {title}', { title: see_all_link.title })}
              </a>
            )}
          </div>
          {press_releases.length === 0 ? (
            <p className="press-list__empty">{gettext('There are no press releases yet.')}</p>
          ) : (
            <ol className="press-cards">
              {press_releases.map((article) => (
                <ReleaseCard key={article.id} article={article} />
              ))}
            </ol>
          )}
        </section>
        {contact_info && (
          <section className="press-block press-block--inquiries" aria-labelledby="press-inquiries-heading">
            <h2 id="press-inquiries-heading">{gettext('Press Inquiries')}</h2>
            <div className="rich-text press-inquiries" dangerouslySetInnerHTML={{ __html: contact_info }} />
          </section>
        )}
        {media_download_tiles.length > 0 && (
          <section className="press-block press-block--downloads" aria-labelledby="media-downloads-heading">
            <h2 id="media-downloads-heading">{gettext('Media Downloads')}</h2>
            <ul className="download-tiles">
              {media_download_tiles.map((tile, index) => (
                // The same document may be offered twice (say, in two tiles with different pictures).
                <DownloadTile key={`${index}-${tile.url}`} tile={tile} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
