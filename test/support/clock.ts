import { systemClock, type Clock } from '../../server/clock';
import { localClock, zonedInstant } from '../../server/models/location-clock';

/** A server clock a test can move: it ticks from where it was last set, as a real clock does. */
export interface SettableClock {
  clock: Clock;
  /** Puts the clock at `instant`; it keeps ticking from there. */
  set(instant: Date): void;
}

/** A clock reading `start` now and ticking on from it. */
export function settableClock(start: Date): SettableClock {
  let offsetMs = start.getTime() - systemClock().getTime();
  return {
    clock: () => new Date(systemClock().getTime() + offsetMs),
    set(instant) {
      offsetMs = instant.getTime() - systemClock().getTime();
    },
  };
}

/**
 * Today's date where `timeZone` is, at a local time of day ('14:00'): the instant a test wants
 * the server to read so a restaurant is open (or closed) whatever hour the suite runs at. The
 * date stays today's so pages the browser dates with its own clock agree with the server.
 */
export function todayAt(time: string, timeZone: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  return zonedInstant(localClock(systemClock(), timeZone).date, (hours ?? 0) * 60 + (minutes ?? 0), timeZone);
}
