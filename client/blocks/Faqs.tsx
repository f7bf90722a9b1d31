import Icon from '../components/Icon';

/** One question and its sanitized HTML answer. */
export interface Faq {
  question: string;
  answer: string;
}

/** Props of the FAQs block. */
export interface FaqsProps {
  heading: string;
  layout: 'one-column' | 'two-column';
  faqs: Faq[];
}

/**
 * Questions that open to their answers (native details/summary: keyboard and find-in-page work
 * without script). Two columns split the list in halves rather than alternating, so opening an
 * answer pushes down only its own column and the reading order stays top to bottom.
 */
export default function Faqs({ heading, layout, faqs }: FaqsProps) {
  const half = Math.ceil(faqs.length / 2);
  const columns = layout === 'two-column' ? [faqs.slice(0, half), faqs.slice(half)] : [faqs];
  return (
    <div className={`faqs faqs--${layout}`}>
      {heading && <h2 className="faqs__heading">{heading}</h2>}
      <div className="faqs__columns">
        {columns.map((column, columnIndex) => (
          <div key={columnIndex} className="faqs__column">
            {column.map((faq, index) => (
              <details key={index} className="faqs__item">
                <summary className="faqs__question">
                  <span>{faq.question}</span>
                  <Icon name="caret-down" className="faqs__icon" />
                </summary>
                <div className="faqs__answer rich-text" dangerouslySetInnerHTML={{ __html: faq.answer }} />
              </details>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
