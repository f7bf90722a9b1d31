import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import { gettext } from '../lib/i18n';

/** One tab: its name, sanitized HTML and an optional image and link. */
export interface FeatureTab {
  name: string;
  content: string;
  image: ImageProps | null;
  link: LinkProps | null;
}

/** Props of the tabbed features block; `headerContent` is sanitized HTML, empty when unused. */
export interface TabbedFeaturesProps {
  headerContent: string;
  tabs: FeatureTab[];
}

// Where each key moves the selection, given the current tab and the number of tabs.
const KEY_MOVES: Record<string, (current: number, count: number) => number> = {
  ArrowRight: (current, count) => (current + 1) % count,
  ArrowLeft: (current, count) => (current - 1 + count) % count,
  Home: () => 0,
  End: (_current, count) => count - 1,
};

/**
 * Features behind WAI-ARIA tabs: one panel at a time; arrow keys, Home and End move between tabs
 * and select as they go, and Tab moves on into the panel.
 */
export default function TabbedFeatures({ headerContent, tabs }: TabbedFeaturesProps) {
  const baseId = useId();
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(selected, tabs.length);
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="tabbed-features">
      {headerContent && <div className="tabbed-features__header rich-text" dangerouslySetInnerHTML={{ __html: headerContent }} />}
      <div className="tabbed-features__tabs" role="tablist" aria-label={gettext('Features')} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={index}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            className="tabbed-features__tab"
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={index}
          id={`${baseId}-panel-${index}`}
          className={tab.image ? 'tabbed-features__panel tabbed-features__panel--with-image' : 'tabbed-features__panel'}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== selected}
        >
          <div className="tabbed-features__text">
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: tab.content }} />
            {tab.link && <ButtonLink link={tab.link} className="tabbed-features__link" />}
          </div>
          {tab.image && <ResponsiveImage {...tab.image} className="tabbed-features__image" />}
        </div>
      ))}
    </div>
  );
}
