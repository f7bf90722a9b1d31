import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { loadAssetManifest } from './asset-manifest';
import { createApp } from './app';
import { systemClock } from './clock';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { ReportError } from './error-reporting';
import { startOutboxWorker } from './mail/outbox-worker';
import { startScheduler } from './scheduler';
import { watchPublicPagesGeneration } from './page-cache/page-cache';
import { gracefulShutdown } from './shutdown';

/** What serving needs: the configuration and an open, migrated database. */
export interface ServeOptions {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  reportError?: ReportError;
  /** Whether this process also sends the outbox and runs the scheduler: one process of several does. */
  backgroundWork?: boolean;
}

/**
 * Serves the site on the configured port with the background workers, and shuts down on
 * SIGTERM or SIGINT within SHUTDOWN_GRACE_SECONDS.
 */
export async function serve({ config, database, logger, reportError, backgroundWork = true }: ServeOptions): Promise<Server> {
  // Known from the database's NOTIFYs: a kept page is served without a round trip.
  const publicPagesGeneration = watchPublicPagesGeneration(database.db, database.listen);
  const app = createApp({
    config,
    db: database.db,
    logger,
    manifest: loadAssetManifest(),
    reportError,
    pingDatabase: database.ping,
    databaseWatch: database.watch,
    clock: systemClock,
    publicPagesGeneration,
  });
  const server: Server = app.listen(config.PORT, config.HOST);
  const background: { stop(): void }[] = [];
  // Made in the tick that listens, before any connection can come: it follows every response.
  const shutdown = gracefulShutdown({
    server,
    stopWorkers: () => {
      for (const worker of background) worker.stop();
    },
    closeDatabase: async () => {
      await publicPagesGeneration.stop();
      await database.close();
    },
    logger,
    graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
  });
  // Every signal, not only the first: a repeat (a supervisor signalling the whole process group
  // besides the cluster primary relaying it) would otherwise kill the process mid-drain.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, database: database.kind }, `Serving on http://localhost:${port}`);
  if (backgroundWork) background.push(startOutboxWorker(database.db, config, logger), startScheduler(database.db, logger, systemClock));
  return server;
}
