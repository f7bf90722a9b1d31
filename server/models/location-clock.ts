/**
 * A restaurant's local time: which weekday and minute it is where the restaurant stands, and
 * whether it is open. Locations carry no time zone of their own, so the zone comes from the
 * state or province (the zone most of it keeps; the few split states use their larger part).
 */
import type { LocationHours } from '../../client/lib/location-schemas';

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** IANA zone by US state or Canadian province code. */
export const REGION_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: CENTRAL, AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: CENTRAL, CA: PACIFIC, CO: MOUNTAIN, CT: EASTERN,
  DE: EASTERN, DC: EASTERN, FL: EASTERN, GA: EASTERN, HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: CENTRAL,
  IN: 'America/Indiana/Indianapolis', IA: CENTRAL, KS: CENTRAL, KY: EASTERN, LA: CENTRAL, ME: EASTERN, MD: EASTERN,
  MA: EASTERN, MI: 'America/Detroit', MN: CENTRAL, MS: CENTRAL, MO: CENTRAL, MT: MOUNTAIN, NE: CENTRAL, NV: PACIFIC,
  NH: EASTERN, NJ: EASTERN, NM: MOUNTAIN, NY: EASTERN, NC: EASTERN, ND: CENTRAL, OH: EASTERN, OK: CENTRAL, OR: PACIFIC,
  PA: EASTERN, RI: EASTERN, SC: EASTERN, SD: CENTRAL, TN: CENTRAL, TX: CENTRAL, UT: MOUNTAIN, VT: EASTERN, VA: EASTERN,
  WA: PACIFIC, WV: EASTERN, WI: CENTRAL, WY: MOUNTAIN, PR: 'America/Puerto_Rico',
  AB: 'America/Edmonton', BC: 'America/Vancouver', MB: 'America/Winnipeg', NB: 'America/Moncton', NL: 'America/St_Johns',
  NS: 'America/Halifax', NT: 'America/Yellowknife', NU: 'America/Iqaluit', ON: 'America/Toronto', PE: 'America/Halifax',
  QC: 'America/Toronto', SK: 'America/Regina', YT: 'America/Whitehorse',
};

/** The zone of a state or province; Eastern when the code is unknown, where most restaurants are. */
export function timeZoneOf(region: string): string {
  return REGION_TIME_ZONES[region.toUpperCase()] ?? EASTERN;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 = Sunday), minute of the day and calendar date at `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { dayOfWeek: number; minutes: number; date: string } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    dayOfWeek: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
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

/** Whether a restaurant in `region` with these hours is open at `now`. */
export function isOpenNow(hours: readonly LocationHours[], region: string, now: Date): boolean {
  const { dayOfWeek, minutes } = localClock(now, timeZoneOf(region));
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
