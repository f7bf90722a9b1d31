import { Button, type ButtonStyle } from './Button';
import { gettext } from '../lib/i18n';
import type { Location } from '../lib/location-schemas';
import { OPEN_RESERVATION_PANEL_EVENT, OPEN_WAITLIST_EVENT, requestVisitorPanel, visitorPanelFor, type VisitorPanelEventName } from '../lib/visitor-panel-events';

const BUTTON_LABELS: Readonly<Record<VisitorPanelEventName, () => string>> = {
  [OPEN_RESERVATION_PANEL_EVENT]: () => gettext('Reserve a Table'),
  [OPEN_WAITLIST_EVENT]: () => gettext('Join the wait list'),
};

/**
 * 'Reserve a Table' or 'Join the wait list' for the location, raising the event its panel
 * listens for; nothing when it offers neither (SPEC §4). Used by the popover, the map list and
 * the local page.
 */
export default function VisitorPanelButton({
  location,
  style = 'primary',
  className,
}: {
  location: Pick<Location, 'rlid' | 'isReservationsEnabled' | 'waitListReady' | 'isTemporarilyClosed'>;
  style?: ButtonStyle;
  className?: string;
}) {
  const panel = visitorPanelFor(location);
  if (!panel) return null;
  return (
    <Button style={style} className={className} onClick={() => requestVisitorPanel(panel, location.rlid)}>
      {BUTTON_LABELS[panel]()}
    </Button>
  );
}
