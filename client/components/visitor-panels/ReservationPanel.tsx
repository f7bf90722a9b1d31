import { useRef, useState } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import { cancelReservation, fetchAvailability, newIdempotencyKey, requestReservation, type Reservation } from '../../lib/guest-api';
import { formatRestaurantTime, localClock, timeZoneName } from '../../lib/local-clock';
import type { Location } from '../../lib/location-schemas';
import { useAsyncAction } from '../../lib/use-async-action';
import DoneHeadline from './DoneHeadline';
import PartySize, { PanelPlace } from './PartySize';
import GuestContactFields, { EMPTY_CONTACT, type ContactValues } from './GuestContactFields';
import PanelError, { panelErrorMessage } from './PanelError';
import { useLoaded } from './use-loaded';

/** The largest party booked online (the server's MAX_RESERVATION_PARTY_SIZE). */
const MAX_PARTY = 12;
/** How far ahead the date picker reaches (the server's MAX_DAYS_AHEAD). */
const DAYS_AHEAD = 60;

/** The date `days` after YYYY-MM-DD. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function Confirmation({ reservation, timeZone, onCancelled }: { reservation: Reservation; timeZone: string; onCancelled: (reservation: Reservation) => void }) {
  const cancelling = useAsyncAction(panelErrorMessage);
  const cancelled = reservation.status === 'cancelled';
  return (
    <div className="visitor-panel__done" aria-live="polite">
      <DoneHeadline>{cancelled ? gettext('Your reservation is cancelled.') : gettext('Your table is requested!')}</DoneHeadline>
      <p className="visitor-panel__summary">
        {interpolate('Party of {size}, {when}', { size: reservation.partySize, when: formatRestaurantTime(new Date(reservation.reservedFor), timeZone) })}
      </p>
      <p>
        {gettext('Confirmation code')}: <strong className="visitor-panel__code">{reservation.confirmationCode}</strong>
      </p>
      {!cancelled && (
        <>
          <p>{gettext('The restaurant will confirm by text. Keep the code to change your plans.')}</p>
          <PanelError message={cancelling.error} />
          <button
            type="button"
            className="button button--secondary"
            disabled={cancelling.isRunning}
            onClick={() => cancelling.run(() => cancelReservation(reservation.confirmationCode, reservation.lastName).then(onCancelled))}
          >
            {gettext('Cancel this reservation')}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * The reservation panel: party size and date, the times the restaurant can still seat, the
 * guest's details, then a confirmation with the code and a way to cancel. Dates and times are
 * the restaurant's (its own time zone, named), whatever zone the guest's browser is in.
 */
export default function ReservationPanel({ location }: { location: Location }) {
  // The panel opens on a visitor's click, never in server-rendered markup, so it may read the clock.
  const now = new Date();
  const today = localClock(now, location.timeZone).date;
  const [partySize, setPartySize] = useState(2);
  const [date, setDate] = useState(today);
  const [picked, setTime] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactValues>(EMPTY_CONTACT);
  const requesting = useAsyncAction(panelErrorMessage);
  const [reservation, setReservation] = useState<Reservation | null>(null);
  const attempt = useRef(newIdempotencyKey());

  const availability = useLoaded(() => fetchAvailability(location.rlid, date, partySize), [location.rlid, date, partySize], requesting.fail) ?? null;
  const open = availability?.times.filter((slot) => slot.available) ?? [];
  // A time chosen for another day or party size is no choice for this one.
  const time = open.some((slot) => slot.time === picked) ? picked : null;

  if (reservation) return <Confirmation reservation={reservation} timeZone={location.timeZone} onCancelled={setReservation} />;

  return (
    <form
      className="visitor-panel__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (requesting.isRunning) return;
        if (!time) return requesting.fail(gettext('Choose a time.'));
        requesting.run(() => requestReservation({ rlid: location.rlid, partySize, date, time, ...contact }, attempt.current).then(setReservation));
      }}
    >
      <PanelPlace location={location} />
      <div className="visitor-panel__row">
        <PartySize id="reservation-party-size" value={partySize} max={MAX_PARTY} onChange={setPartySize} />
        <p className="visitor-panel__field">
          <label htmlFor="reservation-date">{gettext('Date')}</label>
          <input
            id="reservation-date"
            type="date"
            required
            min={today}
            max={addDays(today, DAYS_AHEAD)}
            value={date}
            onChange={(event) => event.target.value && setDate(event.target.value)}
          />
        </p>
      </div>
      <fieldset className="visitor-panel__times">
        <legend>{gettext('Time')}</legend>
        <p className="visitor-panel__zone">{interpolate('Times are {zone}.', { zone: timeZoneName(location.timeZone, now) })}</p>
        <div aria-live="polite">
          {availability === null ? (
            <p>{gettext('Finding open tables…')}</p>
          ) : open.length === 0 ? (
            <p>{gettext('No tables left that day. Try another date.')}</p>
          ) : (
            <div className="visitor-panel__time-list">
              {open.map((slot) => (
                <label key={slot.time} className={`visitor-panel__time${time === slot.time ? ' is-selected' : ''}`}>
                  <input type="radio" name="time" value={slot.time} checked={time === slot.time} onChange={() => setTime(slot.time)} />
                  {slot.label}
                </label>
              ))}
            </div>
          )}
        </div>
      </fieldset>
      <GuestContactFields idPrefix="reservation" values={contact} onChange={setContact} />
      <PanelError message={requesting.error} />
      <button type="submit" className="button button--primary" disabled={requesting.isRunning} aria-disabled={requesting.isRunning}>
        {requesting.isRunning ? gettext('Requesting…') : gettext('Request this table')}
      </button>
    </form>
  );
}
