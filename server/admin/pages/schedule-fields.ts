import { z } from 'zod';
import { isCalendarDate } from '../../calendar-date';
import { localClock, zonedInstant } from '../../models/location-clock';

// datetime-local inputs carry no zone: they are wall-clock times in the editor's own zone.
const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?$/;

/** A go-live or expiry field: empty for none, else a datetime-local in `timeZone`, read as an instant. */
export function scheduleField(timeZone: string) {
  return z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      if (value === '') return null;
      const match = DATE_TIME_LOCAL.exec(value);
      if (!match || !isCalendarDate(match[1]!)) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid date and time.' });
        return z.NEVER;
      }
      return zonedInstant(match[1]!, Number(match[2]) * 60 + Number(match[3]), timeZone);
    });
}

/** A datetime-local value for a date, as the wall-clock time in `timeZone`, or ''. */
export function toDateTimeLocal(date: Date | null, timeZone: string): string {
  if (!date) return '';
  const { date: day, minutes } = localClock(date, timeZone);
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
