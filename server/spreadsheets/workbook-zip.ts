import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';
import { gettext, interpolate } from '../../client/lib/i18n';
import { SpreadsheetError } from './spreadsheet-error';

const NOT_A_WORKBOOK = 'The file is a zip archive but not an Excel workbook (.xlsx).';

/**
 * The parts exceljs's streaming reader reads, in the order that lets it parse each sheet as it
 * arrives: relations, workbook, shared strings and styles before the sheets (a sheet that came
 * first would be spooled to a temporary file).
 */
const WORKBOOK_PARTS = [/^xl\/_rels\/workbook\.xml\.rels$/, /^xl\/workbook\.xml$/, /^xl\/sharedStrings\.xml$/, /^xl\/styles\.xml$/, /^xl\/worksheets\/sheet(\d+)\.xml$/];

/** What a workbook's zip directory says: how many files it holds and how many bytes they unpack to. */
export interface WorkbookDirectory {
  entryCount: number;
  /** Null when the directory was not read through, as it holds too many files. */
  unpackedBytes: number | null;
}

/**
 * Reads a zip's central directory alone, unpacking nothing, so quick enough for the request's
 * own thread; the sizes are summed only when it holds at most `maxEntries` files.
 * Throws SpreadsheetError when the file is no zip archive.
 */
export async function readWorkbookDirectory(bytes: Buffer, maxEntries: number): Promise<WorkbookDirectory> {
  const zip = await openZip(bytes);
  try {
    if (zip.entryCount > maxEntries) return { entryCount: zip.entryCount, unpackedBytes: null };
    let unpackedBytes = 0;
    for (const entry of await entriesOf(zip)) unpackedBytes += entry.uncompressedSize;
    return { entryCount: zip.entryCount, unpackedBytes };
  } finally {
    zip.close();
  }
}

/**
 * The parts of a workbook exceljs reads, unpacked and stored again uncompressed in a zip of
 * their own, in WORKBOOK_PARTS order. Each part is unpacked by yauzl, which fails once a part
 * unpacks to more than the central directory says, so what exceljs reads is never more than
 * readWorkbookDirectory said, even from a zip whose sizes lie.
 */
export async function workbookForStreaming(bytes: Buffer): Promise<Readable> {
  const zip = await openZip(bytes);
  try {
    const parts: Array<{ entry: Entry; rank: number; sheet: number }> = [];
    for (const entry of await entriesOf(zip)) {
      const rank = WORKBOOK_PARTS.findIndex((part) => part.test(entry.fileName));
      if (rank >= 0) parts.push({ entry, rank, sheet: Number(WORKBOOK_PARTS[rank]!.exec(entry.fileName)![1] ?? 0) });
    }
    parts.sort((a, b) => a.rank - b.rank || a.sheet - b.sheet);
    const stored = new yazl.ZipFile();
    for (const { entry } of parts) stored.addBuffer(await unpack(zip, entry), entry.fileName, { compress: false });
    stored.end();
    return Readable.from(stored.outputStream, { objectMode: false });
  } finally {
    zip.close();
  }
}

async function openZip(bytes: Buffer): Promise<ZipFile> {
  try {
    return await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true });
  } catch (error) {
    throw new SpreadsheetError(gettext(NOT_A_WORKBOOK), { cause: error });
  }
}

async function entriesOf(zip: ZipFile): Promise<Entry[]> {
  const entries: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) entries.push(entry);
  } catch (error) {
    throw new SpreadsheetError(gettext(NOT_A_WORKBOOK), { cause: error });
  }
  return entries;
}

async function unpack(zip: ZipFile, entry: Entry): Promise<Buffer> {
  try {
    const stream = await zip.openReadStreamPromise(entry);
    return await buffer(stream);
  } catch (error) {
    throw new SpreadsheetError(interpolate('The workbook is damaged: {part} does not unpack as its zip directory says.', { part: entry.fileName }), { cause: error });
  }
}
