import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** A worker that dies this soon after starting is not restarted in a loop: something is wrong with every start. */
const CRASH_LOOP_MS = 5_000;

/**
 * The primary process of `WEB_CONCURRENCY=N npm start`: forks N workers sharing the port
 * (node:cluster hands connections round-robin), restarts one that dies, and on SIGTERM or
 * SIGINT passes the signal on and exits once every worker has ended: 0 when each stopped cleanly.
 */
export function superviseWorkers(count: number, logger: Logger): void {
  let stopping = false;
  const slots = new Map<Worker, { slot: number; startedAt: number }>();
  const fork = (slot: number) => slots.set(cluster.fork({ WORKER_SLOT: String(slot) }), { slot, startedAt: Date.now() });
  for (let slot = 0; slot < count; slot += 1) fork(slot);

  cluster.on('exit', (worker, code, signal) => {
    const ended = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      // A worker that had to cut requests at the end of its grace period says so through the primary too.
      if (code !== 0 || signal) process.exitCode = 1;
      if (slots.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (!ended) return;
    if (Date.now() - ended.startedAt < CRASH_LOOP_MS) {
      logger.fatal({ slot: ended.slot, code, signal }, 'A worker died right after starting; stopping');
      stopping = true;
      for (const other of slots.keys()) other.process.kill('SIGTERM');
      process.exitCode = 1;
      if (slots.size === 0) process.exit(1);
      return;
    }
    logger.error({ slot: ended.slot, code, signal }, 'A worker died; starting another');
    fork(ended.slot);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of slots.keys()) worker.process.kill(signal);
  };
  // Every signal is handled, not only the first: a second SIGTERM (a supervisor's repeat, or tsx
  // relaying one the process already had) must not kill the primary by default while workers finish.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
