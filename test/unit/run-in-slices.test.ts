import { expect } from 'chai';
import { runInSlices } from '../../client/lib/run-in-slices';

describe('work run in slices', () => {
  /** Ten steps of 5 ms each on a clock that only the steps move; records where the main thread was given back. */
  function* fiveMillisecondSteps(clock: { now: number }, log: string[]): Generator<void, string> {
    for (let step = 1; step <= 10; step++) {
      clock.now += 5;
      log.push(`step ${step}`);
      yield;
    }
    return 'drawn';
  }

  it('gives the main thread back between slices and resolves with what the work returns', async () => {
    const clock = { now: 0 };
    const log: string[] = [];
    const done = runInSlices(fiveMillisecondSteps(clock, log), new AbortController().signal, () => clock.now);
    // Another task, queued while the first slice ran, gets its turn between slices.
    setTimeout(() => log.push('other task'), 0);
    expect(await done).to.equal('drawn');
    // Slices of three 5 ms steps: the third passes the 12 ms a slice may take.
    expect(log).to.deep.equal(['step 1', 'step 2', 'step 3', 'step 4', 'step 5', 'step 6', 'other task', 'step 7', 'step 8', 'step 9', 'step 10']);
  });

  it('stops at the next slice once the work is no longer wanted', async () => {
    const clock = { now: 0 };
    const log: string[] = [];
    const controller = new AbortController();
    const done = runInSlices(fiveMillisecondSteps(clock, log), controller.signal, () => clock.now);
    controller.abort();
    expect(await done).to.equal(undefined);
    expect(log).to.deep.equal(['step 1', 'step 2', 'step 3']);
  });
});
