/**
 * Window events that ask the site to open a visitor panel for a restaurant (SPEC §4
 * "Reservation / wait-list button"); the panel listens, the buttons only announce.
 */

/** Asks for the reservation panel; detail `{rlid}`. */
export const OPEN_RESERVATION_PANEL_EVENT = 'open-reservation-panel';
/** Asks for the wait-list panel; detail `{rlid}`. */
export const OPEN_WAITLIST_EVENT = 'open-waitlist';

/** One of the visitor panel events. */
export type VisitorPanelEvent = typeof OPEN_RESERVATION_PANEL_EVENT | typeof OPEN_WAITLIST_EVENT;

/** Raises the event on window with the restaurant's rlid. */
export function dispatchVisitorPanelEvent(name: VisitorPanelEvent, rlid: number): void {
  window.dispatchEvent(new CustomEvent(name, { detail: { rlid } }));
}
