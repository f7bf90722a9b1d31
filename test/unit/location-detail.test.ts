import { expect } from 'chai';
import type { Location } from '../../client/lib/location-schemas';
import { orderUrl } from '../../client/lib/location-links';
import { locationDetail, restaurantStructuredData } from '../../server/pagetypes/location-detail';

const location: Location = {
  rlid: 7,
  restaurantNumber: '00007',
  address1: '1 Harbor Way',
  city: 'Halifax',
  state: 'NS',
  country: 'CA',
  countryRootURL: 'https://www.redharbor.example/ca/',
  zip: 'B3H 1A1',
  longitude: -63.5752387,
  latitude: 44.6487635,
  timeZone: 'America/Halifax',
  hours: [
    { dayOfWeek: 6, open: '16:30', close: '00:30' },
    { dayOfWeek: 6, open: '11:00', close: '14:30' },
    { dayOfWeek: 0, open: '11:00', close: '14:30' },
  ],
  curbsideHours: [],
  deliveryHours: [{ dayOfWeek: 1, open: '12:00', close: '20:00' }],
  phone: '(902) 555-0100',
  hasCurbside: false,
  hasDelivery: true,
  hasOnlineOrdering: false,
  hasTakeOut: true,
  isDiningRoomOpened: true,
  isTemporarilyClosed: false,
  outsideDining: false,
  isReservationsEnabled: false,
};

describe('location detail', () => {
  it('lists every kind of hours Monday first, split days in order, Closed on days without hours', () => {
    const detail = locationDetail(location, '/x/', { googleMapsApiKey: undefined, origin: 'https://example.test' });
    expect(detail.hours.map((entry) => entry.type_name)).to.deep.equal(['Operation', 'Curbside', 'Delivery']);
    const operation = detail.hours[0]!.days;
    expect(operation.map((day) => day.day_name)).to.deep.equal(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(operation[5]!.hours).to.deep.equal(['11:00 AM – 2:30 PM', '4:30 PM – 12:30 AM']);
    expect(operation[0]!.hours).to.deep.equal(['Closed']);
    expect(detail.order_url).to.equal(null);
    expect(detail.services).to.deep.equal(['Dine-In', 'To Go', 'Delivery']);
    expect(detail.map_image_url_mobile).to.equal('/location-map/7/mobile.png');
  });

  it('orders online on the country root address, else on the current one', () => {
    expect(orderUrl(location, 'https://example.test')).to.equal('https://www.redharbor.example/ca/order?rlid=7');
    expect(orderUrl({ rlid: 7, countryRootURL: 'https://www.redharbor.example/ca' }, 'https://example.test')).to.equal('https://www.redharbor.example/ca/order?rlid=7');
    expect(orderUrl({ rlid: 7 }, 'https://example.test')).to.equal('https://example.test/order?rlid=7');
  });

  it('groups days that share a span in the JSON-LD and keeps a span past midnight whole', () => {
    const detail = locationDetail(location, '/local/', { googleMapsApiKey: undefined, origin: 'https://example.test' });
    const data = restaurantStructuredData('Red Harbor Halifax', detail, 'https://example.test');
    expect(data['@id']).to.equal('https://example.test/local/#restaurant');
    expect(data.geo).to.deep.equal({ '@type': 'GeoCoordinates', latitude: 44.64876, longitude: -63.57524 });
    expect(data.openingHoursSpecification).to.deep.equal([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '16:30', closes: '00:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Sunday', 'https://schema.org/Saturday'], opens: '11:00', closes: '14:30' },
    ]);
  });
});
