import type { Logger } from 'pino';

/** Asks the database whether it answers; resolves when it does within `timeoutMs`. */
export type PingDatabase = (timeoutMs: number) => Promise<void>;

/** How the availability is probed. */
export interface DatabaseAvailabilityOptions {
  ping: PingDatabase;
  logger: Logger;
  /** Longest one probe may take before the database counts as unreachable. */
  timeoutMs: number;
  /** How long one answer stands, so a load balancer polling fast cannot turn into a query per poll. */
  recheckMs?: number;
}

/** What the process knows of whether the database answers; the health routes and the request gate read it. */
export interface DatabaseAvailability {
  /**
   * Whether requests should go to the database now. Never waits: once the database was found
   * unreachable this says no, and re-probes in the background when the last answer is stale.
   */
  isServing(now: number): boolean;
  /** A fresh answer: the last one while it stands, else a new probe shared by every caller meanwhile. */
  check(now: number): Promise<boolean>;
  /**
   * A request failed for want of the database: probe now, in the background. Nobody is refused
   * until the probe says it is down, so one slow statement does not close the site.
   */
  reportFailure(now: number): void;
}

const RECHECK_MS = 1000;

/** Tracks whether the database answers, probing at most once per `recheckMs` and one probe at a time. */
export function databaseAvailability({ ping, logger, timeoutMs, recheckMs = RECHECK_MS }: DatabaseAvailabilityOptions): DatabaseAvailability {
  let reachable = true;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let probing: Promise<boolean> | undefined;

  const record = (isReachable: boolean, now: number) => {
    if (isReachable !== reachable) {
      if (isReachable) logger.info('The database answers again');
      else logger.error('The database does not answer; requests get 503 until it does');
    }
    reachable = isReachable;
    checkedAt = now;
  };

  const probe = (now: number): Promise<boolean> => {
    probing ??= answersWithin(ping, timeoutMs)
      .then((isReachable) => {
        record(isReachable, now);
        return isReachable;
      })
      .finally(() => {
        probing = undefined;
      });
    return probing;
  };

  const isStale = (now: number) => now - checkedAt >= recheckMs;

  return {
    isServing(now) {
      if (!reachable && isStale(now)) void probe(now);
      return reachable;
    },
    check(now) {
      return isStale(now) ? probe(now) : Promise.resolve(reachable);
    },
    reportFailure(now) {
      void probe(now);
    },
  };
}

/** Whether `ping` resolves within `timeoutMs`; a ping that hangs past it must not hold the next probe back. */
async function answersWithin(ping: PingDatabase, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      ping(timeoutMs).then(
        () => true,
        () => false,
      ),
      timedOut,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
