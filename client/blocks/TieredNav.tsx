import { useEffect, useId, useRef, useState } from 'react';
import Icon from '../components/Icon';
import { interpolate } from '../lib/i18n';

/** A link of the tiered nav (SPEC §3): the page's id, url and title. */
export interface TieredNavLink {
  id: number;
  url: string;
  title: string;
}

/** The second-tier links under one tier-one page. */
export interface TieredNavGroup {
  parent: number;
  links: TieredNavLink[];
}

/** Props of the tiered nav block; `rootPage` is null when the chosen page is gone or unpublished. */
export interface TieredNavProps {
  heading: string;
  rootPage: TieredNavLink | null;
  tierOneLinks: TieredNavLink[];
  tierTwoLinks: TieredNavGroup[];
}

/**
 * Two tiers of links: the visitor picks a tier-one page to show its pages in the panel below the
 * tiles. Tier-one pages without pages of their own are plain links. The first group starts
 * open, so the block shows something useful before any script runs.
 */
export default function TieredNav({ heading, rootPage, tierOneLinks, tierTwoLinks }: TieredNavProps) {
  const baseId = useId();
  const [selected, setSelected] = useState<number | null>(tierTwoLinks[0]?.parent ?? null);
  const pickedByVisitor = useRef(false);
  const panelId = (parent: number) => `${baseId}-tier-two-${parent}`;

  // With many tiles on a phone the panel can open below the screen; bring it up to the visitor.
  useEffect(() => {
    if (pickedByVisitor.current && selected !== null) document.getElementById(`${baseId}-tier-two-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [baseId, selected]);

  if (!rootPage || tierOneLinks.length === 0) return null;

  const groups = new Map(tierTwoLinks.map((group) => [group.parent, group.links]));
  return (
    <nav className="tiered-nav" aria-label={heading || rootPage.title}>
      {heading && <h2 className="tiered-nav__heading">{heading}</h2>}
      <div className="tiered-nav__layout">
        <ul className="tiered-nav__tier-one">
          {tierOneLinks.map((link) => (
            <li key={link.id} className="tiered-nav__tier-one-item">
              {groups.has(link.id) ? (
                <button
                  type="button"
                  className="tiered-nav__tier-one-link"
                  aria-expanded={selected === link.id}
                  aria-controls={panelId(link.id)}
                  onClick={() => {
                    pickedByVisitor.current = true;
                    setSelected(selected === link.id ? null : link.id);
                  }}
                >
                  <span>{link.title}</span>
                  <Icon name="caret-down" className="tiered-nav__caret" />
                </button>
              ) : (
                <a href={link.url} className="tiered-nav__tier-one-link">
                  {link.title}
                </a>
              )}
            </li>
          ))}
        </ul>
        {tierOneLinks.flatMap((parent) => {
          const links = groups.get(parent.id);
          if (!links) return [];
          return [
            <div key={parent.id} id={panelId(parent.id)} className="tiered-nav__tier-two" hidden={selected !== parent.id}>
              <a href={parent.url} className="tiered-nav__overview">
                {interpolate('Go to {title}', { title: parent.title })}
                <Icon name="arrow-right" />
              </a>
              <ul className="tiered-nav__tier-two-list">
                {links.map((link) => (
                  <li key={link.id}>
                    <a href={link.url} className="tiered-nav__tier-two-link">
                      {link.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>,
          ];
        })}
      </div>
    </nav>
  );
}
