/** How PostgreSQL runs the nearest-locations search, for the bench's seeding to print. */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { nearestLocationsQuery, type NearestLocationsOptions } from './locations';

/** Refreshes the planner's statistics of the locations table, as after a bulk insert. */
export async function analyzeLocations(db: Db): Promise<void> {
  await sql`analyze locations`.execute(db);
}

/** The lines of EXPLAIN ANALYZE for a nearest-locations search. */
export async function explainNearestLocations(db: Db, search: NearestLocationsOptions): Promise<string[]> {
  const compiled = nearestLocationsQuery(db, search).compile();
  const plan = await sql.raw<{ 'QUERY PLAN': string }>(`explain analyze ${inlineParameters(compiled.sql, compiled.parameters)}`).execute(db);
  return plan.rows.map((row) => row['QUERY PLAN']);
}

// EXPLAIN takes no bind parameters; the search's parameters are all numbers, so inline them.
function inlineParameters(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, position: string) => {
    const value = parameters[Number(position) - 1];
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`Unexpected parameter ${String(value)}`);
    return `(${value})`;
  });
}
