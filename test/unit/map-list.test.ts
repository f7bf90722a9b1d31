import { expect } from 'chai';
import { focusedEntry, formatMapDistance, locationLetter, MAP_SEARCH_AREA, oneLineAddress } from '../../client/lib/map-list';
import { positionFromQuery } from '../../client/lib/user-position';

describe('locator map list rules', () => {
  it('letters entries A to Z and wraps after 26: the 27th is A again', () => {
    expect(Array.from({ length: 26 }, (_, index) => locationLetter(index)).join('')).to.equal('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect([26, 27, 51, 52].map(locationLetter)).to.deep.equal(['A', 'B', 'Z', 'A']);
  });

  it('shows distances in miles with two decimals', () => {
    expect([0, 3.14159, 2.005, 12.999, 150].map(formatMapDistance)).to.deep.equal(['0.00', '3.14', '2.00', '13.00', '150.00']);
  });

  it('searches the site radius of 200 miles and lists more than the 26 letters', () => {
    expect(MAP_SEARCH_AREA.radius).to.equal(200);
    expect(MAP_SEARCH_AREA.limit).to.be.greaterThan(26);
  });

  it('focuses the chosen entry, else the first; none for an empty list', () => {
    const entries = [1, 2, 3].map((rlid) => ({ location: { rlid } }));
    expect(focusedEntry(entries, 2)).to.equal(entries[1]);
    expect(focusedEntry(entries, null)).to.equal(entries[0]);
    expect(focusedEntry(entries, 99)).to.equal(entries[0]);
    expect(focusedEntry([], 2)).to.equal(null);
  });

  it('labels a marker with the street and place on one line', () => {
    expect(oneLineAddress({ address1: '123 Main St', city: 'Springfield', state: 'IL' })).to.equal('123 Main St, Springfield, IL');
  });

  it('takes the position from latitude and longitude only when both are numbers in range', () => {
    const params = (query: string) => new URLSearchParams(query);
    expect(positionFromQuery(params('latitude=40.5&longitude=-74.25'))).to.deep.equal({ lat: 40.5, lng: -74.25 });
    expect(positionFromQuery(params('latitude=40.5'))).to.equal(null);
    expect(positionFromQuery(params('latitude=north&longitude=-74'))).to.equal(null);
    expect(positionFromQuery(params('latitude=&longitude='))).to.equal(null);
    expect(positionFromQuery(params('latitude=91&longitude=0'))).to.equal(null);
  });
});
