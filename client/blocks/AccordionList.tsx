import { useId, useState } from 'react';
import Icon from '../components/Icon';

/** One accordion row (SPEC §3): the always visible label and the sanitized HTML it reveals. */
export interface AccordionItem {
  defaultContent: string;
  hiddenContent: string;
}

/** Props of AccordionList; `headingLevel` fits the rows under the heading above them. */
export interface AccordionListProps {
  items: AccordionItem[];
  headingLevel?: 'h3' | 'h4';
}

/** Rows that open and close independently, so several can be open at once (SPEC §2). */
export default function AccordionList({ items, headingLevel: Heading = 'h3' }: AccordionListProps) {
  const baseId = useId();
  const [openRows, setOpenRows] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpenRows((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className="accordion-list">
      {items.map((item, index) => {
        const isOpen = openRows.has(index);
        const buttonId = `${baseId}-toggle-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={index} className={isOpen ? 'accordion-list__item is-open' : 'accordion-list__item'}>
            <Heading className="accordion-list__heading">
              <button type="button" id={buttonId} className="accordion-list__toggle" aria-expanded={isOpen} aria-controls={panelId} onClick={() => toggle(index)}>
                <span className="accordion-list__label">{item.defaultContent}</span>
                <Icon name={isOpen ? 'minus' : 'plus'} className="accordion-list__icon" />
              </button>
            </Heading>
            <div
              id={panelId}
              className="accordion-list__panel rich-text"
              aria-labelledby={buttonId}
              // WAI-ARIA: panels are landmarks only while few, or they crowd the landmark list.
              role={items.length <= 6 ? 'region' : undefined}
              hidden={!isOpen}
              dangerouslySetInnerHTML={{ __html: item.hiddenContent }}
            />
          </div>
        );
      })}
    </div>
  );
}
