import { useRef } from 'react';
import { SECTION_ATTRIBUTE, useScrollNavSection } from '../lib/use-scroll-nav';
import ScrollNavMenu from './ScrollNavMenu';

/** Props of a scroll nav menu item: the section's element id, menu title and sort order. */
export interface ScrollNavMenuItemProps {
  id: string;
  title: string;
  sortOrder: number;
  showTitle: boolean;
}

/**
 * Marks where a section starts and registers it with the page's scroll nav menu. The first
 * marker on the page also shows the menu, once mounted: which one is first is only known in
 * the browser, so the server renders markers alone and hydration matches.
 */
export default function ScrollNavMenuItem({ id, title, sortOrder, showTitle }: ScrollNavMenuItemProps) {
  const sectionRef = useRef<HTMLDivElement>(null);
  const { hostsMenu } = useScrollNavSection({ id, title, sortOrder }, sectionRef);
  return (
    <>
      {hostsMenu && <ScrollNavMenu />}
      <div ref={sectionRef} id={id} className="scroll-nav-section" tabIndex={-1} {...{ [SECTION_ATTRIBUTE]: '' }}>
        {showTitle && <h2 className="scroll-nav-section__title">{title}</h2>}
      </div>
    </>
  );
}
