import type { Db } from '../db/database';
import { insertQueuedEntries, newPlanAheadId } from '../models/waitlist/queue';
import { insertTurnSettings, locationsWithWaitListOn, refreshLocationEstimates } from '../models/waitlist/location-waitlist';
import { seededRandom } from './demo-locations';

const FIRST_NAMES = ['Maya', 'Luis', 'Grace', 'Owen', 'Priya', 'Sam', 'Nora', 'Eli', 'Zoe', 'Marcus', 'Ivy', 'Theo', 'Ana', 'Ben', 'Chloe', 'Dev'];
const LAST_NAMES = ['Nguyen', 'Patel', 'Garcia', 'Smith', 'Kim', 'Okafor', 'Rossi', 'Brown', 'Cohen', 'Silva', 'Murphy', 'Lee'];

/**
 * Gives the demo restaurants with a wait list a few parties already waiting (as the host stand
 * would have added them) and each its own turn settings, then lets the engine set every
 * location's estimate, so the site's "Current wait" differs from place to place.
 */
export async function seedDemoWaitlists(db: Db, demoRlids: readonly number[]): Promise<void> {
  const random = seededRandom(20261123);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  if (!demoRlids.length) return;
  // Only the demo chain's own restaurants: a database may hold others (the bench's, an import).
  const locations = await locationsWithWaitListOn(db, demoRlids);
  if (!locations.length) return;
  await insertTurnSettings(
    db,
    locations.map((rlid) => ({ rlid, turnTimeMinutes: 35 + 5 * Math.floor(random() * 6), tables: 8 + Math.floor(random() * 12) })),
  );
  const entries = locations.flatMap((rlid) =>
    Array.from({ length: Math.floor(random() * 9) }, (_, index) => ({
      plan_ahead_id: newPlanAheadId(),
      rlid,
      party_size: 1 + Math.floor(random() * 6),
      first_name: pick(FIRST_NAMES),
      last_name: pick(LAST_NAMES),
      phone: `(555) 555-${String(1000 + Math.floor(random() * 9000))}`,
      source: 'walk_in' as const,
      position: index + 1,
    })),
  );
  await insertQueuedEntries(db, entries);
  await refreshLocationEstimates(db, locations);
}
