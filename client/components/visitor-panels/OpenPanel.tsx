import { lazy, Suspense, useState } from 'react';
import { gettext } from '../../lib/i18n';
import { fetchLocation } from '../../lib/location-search';
import PanelDialog from './PanelDialog';
import PanelError from './PanelError';
import { useLoaded } from './use-loaded';

const WaitlistPanel = lazy(() => import('./WaitlistPanel'));
const ReservationPanel = lazy(() => import('./ReservationPanel'));

/** The two visitor panels. */
export type PanelKind = 'waitlist' | 'reservation';

const TITLES: Record<PanelKind, string> = { waitlist: 'Join the wait list', reservation: 'Reserve a Table' };

/** One open panel: the restaurant is fetched, then its panel's code loads. */
export default function OpenPanel({ kind, rlid, onClose }: { kind: PanelKind; rlid: number; onClose: () => void }) {
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
