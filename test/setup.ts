import { buildClientIfChanged } from '../scripts/build-client';
import { closeTestDatabase, dropRunDatabases, startTestRun } from './support/database';
import { moveWallClock } from './support/wall-clock';

const restoreWallClock = process.env.TEST_WALL_CLOCK ? moveWallClock(process.env.TEST_WALL_CLOCK) : undefined;

/** Builds the browser bundle when its sources changed, so served pages reference real hashed files. */
export async function mochaGlobalSetup(): Promise<void> {
  startTestRun();
  await buildClientIfChanged({ minify: false });
}

/** Closes (and on a server, drops) the run's database. */
export async function mochaGlobalTeardown(): Promise<void> {
  await closeTestDatabase();
  await dropRunDatabases();
  restoreWallClock?.();
}
