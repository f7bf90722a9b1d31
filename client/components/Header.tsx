import { gettext } from '../lib/i18n';
import { usePageContext } from '../lib/page-context';
import DesktopNav from './header/DesktopNav';
import LegacyNav from './header/LegacyNav';
import { primarySection } from './header/menu-links';
import LocationPopover from './location-popover/LocationPopover';
import MobileMenu from './header/MobileMenu';
import MobileNav from './header/MobileNav';
import Logo from './Logo';

/** Where the location popover mounts, right under the header bar. */
export const LOCATION_POPOVER_SLOT_ID = 'location-popover-slot';

/**
 * The site header: the new header when the server sent header content (OLO_NEW_HEADER on and
 * content present), else the legacy header built from the pages marked "show in menus".
 */
export default function Header() {
  const { site } = usePageContext();
  const { header } = site;
  return (
    <header className={`site-header ${header ? 'site-header--new' : 'site-header--legacy'}`}>
      <a className="skip-link" href="#main-content">
        {gettext('Skip to main content')}
      </a>
      <div className="site-header__bar">
        <a className="site-header__logo" href="/" aria-label={`${site.brandName} ${gettext('home')}`}>
          <Logo brandName={site.brandName} />
        </a>
        {header ? <DesktopNav section={primarySection(header)} /> : <LegacyNav links={site.menu} className="site-header__nav" />}
        <a className="site-header__signin" href={site.accountLoginUrl}>
          {gettext('Sign in')}
        </a>
        <MobileMenu signInUrl={site.accountLoginUrl}>{header ? <MobileNav sections={header.sections} /> : <LegacyNav links={site.menu} className="mobile-nav" />}</MobileMenu>
      </div>
      <div id={LOCATION_POPOVER_SLOT_ID} className="location-popover-slot">
        <LocationPopover />
      </div>
    </header>
  );
}
