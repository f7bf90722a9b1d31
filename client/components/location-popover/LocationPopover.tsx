import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import Icon from '../Icon';
import { gettext } from '../../lib/i18n';
import { triggerLabel } from '../../lib/location-labels';
import type { Location } from '../../lib/location-schemas';
import type { MapPoint } from '../../lib/location-search';
import { usePageContext } from '../../lib/page-context';
import { loadPreferredLocationStore, usePreferredLocation } from '../../lib/use-preferred-location';
import { useDismiss } from '../../lib/use-dismiss';
import { useUserPosition } from '../../lib/user-position';
import { useLocationResults } from './use-location-results';
import { useRefreshedPreferredLocation } from './use-refreshed-preferred-location';

// The panel's views (hours, search, results) load when the visitor first opens it.
const LocationPopoverCard = lazy(() => import('./LocationPopoverCard'));

/** The popover's two views (SPEC §4 "Location popover view"). */
export type LocationPopoverView = 'ShowPreferredLocation' | 'ShowSearchForm';

/**
 * The location bar under the header: a pin and the preferred location's label, opening a panel
 * with the preferred location or a search for one. A disclosure, not a dialog: focus is never
 * trapped, and Escape or 'Hide location details' closes it and puts focus back on the trigger.
 */
export default function LocationPopover() {
  const { site } = usePageContext();
  const preferred = usePreferredLocation();
  const { position, locateDevice } = useUserPosition();
  const { results, searchAddress, listNear } = useLocationResults();
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listedPosition = useRef<MapPoint | null>(null);
  const pendingFocus = useRef<'heading' | 'input' | null>(null);

  const view: LocationPopoverView = preferred && !changing ? 'ShowPreferredLocation' : 'ShowSearchForm';
  useRefreshedPreferredLocation(open ? preferred : null);

  const close = useCallback(() => {
    setOpen(false);
    triggerRef.current?.focus();
  }, []);

  // Reopening starts again from the saved choice, whatever view the panel was closed in.
  useEffect(() => {
    if (!open) setChanging(false);
  }, [open]);

  useDismiss(open, {
    onEscape: close,
    // A press elsewhere on the page closes the panel and leaves focus where the visitor pressed.
    onOutsidePress: () => setOpen(false),
    inside: rootRef,
    // A visitor panel this popover opened, or the mobile menu, handles its own keys and presses.
    leavesDialogsAlone: true,
  });

  // With no saved choice, the visitor's position fills the list once, unless a search already has.
  useEffect(() => {
    if (!open || view !== 'ShowSearchForm' || !position || results.status !== 'idle' || listedPosition.current === position) return;
    listedPosition.current = position;
    listNear(position);
  }, [open, view, position, results.status, listNear]);

  // Focus follows a view change the visitor asked for, so it is never left on a removed element.
  useEffect(() => {
    const target = pendingFocus.current === 'heading' ? headingRef.current : pendingFocus.current === 'input' ? inputRef.current : null;
    if (!target) return;
    pendingFocus.current = null;
    target.focus();
  }, [view]);

  const locateVisitor = async () => {
    const point = await locateDevice();
    if (!point) return;
    listedPosition.current = point;
    listNear(point);
  };
  const choose = async (location: Location) => {
    pendingFocus.current = 'heading';
    await (await loadPreferredLocationStore()).save(location);
    setChanging(false);
  };
  const changeLocation = () => {
    pendingFocus.current = 'input';
    setChanging(true);
  };

  return (
    <div ref={rootRef} className="location-popover">
      <div className="location-popover__bar">
        <button ref={triggerRef} type="button" className="location-popover__trigger" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((isOpen) => !isOpen)}>
          <Icon name="pin" className="location-popover__pin" />
          <span className="location-popover__label">{triggerLabel(preferred)}</span>
          <Icon name="caret-down" className="location-popover__caret" />
        </button>
      </div>
      <div id={panelId} className="location-popover__panel" role="region" aria-label={gettext('Location details')} hidden={!open}>
        {open && (
          <div className="location-popover__card">
            <button type="button" className="location-popover__hide" onClick={close}>
              <Icon name="close" />
              <span className="visually-hidden">{gettext('Hide location details')}</span>
            </button>
            <Suspense fallback={null}>
              <LocationPopoverCard
                preferred={view === 'ShowPreferredLocation' && preferred ? { location: preferred, onChangeLocation: changeLocation, headingRef } : null}
                search={{
                  results,
                  locatorUrl: site.locatorUrl,
                  inputRef,
                  onSearch: searchAddress,
                  onUseCurrentLocation: () => void locateVisitor(),
                  onChoose: (location) => void choose(location),
                }}
              />
            </Suspense>
          </div>
        )}
      </div>
    </div>
  );
}
