import { gettext } from '../lib/i18n';
import { usePageContext } from '../lib/page-context';
import Logo from './Logo';

/** The site footer: brand, contact line and navigation. */
export default function Footer() {
  const { site } = usePageContext();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo brandName={site.brandName} />
          <p>{site.tagline}</p>
        </div>
        <nav className="site-footer__nav" aria-label={gettext('Footer')}>
          <ul>
            {site.menu.map((link) => (
              <li key={link.url}>
                <a href={link.url}>{link.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__contact">
          {gettext('Guest Relations')}: <a href={`tel:${site.nationalPhone.replace(/[^\d+]/g, '')}`}>{site.nationalPhone}</a>
        </p>
      </div>
    </footer>
  );
}
