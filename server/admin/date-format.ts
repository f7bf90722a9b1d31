import type { Response } from 'express';

/** The zone admin dates are shown in when a user has not chosen one and the site sets none. */
export const FALLBACK_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the admin shows it to a user, in their time zone and naming it
 * ("Nov 24, 2026, 10:05 AM EST"). Every admin template and view formats dates through this.
 */
export function formatAdminDate(date: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(timeZone, format);
  }
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${format.format(date)} ${zoneName}`;
}

/** The time zone the signed-in admin user reads dates in. */
export function adminTimeZone(res: Response): string {
  return res.locals.adminChrome?.timeZone ?? FALLBACK_TIME_ZONE;
}
