import { useRef, useState } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import { fetchWaitlistEstimate, joinWaitlist, newIdempotencyKey, type WaitlistEntry } from '../../lib/guest-api';
import type { Location } from '../../lib/location-schemas';
import { useAsyncAction } from '../../lib/use-async-action';
import DoneHeadline from './DoneHeadline';
import PartySize, { PanelPlace } from './PartySize';
import GuestContactFields, { EMPTY_CONTACT, type ContactValues } from './GuestContactFields';
import PanelError, { panelErrorMessage } from './PanelError';
import { useLoaded } from './use-loaded';

/** Where a guest follows their place in line. */
export function waitlistStatusPath(planAheadId: string): string {
  return `/waitlist/${encodeURIComponent(planAheadId)}/`;
}

/** Party sizes offered when the location sets no limit. */
const DEFAULT_MAX_PARTY = 8;

/**
 * The wait-list panel: the current wait at the restaurant, the form, then the guest's place in
 * line with a link to a status page that keeps itself up to date.
 */
export default function WaitlistPanel({ location }: { location: Location }) {
  const [partySize, setPartySize] = useState(2);
  const [contact, setContact] = useState<ContactValues>(EMPTY_CONTACT);
  const joining = useAsyncAction(panelErrorMessage);
  const [entry, setEntry] = useState<WaitlistEntry | null>(null);
  // One key per attempt: a double click sends the same key, and the server makes one entry.
  const attempt = useRef(newIdempotencyKey());

  const estimate = useLoaded(() => fetchWaitlistEstimate(location.rlid, partySize), [location.rlid, partySize], joining.fail) ?? null;

  if (entry) {
    return (
      <div className="visitor-panel__done" aria-live="polite">
        <DoneHeadline>{interpolate('You are #{position} in line', { position: entry.position ?? '—' })}</DoneHeadline>
        {entry.estimatedWaitMinutes !== null && <p>{interpolate('Estimated wait: {minutes} min', { minutes: entry.estimatedWaitMinutes })}</p>}
        <p>{gettext('We will text you when your table is ready. Keep this link to check your place or cancel:')}</p>
        <p>
          <a className="button button--primary" href={waitlistStatusPath(entry.plan_ahead_id)}>
            {gettext('View my place in line')}
          </a>
        </p>
      </div>
    );
  }

  const maxParty = estimate?.maxPartySize ?? DEFAULT_MAX_PARTY;
  const closed = estimate !== null && !estimate.waitListReady;
  return (
    <form
      className="visitor-panel__form"
      onSubmit={(event) => {
        event.preventDefault();
        joining.run(() => joinWaitlist(location.rlid, partySize, contact, attempt.current).then(setEntry));
      }}
    >
      <PanelPlace location={location} />
      <p className="visitor-panel__estimate" aria-live="polite">
        {estimate === null
          ? gettext('Checking the current wait…')
          : closed
            ? gettext('The wait list is not open right now.')
            : interpolate('Current wait: {wait}', { wait: estimate.estimatedWaitTime ?? '' })}
      </p>
      <PartySize id="waitlist-party-size" value={partySize} max={maxParty} onChange={setPartySize} />
      <GuestContactFields idPrefix="waitlist" values={contact} onChange={setContact} />
      <PanelError message={joining.error} />
      <button type="submit" className="button button--primary" disabled={joining.isRunning || closed} aria-disabled={joining.isRunning || closed}>
        {joining.isRunning ? gettext('Joining…') : gettext('Join the wait list')}
      </button>
    </form>
  );
}
