/** How many rows an export reads from the database at a time. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Every row of a listing, read in batches by keyset pagination: `fetch` returns the rows that
 * follow `after` (the last row of the previous batch, undefined for the first) in the listing's
 * order, at most `limit` of them. Only one batch is held at a time, and no batch re-reads the
 * rows before it as OFFSET would.
 */
export async function* keysetBatches<Row>(fetch: (after: Row | undefined, limit: number) => Promise<Row[]>, limit = EXPORT_BATCH_SIZE): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const batch = await fetch(after, limit);
    yield* batch;
    if (batch.length < limit) return;
    after = batch.at(-1);
  }
}

/** A slice of a report in its own order: a listing page from `offset`, or the batch after the row `after` (exports). */
export type ReportSlice<Row> = { offset: number; limit: number } | { after: Row | undefined; limit: number };

/** Whether a slice reads on from a row (keyset) rather than from an offset. */
export function isKeysetSlice<Row>(slice: ReportSlice<Row>): slice is { after: Row | undefined; limit: number } {
  return 'after' in slice;
}
