/** Which times a table can be booked: from opening until an hour before closing, every half hour. */
import type { LocationHours } from '../../../client/lib/location-schemas';
import { formatClockTime } from '../../../client/lib/todays-hours';
import { minutesOf } from '../location-clock';

/** Minutes between bookable times. */
export const SLOT_STEP_MINUTES = 30;
/** The last booking is this long before closing, so a party can finish its meal. */
export const LAST_SEATING_BEFORE_CLOSE_MINUTES = 60;
const DAY = 24 * 60;

/**
 * The bookable minutes of the day (from midnight; past-midnight seatings of a late span come
 * after 24 * 60) for a weekday's opening hours.
 */
export function slotMinutes(hours: readonly LocationHours[], dayOfWeek: number): number[] {
  const slots = new Set<number>();
  for (const span of hours) {
    if (span.dayOfWeek !== dayOfWeek) continue;
    const open = minutesOf(span.open);
    let close = minutesOf(span.close);
    if (close <= open) close += DAY;
    const first = Math.ceil(open / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
    for (let minute = first; minute <= close - LAST_SEATING_BEFORE_CLOSE_MINUTES; minute += SLOT_STEP_MINUTES) slots.add(minute);
  }
  return [...slots].sort((a, b) => a - b);
}

/** A slot as the booking form shows and sends it: '19:30' (24-hour, wrapping past midnight). */
export function slotTime(minutes: number): string {
  const inDay = minutes % DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

/** A slot as a guest reads it: '7:30 PM', written as the rest of the site writes times. */
export function slotLabel(minutes: number): string {
  return formatClockTime(slotTime(minutes));
}
