import type { Request, Response } from 'express';
import fresh from 'fresh';
import type { Logger } from 'pino';
import type { SplicedBody } from './page-cache/spliced-body';
import { logRequest } from './request-log';
import { newCspNonce } from './security-headers';

/** An answer worked out once and sent many times: a kept page, a cached API read. */
export interface PreparedResponse {
  /** What it answers besides the security headers and the body's length, as a flat list. */
  headers: readonly string[];
  etag: string;
  body: SplicedBody;
}

/** Writes a prepared answer in one go, with no middleware before it. */
export type SendPrepared = (req: Request, res: Response, prepared: PreparedResponse) => void;

/**
 * Sends prepared answers with the headers every response gets (`securityHeaders`, a flat list
 * for a nonce), a nonce of their own, gzipped when the client takes gzip, 304 on a matching
 * If-None-Match, and the log line every other request gets.
 */
export function preparedResponder(securityHeaders: (nonce: string, secure: boolean) => string[], logger: Logger): SendPrepared {
  return (req, res, { headers: own, etag, body }) => {
    const started = performance.now();
    const nonce = newCspNonce();
    const headers = securityHeaders(nonce, req.secure);
    headers.push(...own);
    if (fresh(req.headers, { etag })) {
      res.writeHead(304, headers).end();
    } else {
      const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
      const bytes = gzip ? body.gzip(nonce) : body.plain(nonce);
      if (gzip) headers.push('Content-Encoding', 'gzip');
      headers.push('Content-Length', String(bytes.length));
      res.writeHead(200, headers);
      if (req.method !== 'HEAD') {
        // One writev of every piece, none copied.
        res.cork();
        for (const piece of bytes.pieces) res.write(piece);
        res.uncork();
      }
      res.end();
    }
    if (logger.isLevelEnabled('info')) logRequest(logger, req, res, started);
  };
}
