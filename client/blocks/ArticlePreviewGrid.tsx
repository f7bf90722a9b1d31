import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type ButtonStyle } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import { formatShortDate } from '../lib/format-date';
import { gettext } from '../lib/i18n';

/** SPEC §3 Article preview: title, date (ISO YYYY-MM-DD), image and link. */
export interface ArticlePreviewProps {
  title: string;
  date: string;
  image: ImageProps | null;
  url: string;
  /** Another site's address: opens in a new tab. */
  external: boolean;
}

/** Props of the article preview grid block; articles come newest first. */
export interface ArticlePreviewGridProps {
  heading: string | null;
  articles: ArticlePreviewProps[];
  /** Where 'See All' goes; its text is the translated 'See All'. */
  seeAll: { url: string; style: ButtonStyle; external: boolean } | null;
}

/** Cards of the latest articles with their M.d.yy dates, and a 'See All' link. */
export default function ArticlePreviewGrid({ heading, articles, seeAll }: ArticlePreviewGridProps) {
  if (articles.length === 0 && !seeAll) return null;
  return (
    <section className="article-grid">
      {(heading || seeAll) && (
        <div className="article-grid__header">
          {heading && <h2 className="article-grid__heading">{heading}</h2>}
          {seeAll && <ButtonLink link={{ ...seeAll, text: gettext('See All') }} className="article-grid__see-all" />}
        </div>
      )}
      <ul className="article-grid__list">
        {articles.map((article, index) => (
          <li key={index} className="article-card">
            <div className="article-card__media">{article.image && <ResponsiveImage {...article.image} />}</div>
            <div className="article-card__body">
              <time className="article-card__date" dateTime={article.date}>
                {formatShortDate(article.date)}
              </time>
              <h3 className="article-card__title">
                <a className="article-card__link" href={article.url} {...(article.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {article.title}
                  {article.external && <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>}
                </a>
              </h3>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
