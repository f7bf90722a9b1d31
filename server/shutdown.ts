import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';
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
 * How long a connection idle at the signal stays open for a request already on its way (sent as
 * the last response arrived, or not yet read by a busy process), which is then answered instead of
 * reset; closing it at once reset such requests of clients under load.
 */
const KEEP_ALIVE_SETTLE_MS = 1000;

/**
 * A signal handler that stops the process: no new connections or background rounds, in-flight
 * requests finish, each kept-alive connection closes after its last response (which says
 * `Connection: close`), the database closes, exit 0. When the grace period runs out first (a
 * request or the pool waiting on a database that does not answer) it cuts the connections left
 * and exits 1, since the orchestrator would otherwise kill it without a word.
 *
 * Made before the server listens: it follows each connection's response from the first request.
 */
export function gracefulShutdown({ server, stopWorkers, closeDatabase, logger, graceMs, exit = (code) => process.exit(code) }: ShutdownOptions): (signal: string) => void {
  let draining = false;
  const latestResponses = followLatestResponses(server, () => draining);

  const closed = () => {
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
  };

  return (signal) => {
    if (draining) return;
    draining = true;
    stopWorkers();
    logger.info({ signal, graceMs }, 'Shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      logger.warn('Requests or the database did not finish within the grace period; exiting anyway');
      server.closeAllConnections();
      exit(1);
    }, graceMs);
    deadline.unref();
    const settleMs = Math.min(KEEP_ALIVE_SETTLE_MS, graceMs / 2);
    const closeIdleSoon = () => setTimeout(() => server.closeIdleConnections(), settleMs).unref();
    for (const res of latestResponses.values()) closeConnectionAfter(res, closeIdleSoon);
    latestResponses.clear();
    // net's close, not http's: that one also drops every idle connection at once (see above).
    Reflect.apply(net.Server.prototype.close, server, [closed]);
    closeIdleSoon();
  };
}

/**
 * Each open connection's latest response, kept until the signal; from then on (`isDraining`)
 * every new response says `Connection: close`, and Node closes its connection once it is sent.
 */
function followLatestResponses(server: Server, isDraining: () => boolean): Map<Socket, ServerResponse> {
  const latest = new Map<Socket, ServerResponse>();
  server.on('connection', (socket: Socket) => socket.once('close', () => latest.delete(socket)));
  // Before the app's own listener, so that even an answer written at once (a kept page) has it.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isDraining()) res.shouldKeepAlive = false;
    else latest.set(req.socket, res);
  });
  return latest;
}

/** Makes a connection close once its response `res`, in flight when the signal came, is sent. */
function closeConnectionAfter(res: ServerResponse, closeIdleSoon: () => void): void {
  if (!res.headersSent) res.shouldKeepAlive = false;
  // Its headers already promised keep-alive: once it is sent, the connection is idle.
  else if (!res.writableFinished) res.once('finish', closeIdleSoon);
}
