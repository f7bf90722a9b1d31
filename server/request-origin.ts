import type { IncomingMessage } from 'node:http';

/** Express's compiled `trust proxy` setting: whether the hop at `index` (0: the socket's peer) is trusted. */
export type TrustProxy = (address: string | undefined, index: number) => boolean;

/** The scheme and Host a request was made for. */
export interface RequestOrigin {
  protocol: string;
  /** The Host header, or a trusted proxy's X-Forwarded-Host; undefined when there is neither. */
  host: string | undefined;
  secure: boolean;
}

/** The first of a header's comma-separated values, as Express reads the X-Forwarded-* headers. */
function firstValue(value: string): string {
  const comma = value.indexOf(',');
  return comma < 0 ? value : value.slice(0, comma);
}

/**
 * What Express's req.protocol, req.host and req.secure answer, for a request that has not been
 * through Express: a proxy's X-Forwarded-Proto and X-Forwarded-Host count only when `trust`
 * trusts the peer the request came from.
 */
export function requestOrigin(req: IncomingMessage, trust: TrustProxy): RequestOrigin {
  const ownProtocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress, 0)) {
    return { protocol: ownProtocol, host: req.headers.host || undefined, secure: ownProtocol === 'https' };
  }
  const forwardedProto = req.headers['x-forwarded-proto'];
  const protocol = firstValue(typeof forwardedProto === 'string' && forwardedProto ? forwardedProto : ownProtocol).trim();
  const forwardedHost = req.headers['x-forwarded-host'];
  const host = typeof forwardedHost === 'string' && forwardedHost ? firstValue(forwardedHost).trimEnd() : req.headers.host;
  return { protocol, host: host || undefined, secure: protocol === 'https' };
}
