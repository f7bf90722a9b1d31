import { expect } from 'chai';
import { parseTypedDate } from '../../admin-client/streamfield/typed-date';

describe('dates as people type them', () => {
  it('reads ISO, US month-first and written-out dates as ISO', () => {
    for (const typed of ['2026-03-05', '2026-3-5', '3/5/2026', '03/05/2026', 'March 5, 2026', 'Mar 5 2026', 'march 5th, 2026', '5 March 2026', ' 5 Mar. 2026 ']) {
      expect(parseTypedDate(typed), typed).to.equal('2026-03-05');
    }
  });

  it('refuses what the calendar does not have and what is no date', () => {
    for (const typed of ['2026-02-30', '2/30/2026', '13/1/2026', 'Smarch 5, 2026', 'Ma 5, 2026', 'tomorrow', '', '2026', '5/3/26']) {
      expect(parseTypedDate(typed), typed).to.equal(null);
    }
    expect(parseTypedDate('2/29/2028')).to.equal('2028-02-29');
  });
});
