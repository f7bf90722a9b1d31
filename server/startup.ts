import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseUnavailableError, openDatabase, type DatabaseHandle } from './db/database';
import { MigrationError } from './db/migrate';
import { databaseTargetFor } from './db/target';
import { MissingAssetsError } from './asset-manifest';

const OPERATOR_ERRORS = [ConfigError, DatabaseUnavailableError, MigrationError, MissingAssetsError];

/**
 * Runs a command-line entry point: errors an operator can fix print one clear line, anything
 * else prints its stack; both exit non-zero.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (OPERATOR_ERRORS.some((type) => error instanceof type)) {
      console.error(`Error: ${(error as Error).message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

/** Loads the configuration and opens the database it names. */
export async function openConfigured(): Promise<{ config: Config; database: DatabaseHandle }> {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetFor(config));
  return { config, database };
}
