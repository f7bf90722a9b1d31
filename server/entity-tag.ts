import { crc32 } from 'node:zlib';

/**
 * A weak validator of a response body, made from its byte length and CRC-32: a body that changes
 * keeps both by a chance of one in billions, and a client holding the old one merely revalidates
 * again later. A cryptographic digest buys nothing here, and SHA-1 cost a rendered page three
 * times as long (the render's ETag was 4% of its time). Computed on every rendered page, so cheap
 * matters.
 */
export function weakEntityTag(body: Buffer): string {
  return `W/"${body.length.toString(36)}-${crc32(body).toString(36)}"`;
}
