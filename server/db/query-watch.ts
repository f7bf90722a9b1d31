import { DatabaseUnavailableError } from './database-unavailable-error';

/** Who is told of the waits: the database availability, which probes and decides. */
export interface QueryWatchObserver {
  /** How long a wait may last before `late` is called. */
  lateMs: number;
  /** A connect or a query has waited longer than `lateMs`: time to ask whether the database answers. */
  late(): void;
  /** A new connection failed, or a query got no answer within its timeout: the database looks unreachable. */
  unreachable(): void;
}

/**
 * What a pool is waiting on from PostgreSQL, shared by the pool and the availability: the pool
 * runs each connect and query through `wait`, and the availability, told when one is late, asks
 * the database on a connection of its own; when it does not answer, every wait is abandoned and
 * nothing new is sent until it does, so a request answers 503 instead of waiting out the query
 * timeout.
 */
export interface QueryWatch {
  /** `work` as it settles, unless the database is found down first: then DatabaseUnavailableError. */
  wait<T>(work: Promise<T>): Promise<T>;
  /** Throws DatabaseUnavailableError while the database is known down: call before sending anything. */
  ensureUp(): void;
  /** The database was found down: every wait fails now, nothing is sent until `databaseUp`, and no connection opened before is used again. */
  databaseDown(): void;
  /** The database answers again. */
  databaseUp(): void;
  /** How many times the database was found down: a connection opened before the last time may be a dead one. */
  outages(): number;
  /** A connect failed or a query timed out (postgres-pool.ts): tells the observers. */
  reportUnreachable(): void;
  /** Starts telling `observer`; returns how to stop. */
  observe(observer: QueryWatchObserver): () => void;
}

interface Wait {
  since: number;
  fail(error: DatabaseUnavailableError): void;
}

/** A watch with no waits and no observers yet. */
export function queryWatch(): QueryWatch {
  // In the order they began: the first is the oldest.
  const waits = new Set<Wait>();
  const observers = new Set<QueryWatchObserver>();
  let outages = 0;
  let isDown = false;
  let timer: NodeJS.Timeout | undefined;

  const lateMs = () => Math.min(...[...observers].map((observer) => observer.lateMs));

  /** Checks the oldest wait when it turns late, and every `lateMs` while one stays late. */
  const arm = () => {
    if (timer || waits.size === 0 || observers.size === 0) return;
    const oldest = waits.values().next().value!;
    timer = setTimeout(check, Math.max(0, oldest.since + lateMs() - performance.now()));
    timer.unref();
  };
  const check = () => {
    timer = undefined;
    const oldest = waits.values().next().value;
    if (!oldest) return;
    const limit = lateMs();
    if (performance.now() - oldest.since >= limit) {
      for (const observer of observers) observer.late();
      timer = setTimeout(check, limit);
      timer.unref();
      return;
    }
    arm();
  };

  return {
    wait(work) {
      return new Promise((resolve, reject) => {
        const wait: Wait = { since: performance.now(), fail: reject };
        waits.add(wait);
        arm();
        work.then(
          (value) => {
            waits.delete(wait);
            resolve(value);
          },
          (error: unknown) => {
            waits.delete(wait);
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    },
    ensureUp() {
      if (isDown) throw new DatabaseUnavailableError('The database does not answer: a health probe found it unreachable');
    },
    databaseDown() {
      isDown = true;
      outages += 1;
      const error = new DatabaseUnavailableError('The database does not answer: a health probe found it unreachable while this waited');
      for (const wait of waits) wait.fail(error);
      waits.clear();
    },
    databaseUp() {
      isDown = false;
    },
    outages: () => outages,
    reportUnreachable() {
      for (const observer of observers) observer.unreachable();
    },
    observe(observer) {
      observers.add(observer);
      arm();
      return () => {
        observers.delete(observer);
        if (observers.size === 0) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
  };
}
