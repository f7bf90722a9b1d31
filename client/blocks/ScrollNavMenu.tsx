import { useEffect, useRef, type MouseEvent } from 'react';
import { gettext } from '../lib/i18n';
import { useScrollNavMenu } from '../lib/use-scroll-nav';

/**
 * The sticky bar listing the page's sections by sort order, the one being read highlighted.
 * Entries are real in-page links; a click scrolls smoothly instead of jumping.
 */
export default function ScrollNavMenu() {
  const menuRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { entries, activeId, scrollToSection } = useScrollNavMenu(menuRef);

  // On phones the bar scrolls sideways; keep the highlighted entry in view without moving the page.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !link) return;
    const left = link.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + link.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollTo({ left: Math.max(0, left - 16) });
  }, [activeId]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    scrollToSection(id);
  };

  return (
    <nav ref={menuRef} className="scroll-nav" aria-label={gettext('On this page')} hidden={entries.length === 0}>
      <ul ref={listRef} className="scroll-nav__list">
        {entries.map((entry) => (
          <li key={entry.id} className="scroll-nav__item">
            <a href={`#${entry.id}`} className="scroll-nav__link" aria-current={entry.id === activeId ? 'location' : undefined} onClick={(event) => onClick(event, entry.id)}>
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
