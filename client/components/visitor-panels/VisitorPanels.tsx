import { lazy, Suspense, useEffect, useState } from 'react';
import { gettext } from '../../lib/i18n';
import { fetchLocation } from '../../lib/location-search';
import type { Location } from '../../lib/location-schemas';
import { OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT, type VisitorPanelEventDetail } from '../../lib/visitor-panel-events';
import PanelDialog from './PanelDialog';
import PanelError, { panelErrorMessage } from './PanelError';

const WaitlistPanel = lazy(() => import('./WaitlistPanel'));
const ReservationPanel = lazy(() => import('./ReservationPanel'));

type PanelKind = 'waitlist' | 'reservation';

const TITLES: Record<PanelKind, string> = { waitlist: 'Join the wait list', reservation: 'Reserve a Table' };

/**
 * Opens the wait-list or reservation panel when a 'Join the wait list' or 'Reserve a Table'
 * button anywhere on the page raises its event (SPEC §4). The panels' code loads on first use.
 */
export default function VisitorPanels() {
  const [open, setOpen] = useState<{ kind: PanelKind; rlid: number } | null>(null);
  const [location, setLocation] = useState<Location | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const listen = (kind: PanelKind) => (event: Event) => {
      const rlid = (event as CustomEvent<Partial<VisitorPanelEventDetail>>).detail?.rlid;
      if (typeof rlid === 'number' && Number.isInteger(rlid)) setOpen({ kind, rlid });
    };
    const onWaitlist = listen('waitlist');
    const onReservation = listen('reservation');
    window.addEventListener(OPEN_WAITLIST_EVENT, onWaitlist);
    window.addEventListener(OPEN_RESERVATION_PANEL_EVENT, onReservation);
    return () => {
      window.removeEventListener(OPEN_WAITLIST_EVENT, onWaitlist);
      window.removeEventListener(OPEN_RESERVATION_PANEL_EVENT, onReservation);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLocation(null);
    setError(null);
    fetchLocation(open.rlid)
      .then((found) => current && (found ? setLocation(found) : setError(gettext('This restaurant could not be found.'))))
      .catch((failure: unknown) => current && setError(panelErrorMessage(failure)));
    return () => {
      current = false;
    };
  }, [open]);

  if (!open) return null;
  const Panel = open.kind === 'waitlist' ? WaitlistPanel : ReservationPanel;
  return (
    <PanelDialog title={gettext(TITLES[open.kind])} onClose={() => setOpen(null)}>
      <PanelError message={error} />
      {location && (
        <Suspense fallback={<p>{gettext('Loading…')}</p>}>
          <Panel location={location} />
        </Suspense>
      )}
    </PanelDialog>
  );
}
