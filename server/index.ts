/**
 * npm start: migrate, seed an empty database, serve, and shut down cleanly on SIGTERM. With
 * WEB_CONCURRENCY above 1 the primary process migrates and seeds, then forks that many workers.
 *
 * What each step needs is loaded once the settings and the database have been found good: a bad
 * setting is reported before the app is loaded, the primary of several workers never loads the
 * app, and a worker never loads the seed.
 */
import cluster from 'node:cluster';
import { migrateToLatest } from './db/migrate';
import { createLogger } from './logger';
import { openConfigured, runMain } from './startup';

runMain(async () => {
  const { config, database } = await openConfigured();
  const logger = createLogger(config);
  if (cluster.isPrimary) {
    await migrateToLatest(database.db);
    const [{ seedDemoContentIfEmpty }, { createMediaStorageFromConfig }] = await Promise.all([import('./seed/demo-content'), import('./media-storage')]);
    if (await seedDemoContentIfEmpty(database.db, createMediaStorageFromConfig(config), logger, config.PORT)) logger.info('Empty database: demo content created');
  }
  if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
    await database.close();
    logger.info({ workers: config.WEB_CONCURRENCY }, 'Starting worker processes');
    const { superviseWorkers } = await import('./workers');
    return superviseWorkers(config.WEB_CONCURRENCY, logger);
  }
  const [{ serve }, { startErrorReporting }] = await Promise.all([import('./serve'), import('./error-reporting')]);
  await serve({ config, database, logger, reportError: await startErrorReporting(config), backgroundWork: config.WORKER_SLOT === 0 });
});
