import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Db } from '../../server/db/database';

/** A solid-colour image of this size and format. */
export function solidImage(width: number, height: number, colour = '#1b7f93', format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a width x height RGB header, with `pixelData` as its one IDAT chunk, every checksum valid. */
function pngWithPixelData(width: number, height: number, pixelData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', pixelData), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A PNG whose signature, header and chunk checksums are all valid but whose pixel data is
 * garbage: its header reads as a width x height RGB picture; decoding it fails.
 */
export function damagedPng(width: number, height: number): Buffer {
  return pngWithPixelData(width, height, randomBytes(4096));
}

/** A PNG that declares width x height in its header but carries almost no data: decoding it would claim width*height*3 bytes. */
export function pixelBombPng(width: number, height: number): Buffer {
  return pngWithPixelData(width, height, deflateSync(Buffer.alloc(1000)));
}

/** How many images the database holds. */
export async function imageCount(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
