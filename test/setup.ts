import { buildClient } from '../scripts/build-client';
import { closeTestDatabase } from './support/database';
import { moveWallClock } from './support/wall-clock';

const restoreWallClock = process.env.TEST_WALL_CLOCK ? moveWallClock(process.env.TEST_WALL_CLOCK) : undefined;

/** Builds the browser bundle once, so served pages reference real hashed files. */
export async function mochaGlobalSetup(): Promise<void> {
  await buildClient({ minify: false });
}

/** Closes (and on a server, drops) the run's database. */
export async function mochaGlobalTeardown(): Promise<void> {
  await closeTestDatabase();
  restoreWallClock?.();
}
