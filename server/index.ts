/** npm start: migrate, seed an empty database, serve, and shut down cleanly on SIGTERM. */
import { migrateToLatest } from './db/migrate';
import { startErrorReporting } from './error-reporting';
import { createLogger } from './logger';
import { createMediaStorageFromConfig } from './media-storage';
import { seedDemoContentIfEmpty } from './seed/demo-content';
import { serve } from './serve';
import { openConfigured, runMain } from './startup';

runMain(async () => {
  const { config, database } = await openConfigured();
  const logger = createLogger(config);
  await migrateToLatest(database.db);
  if (await seedDemoContentIfEmpty(database.db, createMediaStorageFromConfig(config), logger, config.PORT)) logger.info('Empty database: demo content created');
  await serve({ config, database, logger, reportError: await startErrorReporting(config) });
});
