import { useState } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import { SOCIAL_NETWORKS, type HeaderSection, type SocialNetwork } from '../../lib/page-data';
import Icon from '../Icon';
import MenuLinkAnchor from '../MenuLinkAnchor';
import { linksWithUrl, type ShownLink } from './menu-links';

function socialNetworkOf(name: string): SocialNetwork | undefined {
  return SOCIAL_NETWORKS.find((network) => network === name.trim().toLowerCase());
}

function AccordionLink({ link }: { link: ShownLink }) {
  const [open, setOpen] = useState(false);
  const panelId = `mobile-nav-${link.url.replace(/\W+/g, '-')}`;
  return (
    <li className="mobile-nav__item">
      <div className="mobile-nav__row">
        <MenuLinkAnchor url={link.url} linkType={link.link_type} className="mobile-nav__link">
          {link.display_name}
        </MenuLinkAnchor>
        <button type="button" className="mobile-nav__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <Icon name={open ? 'minus' : 'plus'} />
          <span className="visually-hidden">{interpolate('{name} submenu', { name: link.display_name })}</span>
        </button>
      </div>
      <ul id={panelId} className="mobile-nav__submenu" hidden={!open}>
        {link.children.map((child) => (
          <li key={child.url}>
            <MenuLinkAnchor url={child.url} linkType={child.link_type} className="mobile-nav__sublink">
              {child.display_name}
            </MenuLinkAnchor>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The navigation inside the mobile menu dialog: every section, submenus as an accordion. */
export default function MobileNav({ sections }: { sections: HeaderSection[] }) {
  return (
    <nav className="mobile-nav" aria-label={gettext('Main')}>
      {sections.map((section, index) => {
        const links = linksWithUrl(section.links);
        if (section.role === 'social') {
          return (
            <ul key={index} className="mobile-nav__social" aria-label={section.title || gettext('Follow us')}>
              {links.map((link) => {
                const network = socialNetworkOf(link.display_name);
                return (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={link.display_name}>
                      {network ? <Icon name={network} /> : link.display_name}
                    </a>
                  </li>
                );
              })}
            </ul>
          );
        }
        return (
          <div key={index} className={`mobile-nav__section mobile-nav__section--${section.role}`}>
            {section.title && <h2 className="mobile-nav__title">{section.title}</h2>}
            <ul>
              {links.map((link) =>
                link.children.length > 0 ? (
                  <AccordionLink key={link.url} link={link} />
                ) : (
                  <li key={link.url} className="mobile-nav__item">
                    <MenuLinkAnchor url={link.url} linkType={link.link_type} className="mobile-nav__link">
                      {link.display_name}
                    </MenuLinkAnchor>
                  </li>
                ),
              )}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
