import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { redactRequestUrl } from './redact-request-url';

declare module 'http' {
  interface IncomingMessage {
    /** The logger for what a request's handlers have to say. */
    log?: Logger;
  }
}

/**
 * Logs a request that was answered, or abandoned by its client, at info level: method, address
 * with its secrets redacted, status and milliseconds taken, in the shape pino-http gave.
 */
export function logRequest(logger: Logger, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, startedAt: number): void {
  const responseTime = Math.round(performance.now() - startedAt);
  const message = !res.writableEnded ? 'request aborted' : res.statusCode >= 500 ? 'request errored' : 'request completed';
  logger.info({ req: { method: req.method, url: redactRequestUrl(req.originalUrl ?? req.url ?? '') }, res: { statusCode: res.statusCode }, responseTime }, message);
}

/**
 * Gives every request the process logger and, while info is logged, one line when it is done.
 * Static files are not logged. It costs a property when info is off: no child logger and no
 * listener per request, which pino-http paid on every request whatever the level.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    req.log = logger;
    if (!req.url.startsWith('/static/')) logWhenDone(logger, req, res);
    next();
  };
}

/** While info is logged, logs the request's line once it is answered or abandoned. */
export function logWhenDone(logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info')) return;
  const startedAt = performance.now();
  let logged = false;
  // 'finish' once the answer is handed over; 'close' alone when the client left before.
  const log = () => {
    if (!logged) logRequest(logger, req, res, startedAt);
    logged = true;
  };
  res.once('finish', log);
  res.once('close', log);
}
