/**
 * Wraps a read so that concurrent callers share round trips while each still gets a value read
 * after it asked: a caller arriving while a read is on its way waits for the next one, which
 * starts as that one ends and serves everyone who arrived meanwhile. Under load this is at most
 * two reads in flight however many requests ask, and a change committed before a request
 * arrived is always seen by it.
 */
export function freshReader<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current = read().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  const settled = () => undefined;
  return () => {
    if (!running) return start();
    queued ??= running.then(settled, settled).then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}
