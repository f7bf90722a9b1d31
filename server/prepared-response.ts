import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import accepts from 'accepts';
import fresh from 'fresh';
import type { Logger } from 'pino';
import { logRequest } from './request-log';
import type { SecurityHeaderList } from './security-headers';

/** An answer worked out once and sent many times: a kept page, a cached API read. */
export interface PreparedResponse {
  /** What it answers besides the security headers and the body's length, as a flat list. */
  headers: readonly string[];
  etag: string;
  body: Buffer;
}

/**
 * Writes a prepared answer in one go, with no middleware before it; `secure`: whether the request
 * came over HTTPS (as req.secure says, or the origin a handler answering first was given); `once`:
 * the answer and its body are sent this once (a page rendered for this request and not kept), so
 * how they went out is not remembered for the next request.
 */
export type SendPrepared = (req: IncomingMessage, res: ServerResponse, prepared: PreparedResponse, secure: boolean, once?: boolean) => void;

/** One way of sending a prepared answer: its whole header list and its bytes. */
interface Variant {
  headers: string[];
  body: Buffer;
}

/** The four ways an answer goes out (plain or gzip, over HTTP or HTTPS) and its 304s, each made on first use. */
interface Variants {
  sent: Partial<Record<'http' | 'https' | 'http-gzip' | 'https-gzip', Variant>>;
  notModified: Partial<Record<'http' | 'https', string[]>>;
}

/** How many Accept-Encoding values the answer to "gzip?" is remembered for: browsers send a handful. */
const ACCEPT_ENCODINGS_KEPT = 100;

/**
 * Sends prepared answers with the headers every response gets (`security`), gzipped when the
 * client takes gzip, 304 on a matching If-None-Match, and the log line every other request
 * gets. Everything but the choice between the variants is worked out on the first send: the
 * header lists, the compressed bytes, whether an Accept-Encoding takes gzip.
 */
export function preparedResponder(security: SecurityHeaderList, logger: Logger): SendPrepared {
  const variantsOf = new WeakMap<PreparedResponse, Variants>();
  // By body: two answers of one body (a page rendered, then kept) compress it once.
  const gzippedOf = new WeakMap<Buffer, Buffer>();
  const gzipAccepted = new Map<string, boolean>();

  function takesGzip(req: IncomingMessage): boolean {
    const header = req.headers['accept-encoding'];
    // No Accept-Encoding: identity, as the negotiation below would also answer.
    if (header === undefined) return false;
    let gzip = gzipAccepted.get(header);
    if (gzip === undefined) {
      gzip = accepts(req).encoding('gzip', 'identity') === 'gzip';
      if (gzipAccepted.size < ACCEPT_ENCODINGS_KEPT) gzipAccepted.set(header, gzip);
    }
    return gzip;
  }

  function gzipped(body: Buffer, once: boolean): Buffer {
    let bytes = gzippedOf.get(body);
    if (!bytes) {
      bytes = gzipSync(body);
      if (!once) gzippedOf.set(body, bytes);
    }
    return bytes;
  }

  function variant(prepared: PreparedResponse, variants: Variants, secure: boolean, gzip: boolean, once: boolean): Variant {
    const name = `${secure ? 'https' : 'http'}${gzip ? '-gzip' : ''}` as const;
    let known = variants.sent[name];
    if (!known) {
      const body = gzip ? gzipped(prepared.body, once) : prepared.body;
      const headers = [...(secure ? security.https : security.http), ...prepared.headers];
      if (gzip) headers.push('Content-Encoding', 'gzip');
      headers.push('Content-Length', String(body.length));
      known = variants.sent[name] = { headers, body };
    }
    return known;
  }

  return (req, res, prepared, secure, once = false) => {
    const started = performance.now();
    let variants = variantsOf.get(prepared);
    if (!variants) {
      variants = { sent: {}, notModified: {} };
      // A weak map's entry lasts until a full collection: one for every rendered page grew the
      // old generation into a full collection a second, a tenth of a rendered page's time.
      if (!once) variantsOf.set(prepared, variants);
    }
    if (fresh(req.headers, { etag: prepared.etag })) {
      const scheme = secure ? 'https' : 'http';
      res.writeHead(304, (variants.notModified[scheme] ??= [...security[scheme], ...prepared.headers])).end();
    } else {
      const { headers, body } = variant(prepared, variants, secure, takesGzip(req), once);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    }
    if (logger.isLevelEnabled('info')) logRequest(logger, req, res, started);
  };
}
