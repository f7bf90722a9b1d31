/** npm start: migrate, seed an empty database, serve, and shut down cleanly on SIGTERM. */
import type { Server } from 'node:http';
import { loadAssetManifest } from './asset-manifest';
import { createApp } from './app';
import { systemClock } from './clock';
import { migrateToLatest } from './db/migrate';
import { startErrorReporting } from './error-reporting';
import { createLogger } from './logger';
import { createMediaStorage, mediaRoot } from './media-storage';
import { startOutboxWorker } from './mail/outbox-worker';
import { startScheduler } from './scheduler';
import { seedDemoContentIfEmpty } from './seed/demo-content';
import { openConfigured, runMain } from './startup';

const SHUTDOWN_GRACE_MS = 10_000;

runMain(async () => {
  const { config, database } = await openConfigured();
  const logger = createLogger(config);
  await migrateToLatest(database.db);
  if (await seedDemoContentIfEmpty(database.db, createMediaStorage(mediaRoot(config)), logger)) logger.info('Empty database: demo content created');
  const app = createApp({ config, db: database.db, logger, manifest: loadAssetManifest(), reportError: await startErrorReporting(config), clock: systemClock });
  const server: Server = app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  logger.info({ port: config.PORT, database: database.kind }, `Serving on http://localhost:${config.PORT}`);
  const outbox = startOutboxWorker(database.db, config, logger);
  const scheduler = startScheduler(database.db, logger, systemClock);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    outbox.stop();
    scheduler.stop();
    logger.info({ signal }, 'Shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('In-flight requests did not finish in time; closing connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(() => {
      database
        .close()
        .then(() => logger.info('Stopped'))
        .catch((error: unknown) => logger.error({ err: error }, 'Closing the database failed'))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
});
