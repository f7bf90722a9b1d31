import * as z from 'zod/mini';
import { gettext, interpolate } from './i18n';
import type { Location, LocationHours } from './location-schemas';

/** A weekday as locations store it: 0 (Sunday) to 6 (Saturday), SPEC §5. */
export const weekdaySchema = z.int().check(z.gte(0), z.lte(6));

/** The three kinds of hours the popover shows for today. */
export type HoursKind = 'main' | 'delivery' | 'curbside';

type HoursSource = Pick<Location, 'hours' | 'deliveryHours' | 'curbsideHours' | 'isTemporarilyClosed' | 'hasDelivery' | 'hasCurbside'>;

// Per kind: where its spans are, and the message that replaces them (SPEC §4 "Today's hours").
const HOURS_KINDS: Readonly<Record<HoursKind, { spans: (l: HoursSource) => LocationHours[]; replacement: (l: HoursSource) => string | null }>> = {
  main: { spans: (l) => l.hours, replacement: (l) => (l.isTemporarilyClosed ? gettext('Temporarily Closed') : null) },
  delivery: { spans: (l) => l.deliveryHours, replacement: (l) => (l.hasDelivery ? null : gettext('Not Available')) },
  curbside: { spans: (l) => l.curbsideHours, replacement: (l) => (l.hasCurbside ? null : gettext('Not Available')) },
};

/** A 24-hour 'HH:MM' as a 12-hour clock time ('22:00' gives '10:00 PM'), as the local page writes it. */
export function formatClockTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? gettext('AM') : gettext('PM');
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

/**
 * What today's row of one kind of hours reads: 'Temporarily Closed' (main hours of a closed
 * restaurant), 'Not Available' (delivery or curbside not offered), 'open – close' for each span
 * on `weekday`, or null when there is no entry that day.
 */
export function todaysHours(location: HoursSource, kind: HoursKind, weekday: number): string | null {
  const day = weekdaySchema.parse(weekday);
  const { spans, replacement } = HOURS_KINDS[kind];
  const message = replacement(location);
  if (message) return message;
  const today = spans(location).filter((span) => span.dayOfWeek === day);
  if (today.length === 0) return null;
  return today.map((span) => interpolate('{open} – {close}', { open: formatClockTime(span.open), close: formatClockTime(span.close) })).join(', ');
}
