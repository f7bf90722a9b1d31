/**
 * A restaurant's local time: which weekday and minute it is where the restaurant stands, and
 * whether it is open. Each location keeps its own IANA time zone (a state is no zone: the
 * Florida panhandle, El Paso and parts of Indiana, Kentucky and Tennessee keep another one than
 * the rest of theirs); one not given is looked up from the coordinates.
 */
import tzLookup from '@photostructure/tz-lookup';
import type { LocationHours } from '../../client/lib/location-schemas';
import { localClock } from '../../client/lib/local-clock';

export { localClock } from '../../client/lib/local-clock';

/** The IANA time zone at a point, from the time zone boundaries shipped with tz-lookup (offline). */
export function timeZoneAt(latitude: number, longitude: number): string {
  return tzLookup(latitude, longitude);
}

/** 'HH:MM' as minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * Whether the hours cover a local weekday and minute. A span closing at or before its opening
 * time runs past midnight into the next day (11:00–01:00 covers 00:30 of the next weekday).
 */
export function isOpenAt(hours: readonly LocationHours[], dayOfWeek: number, minutes: number): boolean {
  const yesterday = (dayOfWeek + 6) % 7;
  return hours.some((span) => {
    const open = minutesOf(span.open);
    const close = minutesOf(span.close);
    const overnight = close <= open;
    if (span.dayOfWeek === dayOfWeek) return minutes >= open && (overnight || minutes < close);
    return overnight && span.dayOfWeek === yesterday && minutes < close;
  });
}

/** Whether a restaurant in `timeZone` with these hours is open at `now`. */
export function isOpenNow(hours: readonly LocationHours[], timeZone: string, now: Date): boolean {
  const { dayOfWeek, minutes } = localClock(now, timeZone);
  return isOpenAt(hours, dayOfWeek, minutes);
}

/**
 * The instant of a local date and minute of the day in `timeZone` ('2026-11-27', 19 * 60 →
 * 7 pm there). The zone's offset is read for a first guess and read again at the result, which
 * settles the answer on days the clocks change.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wallClock = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 0, minutes);
  const offsetAt = (instant: number) => {
    const local = localClock(new Date(instant), timeZone);
    const [y, m, d] = local.date.split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, local.minutes) - instant;
  };
  const guess = wallClock - offsetAt(wallClock);
  return new Date(wallClock - offsetAt(guess));
}
