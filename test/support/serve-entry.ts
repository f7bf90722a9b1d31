/**
 * Serves an already migrated database the way npm start does, without migrating or seeding it:
 * the database outage test runs this as a child process to signal it.
 */
import { createLogger } from '../../server/logger';
import { serve } from '../../server/serve';
import { openConfigured, runMain } from '../../server/startup';

runMain(async () => {
  const { config, database } = await openConfigured();
  await serve({ config, database, logger: createLogger(config) });
});
