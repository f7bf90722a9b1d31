import type { Server } from 'node:http';
import type { Logger } from 'pino';

/** What a graceful shutdown stops, and how long it may take. */
export interface ShutdownOptions {
  server: Server;
  /** Stops the background workers taking new rounds. */
  stopWorkers(): void;
  closeDatabase(): Promise<void>;
  logger: Logger;
  graceMs: number;
  exit?: (code: number) => void;
}

/**
 * A signal handler that stops the process: no new connections or background rounds, in-flight
 * requests finish, the database closes, exit 0. When the grace period runs out first (a request
 * or the pool waiting on a database that does not answer) it exits 1 anyway, since the
 * orchestrator would otherwise kill it without a word.
 */
export function gracefulShutdown({ server, stopWorkers, closeDatabase, logger, graceMs, exit = (code) => process.exit(code) }: ShutdownOptions): (signal: string) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
    stopWorkers();
    logger.info({ signal, graceMs }, 'Shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      logger.warn('Requests or the database did not finish within the grace period; exiting anyway');
      exit(1);
    }, graceMs);
    deadline.unref();
    server.close(() => {
      closeDatabase().then(
        () => {
          logger.info('Stopped');
          exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'Closing the database failed');
          exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
}
