import type { MapPoint } from '../../lib/location-search';
import type { MapListEntry } from '../../lib/map-list';

/** What either map (Google or built-in) draws and reports back to the locator page. */
export interface LocationsMapViewProps {
  entries: readonly MapListEntry[];
  /** The searched point, kept in view with the restaurants. */
  origin: MapPoint | null;
  /** The focused restaurant (the first when none was chosen); null for an empty list. */
  focusedRlid: number | null;
  /** Whether the focused restaurant's info window is open. */
  infoOpen: boolean;
  /** Changes each time the visitor chooses a restaurant: the map pans to it then. */
  panRequest: number;
  /** The visitor chose a restaurant on the map; `opener` gets the focus back when its info window closes. */
  onSelect(rlid: number, opener: HTMLElement | null): void;
  onCloseInfo(): void;
}
