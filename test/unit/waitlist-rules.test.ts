import { expect } from 'chai';
import { isOpenAt, localClock } from '../../server/models/location-clock';
import { estimateWaitMinutes, formatWait } from '../../server/models/waitlist/estimate';
import { ALLOWED_TRANSITIONS, canTransition } from '../../server/models/waitlist/transitions';
import type { WaitlistStatus } from '../../server/db/schema';

describe('wait-list rules', () => {
  describe('estimates', () => {
    const settings = { turnTimeMinutes: 45, tables: 9 };

    it('grows with the parties ahead, in steps of five minutes', () => {
      expect(estimateWaitMinutes(0, 2, settings)).to.equal(5);
      expect(estimateWaitMinutes(1, 2, settings)).to.equal(10);
      expect(estimateWaitMinutes(8, 2, settings)).to.equal(45);
      expect(estimateWaitMinutes(9, 2, { turnTimeMinutes: 60, tables: 4 })).to.equal(150);
    });

    it('never promises less than five minutes, and makes large parties wait longer', () => {
      expect(estimateWaitMinutes(0, 1, { turnTimeMinutes: 5, tables: 100 })).to.equal(5);
      expect(estimateWaitMinutes(7, 5, settings)).to.equal(50);
      expect(estimateWaitMinutes(7, 8, settings)).to.equal(60);
      expect(estimateWaitMinutes(7, 4, settings)).to.equal(40);
    });

    it('reads as minutes, or hours and minutes', () => {
      expect(formatWait(25)).to.equal('25 min');
      expect(formatWait(60)).to.equal('1 hr');
      expect(formatWait(75)).to.equal('1 hr 15 min');
    });
  });

  describe('status transitions', () => {
    it('lets a waiting party be notified, seated, cancelled or marked no-show', () => {
      for (const to of ['notified', 'seated', 'cancelled', 'no_show'] as const) expect(canTransition('waiting', to), to).to.equal(true);
      expect(canTransition('notified', 'seated')).to.equal(true);
    });

    it('forbids leaving a final status, going back to waiting, and standing still', () => {
      const statuses = Object.keys(ALLOWED_TRANSITIONS) as WaitlistStatus[];
      for (const from of ['seated', 'cancelled', 'no_show'] as const) {
        for (const to of statuses) expect(canTransition(from, to), `${from} → ${to}`).to.equal(false);
      }
      expect(canTransition('notified', 'waiting')).to.equal(false);
      expect(canTransition('waiting', 'waiting')).to.equal(false);
    });
  });

  describe("opening hours in the restaurant's own time", () => {
    const lunchAndLate = [
      { dayOfWeek: 5, open: '11:00', close: '14:30' },
      { dayOfWeek: 5, open: '16:30', close: '01:00' },
    ];

    it('covers each span, with a span past midnight running into the next day', () => {
      expect(isOpenAt(lunchAndLate, 5, 11 * 60)).to.equal(true);
      expect(isOpenAt(lunchAndLate, 5, 15 * 60)).to.equal(false);
      expect(isOpenAt(lunchAndLate, 5, 23 * 60 + 59)).to.equal(true);
      expect(isOpenAt(lunchAndLate, 6, 30)).to.equal(true);
      expect(isOpenAt(lunchAndLate, 6, 60)).to.equal(false);
      expect(isOpenAt(lunchAndLate, 4, 30)).to.equal(false);
    });

    it('reads the weekday and time where the restaurant is', () => {
      // 2026-11-22 is a Sunday; 03:30 UTC is still Saturday evening in Los Angeles.
      const now = new Date('2026-11-22T03:30:00Z');
      expect(localClock(now, 'America/Los_Angeles')).to.deep.equal({ dayOfWeek: 6, minutes: 19 * 60 + 30, date: '2026-11-21' });
      expect(localClock(now, 'America/Toronto')).to.deep.equal({ dayOfWeek: 6, minutes: 22 * 60 + 30, date: '2026-11-21' });
      expect(localClock(now, 'America/St_Johns').minutes).to.equal(0);
    });

    it('reads each instant afresh, in each zone, also when asked again within a minute', () => {
      const zone = 'America/New_York';
      expect(localClock(new Date('2026-11-22T04:58:59.999Z'), zone)).to.deep.equal({ dayOfWeek: 6, minutes: 23 * 60 + 58, date: '2026-11-21' });
      expect(localClock(new Date('2026-11-22T04:59:00.000Z'), zone)).to.deep.equal({ dayOfWeek: 6, minutes: 23 * 60 + 59, date: '2026-11-21' });
      expect(localClock(new Date('2026-11-22T04:59:59.999Z'), 'Asia/Kolkata')).to.deep.equal({ dayOfWeek: 0, minutes: 10 * 60 + 29, date: '2026-11-22' });
      expect(localClock(new Date('2026-11-22T04:59:59.999Z'), zone)).to.deep.equal({ dayOfWeek: 6, minutes: 23 * 60 + 59, date: '2026-11-21' });
      expect(localClock(new Date('2026-11-22T05:00:00.000Z'), zone)).to.deep.equal({ dayOfWeek: 0, minutes: 0, date: '2026-11-22' });
      // Back in time, as a test's clock may go.
      expect(localClock(new Date('2026-11-21T17:00:00.000Z'), zone)).to.deep.equal({ dayOfWeek: 6, minutes: 12 * 60, date: '2026-11-21' });
    });
  });
});
