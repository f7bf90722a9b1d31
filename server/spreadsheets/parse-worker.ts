/**
 * The worker thread readSpreadsheet starts for each file: parses it and posts back either the
 * dataset or the SpreadsheetError's message. Anything else it throws ends the worker with an
 * 'error' event, which readSpreadsheet turns into a refusal of its own.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { parseSpreadsheet } from './parse-spreadsheet';
import { SpreadsheetError } from './spreadsheet-error';
import type { WorkerAnswer } from './read-spreadsheet';

const workerInput = z.object({ bytes: z.instanceof(Uint8Array), maxRows: z.number().int().positive() });

const { bytes, maxRows } = workerInput.parse(workerData);
let answer: WorkerAnswer;
try {
  answer = { ok: true, dataset: await parseSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { maxRows }) };
} catch (error) {
  if (!(error instanceof SpreadsheetError)) throw error;
  answer = { ok: false, message: error.message };
}
parentPort!.postMessage(answer);
