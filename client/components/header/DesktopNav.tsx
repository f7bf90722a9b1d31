import type { KeyboardEvent } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import type { HeaderSection } from '../../lib/page-data';
import { useMenuIntent } from '../../lib/use-menu-intent';
import Icon from '../Icon';
import MenuLinkAnchor from '../MenuLinkAnchor';
import { linksWithUrl } from './menu-links';

/**
 * The wide-screen navigation of the new header: the primary section's links, each with an
 * optional submenu that opens on hover intent or on its toggle button.
 */
export default function DesktopNav({ section }: { section: HeaderSection | undefined }) {
  const intent = useMenuIntent();
  if (!section || section.role !== 'primary') return null;
  const links = linksWithUrl(section.links);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !intent.openId) return;
    intent.close();
    (event.currentTarget.querySelector('.desktop-nav__toggle') as HTMLElement | null)?.focus();
  };

  return (
    <nav className="desktop-nav" aria-label={gettext('Main')}>
      <ul className="desktop-nav__list">
        {links.map((link, index) => {
          const id = `menu-${index}`;
          const hasSubmenu = link.children.length > 0;
          const isOpen = intent.openId === id;
          return (
            <li
              key={id}
              className={`desktop-nav__item desktop-nav__item--${link.link_style}`}
              onPointerEnter={hasSubmenu ? () => intent.pointerEnter(id) : undefined}
              onPointerLeave={hasSubmenu ? intent.pointerLeave : undefined}
              onKeyDown={hasSubmenu ? closeOnEscape : undefined}
            >
              <MenuLinkAnchor url={link.url} linkType={link.link_type} className="desktop-nav__link">
                {link.display_name}
              </MenuLinkAnchor>
              {hasSubmenu && (
                <>
                  <button
                    type="button"
                    className="desktop-nav__toggle"
                    aria-expanded={isOpen}
                    aria-controls={`${id}-panel`}
                    onClick={() => intent.toggle(id)}
                  >
                    <Icon name={isOpen ? 'caret-up' : 'caret-down'} />
                    <span className="visually-hidden">{interpolate('{name} submenu', { name: link.display_name })}</span>
                  </button>
                  <div id={`${id}-panel`} className="desktop-nav__panel" hidden={!isOpen}>
                    <ul>
                      {link.children.map((child) => (
                        <li key={child.url}>
                          <MenuLinkAnchor url={child.url} linkType={child.link_type}>
                            {child.display_name}
                          </MenuLinkAnchor>
                        </li>
                      ))}
                    </ul>
                  </div>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
