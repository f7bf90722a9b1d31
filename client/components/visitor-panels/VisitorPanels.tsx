import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT, type VisitorPanelEventDetail } from '../../lib/visitor-panel-events';
import type { PanelKind } from './OpenPanel';

// Only the listener is in every page's first load; the dialog, the fetch and the panels load on first open.
const OpenPanel = lazy(() => import('./OpenPanel'));

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
  return (
    <Suspense fallback={null}>
      <OpenPanel key={`${open.kind}:${open.rlid}`} kind={open.kind} rlid={open.rlid} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
