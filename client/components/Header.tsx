import { useEffect, useRef, useState } from 'react';
import { gettext } from '../lib/i18n';
import { usePageContext } from '../lib/page-context';
import Logo from './Logo';

/** The site header: logo, main navigation, sign-in link and, on narrow screens, the menu dialog. */
export default function Header() {
  const { site } = usePageContext();
  const [menuOpen, setMenuOpen] = useState(false);
  const dialogRef = useRef<HTMLDivElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    dialogRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  const closeMenu = () => {
    setMenuOpen(false);
    burgerRef.current?.focus();
  };

  return (
    <header className="site-header">
      <a className="skip-link" href="#main-content">
        {gettext('Skip to main content')}
      </a>
      <div className="site-header__bar">
        <a className="site-header__logo" href="/" aria-label={`${site.brandName} ${gettext('home')}`}>
          <Logo brandName={site.brandName} />
        </a>
        <nav className="site-header__nav" aria-label={gettext('Main')}>
          <ul>
            {site.menu.map((link) => (
              <li key={link.url}>
                <a href={link.url}>{link.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <a className="site-header__signin" href={site.accountLoginUrl}>
          {gettext('Sign in')}
        </a>
        <button
          ref={burgerRef}
          type="button"
          className="site-header__burger"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="burger-icon" aria-hidden="true" />
          <span className="visually-hidden">{gettext('Menu')}</span>
        </button>
      </div>
      {menuOpen && (
        <div id="mobile-menu" ref={dialogRef} className="mobile-menu" role="dialog" aria-modal="true" aria-label={gettext('Menu')}>
          <div className="mobile-menu__top">
            <a className="mobile-menu__signin" href={site.accountLoginUrl}>
              {gettext('Sign in')}
            </a>
            <button type="button" className="mobile-menu__close" onClick={closeMenu}>
              {gettext('Close')}
            </button>
          </div>
          <nav aria-label={gettext('Main')}>
            <ul>
              {site.menu.map((link) => (
                <li key={link.url}>
                  <a href={link.url}>{link.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}
