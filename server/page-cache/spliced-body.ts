import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A gzip member's header: deflate, no name, no time, unknown OS (RFC 1952, 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** Most bytes one stored deflate block holds (RFC 1951, 3.2.4). */
const STORED_BLOCK_MAX = 0xffff;
/** An empty final stored block: ends the deflate stream whatever the last part held. */
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/**
 * A kept page's bytes around the places where each response puts its own CSP nonce, plain and
 * gzip-compressed once. A response's gzip body is the compressed parts with the nonce spliced in
 * between as stored deflate blocks: each part is deflated on its own and ends byte-aligned with a
 * sync flush, so the pieces chain into one valid deflate stream, closed by an empty final block.
 * A hit then costs a CRC over the page instead of compressing it again.
 */
export interface SplicedBody {
  /** The page with `nonce` at every cut. */
  plain(nonce: string): BodyPieces;
  /** The same bytes as one gzip member. */
  gzip(nonce: string): BodyPieces;
}

/** A body as the pieces it is written in, without copying them into one buffer. */
export interface BodyPieces {
  pieces: Buffer[];
  length: number;
}

const piecesOf = (pieces: Buffer[]): BodyPieces => ({ pieces, length: pieces.reduce((total, piece) => total + piece.length, 0) });

export function splicedBody(parts: readonly string[]): SplicedBody {
  const plainParts = parts.map((part) => Buffer.from(part, 'utf8'));
  const last = plainParts.length - 1;
  // Compressed on the first response that takes gzip: a page only bots fetch never is.
  let deflatedParts: Buffer[] | undefined;

  function interleave(pieces: readonly Buffer[], between: Buffer): Buffer[] {
    return pieces.flatMap((piece, index) => (index === last ? [piece] : [piece, between]));
  }

  return {
    plain: (nonce) => piecesOf(interleave(plainParts, Buffer.from(nonce, 'utf8'))),
    gzip(nonce) {
      const inserted = Buffer.from(nonce, 'utf8');
      const plain = interleave(plainParts, inserted);
      let crc = 0;
      let size = 0;
      for (const piece of plain) {
        // Node 20's crc32 answers 0 for an empty buffer with no memory behind it ('' from a page ending at a cut).
        if (piece.length > 0) crc = crc32(piece, crc);
        size += piece.length;
      }
      const trailer = Buffer.alloc(8);
      trailer.writeUInt32LE(crc >>> 0, 0);
      trailer.writeUInt32LE(size % 2 ** 32, 4);
      deflatedParts ??= plainParts.map((part) => deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
      return piecesOf([GZIP_HEADER, ...interleave(deflatedParts, storedBlock(inserted)), FINAL_BLOCK, trailer]);
    },
  };
}

/** `bytes` as a non-final stored deflate block, which starts and ends on a byte boundary. */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > STORED_BLOCK_MAX) throw new RangeError(`A spliced piece holds at most ${STORED_BLOCK_MAX} bytes`);
  const header = Buffer.alloc(5);
  // BFINAL 0 and BTYPE 00 in the first three bits; the rest of the byte is padding.
  header.writeUInt8(0, 0);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}
