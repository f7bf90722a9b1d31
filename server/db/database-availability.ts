import type { Logger } from 'pino';
import type { QueryWatch } from './query-watch';

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
  /**
   * The waits of the pool this speaks for (DatabaseHandle.watch): one waiting past a quarter of
   * `timeoutMs` starts a probe, and a failed probe abandons them all and sends nothing more until
   * one succeeds. Only with a `ping` on a connection of its own, or a pool busy with a burst
   * would read as an outage.
   */
  watch?: QueryWatch;
  /** Milliseconds now, for what the watch reports (the other methods are given the time). */
  now?: () => number;
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

/** One probe on its way or answered. */
interface Probe {
  startedAt: number;
  answered: boolean;
  reachable: Promise<boolean>;
}

/**
 * Tracks whether the database answers. Probes are shared while one is on its way; while the
 * database is down a new one starts every `recheckMs` even when the last still waits (a probe
 * caught by an outage takes its whole timeout to fail, and should not hold the recovery back),
 * and the answer of the latest-started probe that answered stands.
 */
export function databaseAvailability({ ping, logger, timeoutMs, recheckMs = RECHECK_MS, watch, now = Date.now }: DatabaseAvailabilityOptions): DatabaseAvailability {
  let reachable = true;
  let decidedAt = Number.NEGATIVE_INFINITY;
  let latest: Probe | undefined;

  const decide = (isReachable: boolean, at: number) => {
    // An answer to an older question than the one that decided.
    if (at < decidedAt) return;
    if (isReachable !== reachable) {
      if (isReachable) logger.info('The database answers again');
      else logger.error('The database does not answer; requests get 503 until it does');
    }
    reachable = isReachable;
    decidedAt = at;
    if (isReachable) watch?.databaseUp();
    else watch?.databaseDown();
  };

  const probe = (at: number, limitMs = timeoutMs): Promise<boolean> => {
    if (latest && !latest.answered && at - latest.startedAt < recheckMs) return latest.reachable;
    const started: Probe = {
      startedAt: at,
      answered: false,
      reachable: answersWithin(ping, limitMs).then((isReachable) => {
        started.answered = true;
        decide(isReachable, at);
        return isReachable;
      }),
    };
    latest = started;
    return started.reachable;
  };

  const isStale = (at: number) => at - decidedAt >= recheckMs;

  const lateMs = timeoutMs / 4;
  watch?.observe({
    lateMs,
    // The database has had `lateMs` of the late query already: with the rest of `timeoutMs` for
    // the probe, a request waiting on it answers 503 within `timeoutMs` of the outage starting.
    late: () => void probe(now(), timeoutMs - lateMs),
    unreachable: () => {
      // A connect that failed or a query that timed out: refused from now until a probe says otherwise.
      const at = now();
      decide(false, at);
      latest = undefined;
      void probe(at);
    },
  });

  return {
    isServing(at) {
      if (!reachable && isStale(at)) void probe(at);
      return reachable;
    },
    check(at) {
      return isStale(at) ? probe(at) : Promise.resolve(reachable);
    },
    reportFailure(at) {
      void probe(at);
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
