const encoder = new TextEncoder();

/** Any character past Latin-1: V8 then keeps the whole string two bytes a character. */
const PAST_LATIN1 = /[\u0100-\uffff]/;

/** Where two-byte strings are encoded before their bytes are copied out; grown as pages need, to this size. */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);
const SCRATCH_MAX_BYTES = 1024 * 1024;

/**
 * `text` as UTF-8 in the kept scratch buffer (its first `written` bytes, good until the next
 * call), or undefined when Buffer's own encoding is the faster: a page whose content holds one
 * character past Latin-1 (a typographic apostrophe, a dash) renders to a two-byte string, which
 * Buffer.from measures and then encodes in two slow passes, a tenth of a rendered home page's
 * time; TextEncoder's encodeInto encodes it in one fast pass. A Latin-1 string keeps Buffer's
 * encoding, faster for it (the check costs nothing for such a string: V8 knows it cannot match),
 * and so does a text too long for the kept buffer.
 */
function encodedInScratch(text: string): number | undefined {
  // At most three bytes for each UTF-16 unit (a surrogate pair is two units for four bytes).
  const most = text.length * 3;
  if (most > SCRATCH_MAX_BYTES || !PAST_LATIN1.test(text)) return undefined;
  if (scratch.length < most) scratch = Buffer.allocUnsafeSlow(most);
  return encoder.encodeInto(text, scratch).written;
}

/** `text` as UTF-8: the same bytes as `Buffer.from(text, 'utf8')`. */
export function utf8Bytes(text: string): Buffer {
  return utf8Between([], text, []);
}

/**
 * The bytes of `before`, `text` as UTF-8 and `after`, in one buffer: the same bytes as
 * `Buffer.concat([...before, Buffer.from(text, 'utf8'), ...after])`, made with one allocation
 * (a rendered page around its React body).
 */
export function utf8Between(before: readonly Buffer[], text: string, after: readonly Buffer[]): Buffer {
  const written = encodedInScratch(text);
  const textBytes = written ?? Buffer.byteLength(text, 'utf8');
  let length = textBytes;
  for (const part of before) length += part.length;
  for (const part of after) length += part.length;
  // Every byte is written over: nothing of the uninitialised memory remains.
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of before) offset += part.copy(bytes, offset);
  offset += written === undefined ? bytes.write(text, offset, 'utf8') : scratch.copy(bytes, offset, 0, written);
  for (const part of after) offset += part.copy(bytes, offset);
  return bytes;
}
