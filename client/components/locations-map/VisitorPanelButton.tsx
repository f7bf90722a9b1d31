import { gettext } from '../../lib/i18n';
import type { Location } from '../../lib/location-schemas';
import { dispatchVisitorPanelEvent, OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT } from '../../lib/visitor-panel-events';

/**
 * 'Reserve a Table' when the restaurant takes reservations, else 'Join the wait list' when its
 * wait list is ready, else nothing (SPEC §4 "Reservation / wait-list button").
 */
export function VisitorPanelButton({ location }: { location: Pick<Location, 'rlid' | 'isReservationsEnabled' | 'waitListReady'> }) {
  if (location.isReservationsEnabled) {
    return (
      <button className="button button--primary" type="button" onClick={() => dispatchVisitorPanelEvent(OPEN_RESERVATION_PANEL_EVENT, location.rlid)}>
        {gettext('Reserve a Table')}
      </button>
    );
  }
  if (location.waitListReady) {
    return (
      <button className="button button--primary" type="button" onClick={() => dispatchVisitorPanelEvent(OPEN_WAITLIST_EVENT, location.rlid)}>
        {gettext('Join the wait list')}
      </button>
    );
  }
  return null;
}
