/**
 * Reading an instant on a restaurant's clock: its weekday, minute and date in the restaurant's
 * own IANA time zone, and its times as a guest anywhere should read them. Isomorphic: the
 * server decides opening hours with it and the browser shows reservations with it.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** Whether `timeZone` is an IANA zone this runtime knows ('America/Denver'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** What a zone's clock read last, by the UTC minute it read it in. */
const lastReadings = new Map<string, { minute: number; reading: LocalClockReading }>();

/** A restaurant clock's weekday (0 = Sunday), minute of the day and calendar date. */
export interface LocalClockReading {
  readonly dayOfWeek: number;
  readonly minutes: number;
  readonly date: string;
}

/**
 * The weekday (0 = Sunday), minute of the day and calendar date at `now` in `timeZone`. Every
 * zone's offset from UTC is whole minutes since the 1970s, so one UTC minute reads the same all
 * through: the last reading of each zone is kept, since formatting the parts was most of what
 * deciding a wait-list join's opening hours took.
 */
export function localClock(now: Date, timeZone: string): LocalClockReading {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastReadings.get(timeZone);
  if (last?.minute === minute) return last.reading;
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  const reading = {
    dayOfWeek: WEEKDAYS.indexOf(parts.weekday ?? 'Sun'),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    date: `${parts.year}-${parts.month}-${parts.day}`,
  };
  lastReadings.set(timeZone, { minute, reading });
  return reading;
}

/**
 * The zone's everyday name at `at` ('Pacific Time'), so a time is not misread by a guest in
 * another zone; the IANA name when the runtime has no better one.
 */
export function timeZoneName(timeZone: string, at: Date, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** An instant as the restaurant's clock reads it, with its zone: 'Saturday, November 28, 7:00 PM Pacific Time'. */
export function formatRestaurantTime(at: Date, timeZone: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'longGeneric' }).format(at);
}
