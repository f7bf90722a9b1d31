import { expect } from 'chai';
import * as z from 'zod/mini';
import { locationHoursSchema, locationListResponseSchema, locationSchema } from '../../client/lib/location-schemas';
import { boundingBox, haversineMiles } from '../../server/models/locations';
import { sampleLocation } from '../support/locations';

const CITIES = {
  newYork: { latitude: 40.7128, longitude: -74.006 },
  losAngeles: { latitude: 34.0522, longitude: -118.2437 },
  boston: { latitude: 42.3601, longitude: -71.0589 },
  chicago: { latitude: 41.8781, longitude: -87.6298 },
};

describe('location schemas', () => {
  it('accepts a complete location with and without the optional fields', () => {
    expect(locationSchema.safeParse(sampleLocation()).success).to.equal(true);
    const full = sampleLocation({
      address2: 'Suite 2',
      countryRootURL: 'https://www.redharbor.example/',
      localPageURL: 'ma/boston/100-harbor-st',
      estimatedWaitTime: '15 min',
      waitListMaxPartySize: 8,
      waitListReady: true,
    });
    expect(locationSchema.parse(full)).to.deep.equal(full);
  });

  it('accepts weekdays 0 to 6 only, as whole numbers', () => {
    for (const dayOfWeek of [0, 6]) expect(locationHoursSchema.safeParse({ dayOfWeek, open: '11:00', close: '22:00' }).success).to.equal(true);
    for (const dayOfWeek of [-1, 7, 1.5]) expect(locationHoursSchema.safeParse({ dayOfWeek, open: '11:00', close: '22:00' }).success).to.equal(false);
  });

  it('rejects times that are not HH:MM', () => {
    expect(locationHoursSchema.safeParse({ dayOfWeek: 1, open: '9:00', close: '22:00' }).success).to.equal(false);
    expect(locationHoursSchema.safeParse({ dayOfWeek: 1, open: '11:00', close: '24:00' }).success).to.equal(false);
  });

  it('rejects a location missing a required field or with a wrong type', () => {
    const { city: _city, ...withoutCity } = sampleLocation();
    expect(locationSchema.safeParse(withoutCity).success).to.equal(false);
    expect(locationSchema.safeParse({ ...sampleLocation(), hasDelivery: 'yes' }).success).to.equal(false);
  });

  it('describes the list response with a nullable current location', () => {
    const response = { totalLocations: 1, locations: [{ distance: 1.5, location: sampleLocation() }], currentLocation: null };
    expect(locationListResponseSchema.safeParse(response).success).to.equal(true);
    expect(locationListResponseSchema.safeParse({ ...response, currentLocation: undefined }).success).to.equal(false);
  });
});

describe('haversineMiles', () => {
  const within = (actual: number, expected: number) => expect(Math.abs(actual - expected) / expected).to.be.below(0.005);

  it('matches known city distances within 0.5%', () => {
    within(haversineMiles(CITIES.newYork, CITIES.losAngeles), 2445);
    within(haversineMiles(CITIES.boston, CITIES.chicago), 851);
  });

  it('is zero for one point and symmetric', () => {
    expect(haversineMiles(CITIES.boston, CITIES.boston)).to.equal(0);
    expect(haversineMiles(CITIES.boston, CITIES.chicago)).to.be.closeTo(haversineMiles(CITIES.chicago, CITIES.boston), 1e-9);
  });
});

describe('boundingBox', () => {
  it('holds every point at the radius in each direction', () => {
    const box = boundingBox({ ...CITIES.boston, radiusMiles: 100 });
    expect(box.longitudes).to.not.equal(null);
    expect(haversineMiles(CITIES.boston, { latitude: box.maxLatitude, longitude: CITIES.boston.longitude })).to.be.closeTo(100, 0.01);
    expect(haversineMiles(CITIES.boston, { latitude: CITIES.boston.latitude, longitude: box.longitudes!.max })).to.be.at.least(100);
  });

  it('wraps across the antimeridian and opens up near a pole', () => {
    expect(boundingBox({ latitude: 0, longitude: 179.5, radiusMiles: 100 }).longitudes).to.include({ wraps: true });
    expect(boundingBox({ latitude: 89.5, longitude: 0, radiusMiles: 100 }).longitudes).to.equal(null);
  });
});

describe('demoLocations', () => {
  it('gives at least 600 valid locations over every state and several provinces, the same every run', async () => {
    const { demoLocations } = await import('../../server/seed/demo-locations');
    const locations = demoLocations();
    expect(locations.length).to.be.at.least(600);
    expect(JSON.stringify(demoLocations())).to.equal(JSON.stringify(locations));
    // Their zones come from their coordinates when they are stored.
    for (const location of locations) z.omit(locationSchema, { timeZone: true }).parse(location);
    expect(new Set(locations.map((location) => location.rlid)).size).to.equal(locations.length);
    expect(new Set(locations.filter((location) => location.country === 'US').map((location) => location.state)).size).to.equal(51);
    expect(new Set(locations.filter((location) => location.country === 'CA').map((location) => location.state)).size).to.be.at.least(5);
    expect(locations.some((location) => location.isTemporarilyClosed)).to.equal(true);
  });

  it('names every US city as the place calls itself, never by a postal abbreviation', async () => {
    const { demoLocations } = await import('../../server/seed/demo-locations');
    const { gazetteerPlaces } = await import('../../server/gazetteer');
    const places = new Set(gazetteerPlaces().map((place) => `${place.name.split(',')[0]}|${place.region}`));
    const cities = new Set(
      demoLocations()
        .filter((location) => location.country === 'US')
        .map((location) => `${location.city}|${location.state}`),
    );
    expect([...cities].filter((city) => !places.has(city))).to.deep.equal([]);
    expect([...cities]).to.include.members(['Atlanta|GA', 'Birmingham|AL', 'Honolulu|HI', 'Minot Air Force Base|ND', "Coeur d'Alene|ID"]);
    for (const abbreviation of ['Atl|GA', 'Bham|AL', 'Hon|HI', 'J B P H H|HI', 'Jber|AK', 'Minot Afb|ND']) expect(cities).to.not.include(abbreviation);
  });
});
