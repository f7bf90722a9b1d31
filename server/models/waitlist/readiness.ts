import type { LocationHours } from '../../../client/lib/location-schemas';
import { isOpenNow } from '../location-clock';

/**
 * Whether guests can join a location's wait list online now: the host has it on, and the
 * restaurant is open (in its own time zone), not temporarily closed and not closed for good.
 */
export function acceptsOnlineJoins(
  location: { wait_list_ready: boolean | null; is_temporarily_closed: boolean; permanently_closed_at: Date | null; time_zone: string },
  hours: readonly LocationHours[],
  now: Date,
): boolean {
  return Boolean(location.wait_list_ready) && !location.is_temporarily_closed && !location.permanently_closed_at && isOpenNow(hours, location.time_zone, now);
}
