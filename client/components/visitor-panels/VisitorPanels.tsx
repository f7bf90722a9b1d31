import { lazy, Suspense, useEffect, useState } from 'react';
import { gettext } from '../../lib/i18n';
import { fetchLocation } from '../../lib/location-search';
import { OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT, type VisitorPanelEventDetail } from '../../lib/visitor-panel-events';
import PanelDialog from './PanelDialog';
import PanelError from './PanelError';
import { useLoaded } from './use-loaded';

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

  if (!open) return null;
  return <OpenPanel key={`${open.kind}:${open.rlid}`} kind={open.kind} rlid={open.rlid} onClose={() => setOpen(null)} />;
}

/** One open panel: the restaurant is fetched, then its panel's code loads. */
function OpenPanel({ kind, rlid, onClose }: { kind: PanelKind; rlid: number; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const location = useLoaded(() => fetchLocation(rlid), [rlid], setError);
  const Panel = kind === 'waitlist' ? WaitlistPanel : ReservationPanel;
  return (
    <PanelDialog title={gettext(TITLES[kind])} onClose={onClose}>
      <PanelError message={location === null ? gettext('This restaurant could not be found.') : error} />
      {location && (
        <Suspense fallback={<p>{gettext('Loading…')}</p>}>
          <Panel location={location} />
        </Suspense>
      )}
    </PanelDialog>
  );
}
