import { expect } from 'chai';
import { formatRestaurantTime } from '../../client/lib/local-clock';
import { timeZoneAt } from '../../server/models/location-clock';
import { acceptsOnlineJoins } from '../../server/models/waitlist/readiness';

describe("a location's own time zone", () => {
  it('comes from its coordinates, also where a state keeps two zones', () => {
    expect(timeZoneAt(31.7619, -106.485), 'El Paso, TX').to.equal('America/Denver');
    expect(timeZoneAt(30.4213, -87.2169), 'Pensacola, FL').to.equal('America/Chicago');
    expect(timeZoneAt(39.7684, -86.1581), 'Indianapolis, IN').to.equal('America/Indiana/Indianapolis');
    expect(timeZoneAt(37.9716, -87.5711), 'Evansville, IN').to.equal('America/Chicago');
    expect(timeZoneAt(36.9685, -86.4808), 'Bowling Green, KY').to.equal('America/Chicago');
    expect(timeZoneAt(35.9606, -83.9207), 'Knoxville, TN').to.equal('America/New_York');
    expect(timeZoneAt(47.6062, -122.3321), 'Seattle, WA').to.equal('America/Los_Angeles');
  });

  it("decides whether the wait list takes guests by the restaurant's own clock", () => {
    // 17:30 in Dallas is 16:30 in El Paso: a Texas restaurant opening at 17:00 on Mountain time is still closed.
    const now = new Date('2026-11-24T23:30:00Z');
    const hours = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '17:00', close: '22:00' }));
    const texas = { wait_list_ready: true, is_temporarily_closed: false, permanently_closed_at: null };
    expect(acceptsOnlineJoins({ ...texas, time_zone: 'America/Denver' }, hours, now)).to.equal(false);
    expect(acceptsOnlineJoins({ ...texas, time_zone: 'America/Chicago' }, hours, now)).to.equal(true);
  });

  it("shows a restaurant's time with its zone, whatever zone the reader is in", () => {
    expect(formatRestaurantTime(new Date('2026-11-29T03:00:00Z'), 'America/Los_Angeles', 'en-US')).to.equal('Saturday, November 28 at 7:00 PM Pacific Time');
  });
});
