import Icon from '../components/Icon';
import { gettext, interpolate } from '../lib/i18n';
import { formatShortDate } from '../lib/format-date';

/** A press release as a list links to it (SPEC §3 "Press article" without its image). */
export interface PressArticleLink {
  id: number;
  url: string;
  title: string;
  /** ISO calendar date, 'YYYY-MM-DD'. */
  date: string;
}

/** The press section a press page links back to. */
export interface PressSectionLink {
  url: string;
  title: string;
}

/** Props of the 'press release list' template: one page of articles (SPEC §3 "Paged articles"). */
export interface PressReleaseListProps {
  /** The list page's own address, which the pagination links build on. */
  url: string;
  articles: PressArticleLink[];
  num_pages: number;
  current_page: number;
  press_section: PressSectionLink | null;
}

/** How many page numbers the pagination shows at once, centred on the current page. */
const PAGE_WINDOW = 5;

/** The address of one page of the list; page 1 is the list's own address, without `page`. */
function pageHref(url: string, page: number): string {
  return page === 1 ? url : `${url}?page=${page}`;
}

function pageWindow(current: number, total: number): number[] {
  const first = Math.max(1, Math.min(current - Math.floor(PAGE_WINDOW / 2), total - PAGE_WINDOW + 1));
  const last = Math.min(total, first + PAGE_WINDOW - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** A first or last page link; on that page already it stays in place but is not a link. */
function EdgeLink({ url, page, isCurrent, edge }: { url: string; page: number; isCurrent: boolean; edge: 'first' | 'last' }) {
  const label = edge === 'first' ? gettext('First') : gettext('Last');
  // Two carets, as in «, tell first and last apart from previous and next when the words
  // are hidden on phones.
  const carets = (
    <span className="pagination__carets">
      <Icon name={edge === 'first' ? 'caret-left' : 'caret-right'} />
      <Icon name={edge === 'first' ? 'caret-left' : 'caret-right'} />
    </span>
  );
  const content =
    edge === 'first' ? (
      <>
        {carets} {label}
      </>
    ) : (
      <>
        {label} {carets}
      </>
    );
  const className = `pagination__edge pagination__edge--${edge}`;
  if (isCurrent) {
    return (
      <span className={`${className} is-disabled`} aria-disabled="true">
        {content}
      </span>
    );
  }
  return (
    <a className={className} href={pageHref(url, page)} aria-label={edge === 'first' ? gettext('First page') : gettext('Last page')}>
      {content}
    </a>
  );
}

/** First and last page links around the numbered pages, with the current page marked. */
function Pagination({ url, current, total }: { url: string; current: number; total: number }) {
  return (
    <nav className="pagination" aria-label={gettext('Press release pages')}>
      <ul className="pagination__list">
        <li>
          <EdgeLink url={url} page={1} isCurrent={current === 1} edge="first" />
        </li>
        {pageWindow(current, total).map((page) => (
          <li key={page}>
            <a className="pagination__page" href={pageHref(url, page)} aria-label={interpolate('Page {number}', { number: page })} aria-current={page === current ? 'page' : undefined}>
              {page}
            </a>
          </li>
        ))}
        <li>
          <EdgeLink url={url} page={total} isCurrent={current === total} edge="last" />
        </li>
      </ul>
    </nav>
  );
}

/** Press releases newest first, ten to a page (SPEC §2 item 11). */
export default function PressReleaseList({ url, articles, num_pages, current_page, press_section }: PressReleaseListProps) {
  return (
    <div className="template-press template-press-list container">
      {press_section && (
        <a className="press-back-link" href={press_section.url}>
          <Icon name="arrow-left" /> {interpolate('Back to {title}', { title: press_section.title })}
        </a>
      )}
      <h1 className="page-title">{gettext('Press Releases')}</h1>
      {articles.length === 0 ? (
        <p className="press-list__empty">{gettext('There are no press releases yet.')}</p>
      ) : (
        <ol className="press-list">
          {articles.map((article) => (
            <li key={article.id} className="press-list__item">
              <time className="press-date" dateTime={article.date}>
                {formatShortDate(article.date)}
              </time>
              <h2 className="press-list__title" id={`press-release-${article.id}`}>
                {article.title}
              </h2>
              <a className="press-list__more" href={article.url} aria-describedby={`press-release-${article.id}`}>
                {gettext('Learn More')} <Icon name="arrow-right" />
              </a>
            </li>
          ))}
        </ol>
      )}
      {num_pages > 1 && <Pagination url={url} current={current_page} total={num_pages} />}
    </div>
  );
}
