/**
 * tsx scripts/seed-bench-locations.ts: migrates the database named by DATA_DIR (or DATABASE_URL),
 * replaces the bench locations with BENCH_LOCATIONS (default 50,000) deterministic ones spread
 * over the continental US, and prints the EXPLAIN plan of a nearest-locations search. Run before
 * the server starts: two processes must not open one PGlite folder.
 */
import { migrateToLatest } from '../server/db/migrate';
import { openDatabase } from '../server/db/database';
import { databaseTargetFor } from '../server/db/target';
import { configSchema } from '../server/config';
import { analyzeLocations, explainNearestLocations } from '../server/models/location-search-plan';
import { deleteLocationsInRange, insertLocations, type LocationInput } from '../server/models/locations';
import { seededRandom } from '../server/seed/demo-locations';
import { saveWaitlistSettings } from '../server/models/waitlist/location-waitlist';
import { BENCH_FIRST_RLID, BENCH_RLID_RANGE, BENCH_SEARCH, BENCH_WAITLIST_RLID } from './bench-constants';

const COUNT = Number(process.env.BENCH_LOCATIONS ?? 50_000);
const HOURS = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '11:00', close: dayOfWeek >= 5 ? '23:00' : '22:00' }));

function benchLocations(count: number): LocationInput[] {
  const random = seededRandom(50_000);
  return Array.from({ length: count }, (_, index) => {
    const rlid = BENCH_FIRST_RLID + index;
    return {
      rlid,
      restaurantNumber: String(rlid),
      address1: `${100 + (index % 9000)} Bench St`,
      city: 'Benchville',
      state: 'KS',
      country: 'US',
      zip: '66101',
      latitude: 25 + random() * 24,
      longitude: -124 + random() * 57,
      hours: HOURS,
      curbsideHours: [],
      deliveryHours: [],
      phone: '(555) 555-0100',
      hasCurbside: random() < 0.5,
      hasDelivery: random() < 0.5,
      hasOnlineOrdering: true,
      hasTakeOut: true,
      isDiningRoomOpened: true,
      isTemporarilyClosed: false,
      outsideDining: false,
      isReservationsEnabled: false,
    };
  });
}

async function main(): Promise<void> {
  const target = databaseTargetFor({ ...configSchema.parse(process.env), DATABASE_POOL_SIZE: 2 });
  const { db, close } = await openDatabase(target);
  try {
    await migrateToLatest(db);
    await deleteLocationsInRange(db, BENCH_FIRST_RLID, BENCH_FIRST_RLID + BENCH_RLID_RANGE);
    const started = Date.now();
    const locations = benchLocations(COUNT);
    // One restaurant that is always open with its wait list on, for the join and status benches.
    const waitList = {
      ...locations[0]!,
      rlid: BENCH_WAITLIST_RLID,
      hours: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '00:00', close: '00:00' })),
      waitListReady: true,
      waitListMaxPartySize: 8,
    };
    await insertLocations(db, [...locations, waitList]);
    await saveWaitlistSettings(db, { rlid: BENCH_WAITLIST_RLID, waitListOpen: true, maxPartySize: 8, turnTimeMinutes: 45, tables: 12 });
    await analyzeLocations(db);
    console.log(`Seeded ${COUNT} bench locations in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    console.log('EXPLAIN of the nearest-locations search:');
    for (const line of await explainNearestLocations(db, BENCH_SEARCH)) console.log(`  ${line}`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
