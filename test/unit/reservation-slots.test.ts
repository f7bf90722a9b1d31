import { expect } from 'chai';
import { zonedInstant } from '../../server/models/location-clock';
import { slotLabel, slotMinutes, slotTime } from '../../server/models/reservations/slots';

describe('reservation times', () => {
  it('runs every half hour from opening until an hour before closing, split hours included', () => {
    const hours = [
      { dayOfWeek: 2, open: '11:15', close: '14:30' },
      { dayOfWeek: 2, open: '16:30', close: '21:00' },
      { dayOfWeek: 3, open: '11:00', close: '22:00' },
    ];
    expect(slotMinutes(hours, 2).map(slotTime)).to.deep.equal(['11:30', '12:00', '12:30', '13:00', '13:30', '16:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00']);
    expect(slotMinutes(hours, 4)).to.deep.equal([]);
  });

  it('carries a late span past midnight', () => {
    const slots = slotMinutes([{ dayOfWeek: 5, open: '22:00', close: '02:00' }], 5);
    expect(slots.map(slotTime)).to.deep.equal(['22:00', '22:30', '23:00', '23:30', '00:00', '00:30', '01:00']);
    expect(slots.map(slotLabel).slice(3, 5)).to.deep.equal(['11:30 PM', '12:00 AM']);
    expect(slotLabel(12 * 60)).to.equal('12:00 PM');
  });

  it('turns a local date and time into the instant, across daylight-saving changes', () => {
    expect(zonedInstant('2026-11-27', 19 * 60, 'America/New_York').toISOString()).to.equal('2026-11-28T00:00:00.000Z');
    expect(zonedInstant('2026-07-03', 19 * 60, 'America/New_York').toISOString()).to.equal('2026-07-03T23:00:00.000Z');
    expect(zonedInstant('2026-03-08', 12 * 60, 'America/Los_Angeles').toISOString()).to.equal('2026-03-08T19:00:00.000Z');
    // Past midnight belongs to the next calendar day.
    expect(zonedInstant('2026-11-27', 24 * 60 + 30, 'America/Chicago').toISOString()).to.equal('2026-11-28T06:30:00.000Z');
  });
});
