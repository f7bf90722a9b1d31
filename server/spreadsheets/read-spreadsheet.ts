import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { megabytes } from '../models/images';
import { isZip, SPREADSHEET_FORMATS, type Dataset } from './parse-spreadsheet';
import { SpreadsheetError } from './spreadsheet-error';
import type { SpreadsheetLimits } from './spreadsheet-limits';
import { readWorkbookDirectory } from './workbook-zip';

const workerAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), dataset: z.object({ format: z.enum(SPREADSHEET_FORMATS), headers: z.array(z.string()), rows: z.array(z.array(z.string())) }) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

/** What the parse worker posts back: the dataset, or why the file was refused. */
export type WorkerAnswer = z.infer<typeof workerAnswer>;

/** The worker's entry: plain JavaScript that registers tsx, then loads parse-worker.ts. */
const PARSE_WORKER_ENTRY = new URL('./parse-worker-entry.mjs', import.meta.url);

/** Workers reading spreadsheets at once in this process (the machine has few cores); more reads wait, up to MAX_WAITING_READS. */
const PARALLEL_READS = 2;
const MAX_WAITING_READS = 8;

let runningReads = 0;
const waitingReads: Array<() => void> = [];

/**
 * Reads an uploaded CSV, TSV or XLSX file (told apart by content) within the limits, without
 * blocking the caller's thread: a workbook that holds too many files or unpacks too large is
 * refused from its zip directory before anything is unpacked, text that is too large by its
 * size; then a worker thread parses the file as a stream, stopped at the row limit, the time
 * limit or the memory limit. Every refusal, the worker's failures included, is a SpreadsheetError
 * whose message names the limit.
 */
export async function readSpreadsheet(bytes: Buffer, limits: SpreadsheetLimits): Promise<Dataset> {
  if (isZip(bytes)) await ensureWorkbookIsWithinLimits(bytes, limits);
  else if (bytes.length > limits.maxUnpackedBytes) {
    throw new SpreadsheetError(interpolate('The file is {size}; the limit is {limit}.', { size: megabytes(bytes.length), limit: megabytes(limits.maxUnpackedBytes) }));
  }
  return withReadSlot(() => parseInWorker(bytes, limits));
}

async function ensureWorkbookIsWithinLimits(bytes: Buffer, limits: SpreadsheetLimits): Promise<void> {
  const { entryCount, unpackedBytes } = await readWorkbookDirectory(bytes, limits.maxEntries);
  if (unpackedBytes === null) {
    throw new SpreadsheetError(interpolate('The workbook holds {count} files; the limit is {limit}.', { count: entryCount, limit: limits.maxEntries }));
  }
  if (unpackedBytes > limits.maxUnpackedBytes) {
    throw new SpreadsheetError(interpolate('The workbook unpacks to {size}; the limit is {limit}.', { size: megabytes(unpackedBytes), limit: megabytes(limits.maxUnpackedBytes) }));
  }
}

async function withReadSlot<T>(read: () => Promise<T>): Promise<T> {
  if (runningReads >= PARALLEL_READS) {
    if (waitingReads.length >= MAX_WAITING_READS) throw new SpreadsheetError(gettext('The server is reading other spreadsheets; try again in a minute.'));
    await new Promise<void>((resolve) => waitingReads.push(resolve));
  }
  runningReads += 1;
  try {
    return await read();
  } finally {
    runningReads -= 1;
    waitingReads.shift()?.();
  }
}

function parseInWorker(bytes: Buffer, limits: SpreadsheetLimits): Promise<Dataset> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSE_WORKER_ENTRY, {
      workerData: { bytes, maxRows: limits.maxRows },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
    });
    let settled = false;
    const settle = (outcome: Dataset | SpreadsheetError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof SpreadsheetError) reject(outcome);
      else resolve(outcome);
    };
    const timer = setTimeout(() => {
      settle(
        new SpreadsheetError(interpolate('Reading the file was stopped after {seconds} seconds, the time limit. Split it into smaller files.', { seconds: limits.timeoutMs / 1000 })),
      );
    }, limits.timeoutMs);
    worker.once('message', (message: unknown) => {
      const answer = workerAnswer.safeParse(message);
      if (!answer.success) settle(new SpreadsheetError(gettext('The file could not be read: the reader gave no dataset.'), { cause: answer.error }));
      else settle(answer.data.ok ? answer.data.dataset : new SpreadsheetError(answer.data.message));
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        settle(
          new SpreadsheetError(
            interpolate('Reading the file was stopped: it needs more than {limit} MB of memory, the limit. Split it into smaller files.', { limit: limits.maxMemoryMb }),
            { cause: error },
          ),
        );
      } else {
        settle(new SpreadsheetError(interpolate('The file could not be read: {problem}', { problem: error.message }), { cause: error }));
      }
    });
    worker.once('exit', () => settle(new SpreadsheetError(gettext('The file could not be read: the reader stopped without an answer.'))));
  });
}
