import { gettext, interpolate } from './i18n';
import type { Location } from './location-schemas';

/** The fields the trigger label is decided by. */
export type LabelledLocation = Pick<Location, 'city' | 'state' | 'isTemporarilyClosed' | 'isDiningRoomOpened' | 'outsideDining' | 'hasDelivery' | 'hasCurbside'>;

type LabelRule = {
  applies: (location: LabelledLocation) => boolean;
  label: (place: { city: string; state: string }) => string;
};

// First match wins, in the order of SPEC §4 "Trigger label"; the last rule always applies.
const TRIGGER_LABEL_RULES: readonly LabelRule[] = [
  { applies: (l) => l.isTemporarilyClosed, label: (p) => interpolate('{city}, {state} (Restaurant Temporarily Closed)', p) },
  { applies: (l) => l.isDiningRoomOpened && l.outsideDining, label: (p) => interpolate('{city}, {state} (Indoor/Outdoor Dining Available)', p) },
  { applies: (l) => l.isDiningRoomOpened, label: (p) => interpolate('{city}, {state} (Indoor Dining Available)', p) },
  { applies: (l) => l.outsideDining, label: (p) => interpolate('{city}, {state} (Outdoor Dining Available)', p) },
  { applies: (l) => l.hasDelivery, label: (p) => interpolate('{city}, {state} (Delivery Available)', p) },
  { applies: (l) => l.hasCurbside, label: (p) => interpolate('{city}, {state} (Curbside Available)', p) },
  { applies: () => true, label: (p) => interpolate('{city}, {state} (Pick Up Only)', p) },
];

/** The popover trigger's text: the preferred location and its best service, or an invitation to find one. */
export function triggerLabel(location: LabelledLocation | null): string {
  if (!location) return gettext('Find A Location Near You');
  const rule = TRIGGER_LABEL_RULES.find((candidate) => candidate.applies(location))!;
  return rule.label({ city: location.city, state: location.state });
}

/** A distance in miles as the popover shows it: one decimal and 'mi' ('3.8 mi'). */
export function formatDistance(miles: number): string {
  return interpolate('{miles} mi', { miles: miles.toFixed(1) });
}
