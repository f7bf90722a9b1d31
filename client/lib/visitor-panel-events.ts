/**
 * Window events that ask for a visitor panel (reservation, wait list) to open for one
 * restaurant. The location popover raises them; the panels listen, so neither imports the other.
 */

/** Raised by 'Reserve a Table'; detail `{rlid}`. */
export const OPEN_RESERVATION_PANEL_EVENT = 'open-reservation-panel';
/** Raised by 'Join the wait list'; detail `{rlid}`. */
export const OPEN_WAITLIST_EVENT = 'open-waitlist';

/** The event names a visitor panel can be opened with. */
export type VisitorPanelEventName = typeof OPEN_RESERVATION_PANEL_EVENT | typeof OPEN_WAITLIST_EVENT;

/** What every visitor panel event carries: the restaurant the panel is for. */
export interface VisitorPanelEventDetail {
  rlid: number;
}

/** Dispatches `name` on window with `{rlid}` as its detail. */
export function requestVisitorPanel(name: VisitorPanelEventName, rlid: number): void {
  window.dispatchEvent(new CustomEvent<VisitorPanelEventDetail>(name, { detail: { rlid } }));
}

/**
 * Which panel a location offers (SPEC §4): reservations first, else a ready wait list, else
 * none; a temporarily closed restaurant takes no guests, so it offers none.
 */
export function visitorPanelFor(location: { isReservationsEnabled: boolean; waitListReady?: boolean | undefined; isTemporarilyClosed: boolean }): VisitorPanelEventName | null {
  if (location.isTemporarilyClosed) return null;
  if (location.isReservationsEnabled) return OPEN_RESERVATION_PANEL_EVENT;
  if (location.waitListReady) return OPEN_WAITLIST_EVENT;
  return null;
}
