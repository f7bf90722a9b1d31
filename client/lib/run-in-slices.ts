/** How long one slice of work may hold the main thread: well under the 50 ms of a long task. */
const SLICE_MS = 12;

/** Lets whatever else waits for the main thread (input, painting, other tasks) go first. */
export const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `steps` to its end, giving the main thread back between slices of about SLICE_MS, so
 * taps, scrolling and painting go on while it works. Stops, resolving undefined, once `signal`
 * is aborted (the work is no longer wanted).
 */
export async function runInSlices<T>(steps: Generator<void, T>, signal: AbortSignal, now: () => number = () => performance.now()): Promise<T | undefined> {
  let sliceEnds = now() + SLICE_MS;
  for (;;) {
    if (signal.aborted) return undefined;
    const step = steps.next();
    if (step.done) return step.value;
    if (now() >= sliceEnds) {
      await yieldToMain();
      sliceEnds = now() + SLICE_MS;
    }
  }
}

/** Runs `steps` to its end at once, where nothing waits for the thread (the server, tests). */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
