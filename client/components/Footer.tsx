import { gettext } from '../lib/i18n';
import { telUrl } from '../lib/location-links';
import { usePageContext } from '../lib/page-context';
import type { FooterContent } from '../lib/page-data';
import AccessibilityReport from './footer/AccessibilityReport';
import FooterColumns from './footer/FooterColumns';
import RegionNav from './footer/RegionNav';
import SocialRow from './footer/SocialRow';
import Logo from './Logo';

/**
 * The site footer: the given footer content, else the site's; brand and phone always, so a
 * site without a footer page still has a useful footer.
 */
export default function Footer({ content }: { content?: FooterContent | null }) {
  const { site, request } = usePageContext();
  const footer = content === undefined ? site.footer : content;
  return (
    <footer className="site-footer">
      <a className="back-to-top" href="#main-content">
        {gettext('Back to Top')}
      </a>
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo brandName={site.brandName} />
          <p>{site.tagline}</p>
          <p className="site-footer__contact">
            {gettext('Guest Relations')}: <a href={telUrl(site.nationalPhone)}>{site.nationalPhone}</a>
          </p>
          {footer && <SocialRow items={footer.social_media} useOldTwitterLogo={footer.use_old_twitter_logo} />}
        </div>
        {footer && <FooterColumns columns={footer.columns} />}
      </div>
      <div className="site-footer__bottom">
        {footer && footer.region_nav.regions.length > 0 && <RegionNav regions={footer.region_nav.regions} currentUrl={request.url} />}
        {footer?.legal_text && <div className="site-footer__legal rich-text" dangerouslySetInnerHTML={{ __html: footer.legal_text }} />}
        {site.accessibilityServiceUrl && <AccessibilityReport action={site.accessibilityServiceUrl} />}
      </div>
    </footer>
  );
}
