import { install } from '@sinonjs/fake-timers';
import { z } from 'zod';

const wallClockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'TEST_WALL_CLOCK must be a UTC time of day, HH:MM');

/**
 * Moves this process's clock (Date only; timers keep real time) to today's date at a UTC time of
 * day, ticking on from there. The suite runs the tests that touch opening hours, readiness and
 * schedules under a night hour and a day hour this way (`npm run test:hours`): each of them sets
 * the server's clock itself, so none may depend on when it runs. Returns how to put the clock back.
 */
export function moveWallClock(timeOfDay: string): () => void {
  const [hours, minutes] = wallClockSchema.parse(timeOfDay).split(':').map(Number);
  const today = new Date();
  const now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), hours, minutes);
  const clock = install({ now, toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 5 });
  // The ticking interval would keep the process alive after the run.
  return () => clock.uninstall();
}
