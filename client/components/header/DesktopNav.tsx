import { useRef } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import type { HeaderSection } from '../../lib/page-data';
import { useDismiss } from '../../lib/use-dismiss';
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
  const navRef = useRef<HTMLElement>(null);
  useDismiss(intent.openId !== null, {
    keyScope: navRef,
    // Escape in an item with a submenu closes the open one and puts focus on that item's toggle.
    onEscape: (event) => {
      const toggle = event.target instanceof Element ? event.target.closest('.desktop-nav__item')?.querySelector<HTMLElement>('.desktop-nav__toggle') : null;
      if (!toggle) return;
      intent.close();
      toggle.focus();
    },
  });
  if (!section || section.role !== 'primary') return null;
  const links = linksWithUrl(section.links);

  return (
    <nav ref={navRef} className="desktop-nav" aria-label={gettext('Main')}>
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
            >
              <MenuLinkAnchor url={link.url} linkType={link.link_type} className="desktop-nav__link">
                {link.display_name}
              </MenuLinkAnchor>
              {hasSubmenu && (
                <>
                  <button type="button" className="desktop-nav__toggle" aria-expanded={isOpen} aria-controls={`${id}-panel`} onClick={() => intent.toggle(id)}>
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
