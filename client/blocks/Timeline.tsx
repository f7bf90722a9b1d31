import type { ImageProps } from '../../server/models/renditions';
import ResponsiveImage from '../components/ResponsiveImage';

/** One milestone: its year (or date label), sanitized HTML and an optional picture. */
export interface TimelineEvent {
  year: string;
  content: string;
  image: ImageProps | null;
}

/** Props of the timeline block; `header` and `footer` are sanitized HTML, empty when unused. */
export interface TimelineProps {
  layout: 'alternating' | 'stacked';
  header: string;
  events: TimelineEvent[];
  footer: string;
}

/** Milestones along a line: alternating sides on wide screens (or all on one side), one side on phones. */
export default function Timeline({ layout, header, events, footer }: TimelineProps) {
  return (
    <div className={`timeline timeline--${layout}`}>
      {header && <div className="timeline__header rich-text" dangerouslySetInnerHTML={{ __html: header }} />}
      <ol className="timeline__events">
        {events.map((event, index) => (
          <li key={index} className="timeline__event">
            <div className="timeline__card">
              <h3 className="timeline__year">{event.year}</h3>
              {event.image && <ResponsiveImage {...event.image} className="timeline__image" />}
              <div className="timeline__content rich-text" dangerouslySetInnerHTML={{ __html: event.content }} />
            </div>
          </li>
        ))}
      </ol>
      {footer && <div className="timeline__footer rich-text" dangerouslySetInnerHTML={{ __html: footer }} />}
    </div>
  );
}
