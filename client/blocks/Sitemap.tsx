import { gettext } from '../lib/i18n';

/** A page in the site map with the pages below it. */
export interface SitemapEntry {
  id: number;
  title: string;
  url: string;
  children: SitemapEntry[];
}

/** Props of the site map block: the site root's entry (or none when the site has no live root). */
export interface SitemapProps {
  heading: string;
  pages: SitemapEntry[];
}

function entryList(entries: SitemapEntry[], depth: number) {
  return (
    <ul className={`sitemap__list sitemap__list--depth-${Math.min(depth, 3)}`}>
      {entries.map((entry) => (
        <li key={entry.id} className="sitemap__item">
          <a href={entry.url} className="sitemap__link">
            {entry.title}
          </a>
          {entry.children.length > 0 && entryList(entry.children, depth + 1)}
        </li>
      ))}
    </ul>
  );
}

/** The site's pages as nested links: the home page, its sections in columns, and their pages. */
export default function Sitemap({ heading, pages }: SitemapProps) {
  if (pages.length === 0) return null;
  return (
    <nav className="sitemap" aria-label={heading || gettext('Site map')}>
      {heading && <h2 className="sitemap__heading">{heading}</h2>}
      {entryList(pages, 1)}
    </nav>
  );
}
