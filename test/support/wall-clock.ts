import { install } from '@sinonjs/fake-timers';
import { z } from 'zod';

const wallClockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'TEST_WALL_CLOCK must be a UTC time of day, HH:MM');

/**
 * How far this process's clock runs from the real one, which performance (never faked) still
 * tells: a browser tab gets the same shift (shiftedDateScript), or a page would take another day
 * for today than its server does. Measured rather than remembered because the set-up file and the
 * tests may load this module as two instances. Zero when the clock was not moved.
 */
export function wallClockOffsetMs(): number {
  const offsetMs = Math.round(Date.now() - (performance.timeOrigin + performance.now()));
  // The moved clock ticks in steps of a few milliseconds; only a moved clock is minutes off.
  return Math.abs(offsetMs) < 60_000 ? 0 : offsetMs;
}

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

/**
 * A script for a tab to run before its page: its Date (now and new Date()) runs `offsetMs` from
 * the real clock, as this process's does under moveWallClock. Text, not a function, so that no
 * helper the test build adds to functions is missing in the page.
 */
export function shiftedDateScript(offsetMs: number): string {
  // A function rather than a class, so that Date() called without new still answers a string.
  return `(() => {
    const RealDate = Date;
    const shiftedNow = () => RealDate.now() + ${offsetMs};
    function ShiftedDate(...args) {
      if (!new.target) return new RealDate(shiftedNow()).toString();
      return args.length === 0 ? new RealDate(shiftedNow()) : new RealDate(...args);
    }
    ShiftedDate.prototype = RealDate.prototype;
    ShiftedDate.now = shiftedNow;
    ShiftedDate.parse = RealDate.parse;
    ShiftedDate.UTC = RealDate.UTC;
    globalThis.Date = ShiftedDate;
  })();`;
}
