import { useEffect, useState } from 'react';
import PanelError, { panelErrorMessage } from '../components/visitor-panels/PanelError';
import { cancelWaitlistEntry, fetchWaitlistEntry, type WaitlistEntry } from '../lib/guest-api';
import { gettext, interpolate } from '../lib/i18n';
import { telUrl } from '../lib/location-links';
import { useAsyncAction } from '../lib/use-async-action';

/** Props of the 'wait list status' template: the guest's own entry and where it is. */
export interface WaitlistStatusProps {
  entry: WaitlistEntry;
  restaurant: { name: string; address: string; phone: string };
}

/** How often the page asks for news while the party is still in line. */
export const STATUS_REFRESH_MS = 20_000;

const STATUS_TEXT: Record<WaitlistEntry['status'], string> = {
  waiting: 'You are on the wait list.',
  notified: 'Your table is ready! Please check in with the host.',
  seated: 'You have been seated. Enjoy your meal!',
  cancelled: 'You left the wait list.',
  no_show: 'We missed you: your place in line was released.',
};

/**
 * A guest's place in line: refreshes itself while the party waits, and lets the guest leave
 * the wait list.
 */
export default function WaitlistStatus({ entry: initial, restaurant }: WaitlistStatusProps) {
  const [entry, setEntry] = useState(initial);
  const leaving = useAsyncAction(panelErrorMessage);
  const inLine = entry.status === 'waiting' || entry.status === 'notified';

  useEffect(() => {
    if (!inLine) return;
    const timer = window.setInterval(() => {
      fetchWaitlistEntry(entry.plan_ahead_id)
        .then(setEntry)
        .catch((failure: unknown) => console.warn('Refreshing the wait-list status failed', failure));
    }, STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [entry.plan_ahead_id, inLine]);

  return (
    <article className="template-waitlist-status container">
      <h1 className="page-title">{gettext('Your place in line')}</h1>
      <p className="waitlist-status__restaurant">
        <strong>{restaurant.name}</strong>
        <br />
        {restaurant.address}
        <br />
        <a href={telUrl(restaurant.phone)}>{restaurant.phone}</a>
      </p>
      <div className={`waitlist-status__card waitlist-status__card--${entry.status}`} aria-live="polite">
        <p className="waitlist-status__headline">{gettext(STATUS_TEXT[entry.status])}</p>
        {entry.status === 'waiting' && entry.position !== null && (
          <dl className="waitlist-status__facts">
            <div>
              <dt>{gettext('Place in line')}</dt>
              <dd>{entry.position}</dd>
            </div>
            <div>
              <dt>{gettext('Estimated wait')}</dt>
              <dd>{interpolate('{minutes} min', { minutes: entry.estimatedWaitMinutes ?? 0 })}</dd>
            </div>
            <div>
              <dt>{gettext('Party size')}</dt>
              <dd>{entry.partySize}</dd>
            </div>
          </dl>
        )}
      </div>
      <PanelError message={leaving.error} />
      {inLine && (
        <button
          type="button"
          className="button button--secondary"
          disabled={leaving.isRunning}
          onClick={() => leaving.run(() => cancelWaitlistEntry(entry.plan_ahead_id).then(setEntry))}
        >
          {gettext('Leave the wait list')}
        </button>
      )}
    </article>
  );
}
