import { expect } from 'chai';
import { formatFileSize } from '../../server/models/documents';

describe('file size formatting (SPEC §9)', () => {
  it('shows bytes below 1000 and decimal units with one decimal above', () => {
    const cases: Array<[number, string]> = [
      [0, '0 B'],
      [999, '999 B'],
      [1000, '1.0 KB'],
      [1024, '1.0 KB'],
      [1550, '1.6 KB'],
      [999_949, '999.9 KB'],
      [1_536_000, '1.5 MB'],
      [2_000_000_000, '2.0 GB'],
      [3_400_000_000_000, '3.4 TB'],
      [5_000_000_000_000_000, '5000.0 TB'],
    ];
    for (const [bytes, expected] of cases) expect(formatFileSize(bytes), String(bytes)).to.equal(expected);
  });

  it('moves up a unit instead of showing 1000.0', () => {
    expect(formatFileSize(999_960)).to.equal('1.0 MB');
    expect(formatFileSize(999_999_999)).to.equal('1.0 GB');
  });

  it('refuses sizes that are not a whole, non-negative number of bytes', () => {
    for (const bytes of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => formatFileSize(bytes), String(bytes)).to.throw(RangeError, /whole number of bytes/);
    }
  });
});
