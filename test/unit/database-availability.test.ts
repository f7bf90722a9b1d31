import { expect } from 'chai';
import { pino } from 'pino';
import { databaseAvailability } from '../../server/db/database-availability';

const silent = pino({ level: 'silent' });

/** A ping the test answers by hand, counting how often it was asked. */
function manualPing() {
  const waiting: { resolve(): void; reject(error: Error): void }[] = [];
  return {
    ping: () => new Promise<void>((resolve, reject) => waiting.push({ resolve, reject })),
    asked: () => waiting.length,
    answer: (reachable: boolean) => {
      for (const pending of waiting.splice(0)) {
        if (reachable) pending.resolve();
        else pending.reject(new Error('connection refused'));
      }
    },
  };
}

describe('database availability', () => {
  it('keeps serving through one failed request until a probe finds the database down, then refuses without waiting', async () => {
    const database = manualPing();
    const availability = databaseAvailability({ ping: database.ping, logger: silent, timeoutMs: 60_000 });
    availability.reportFailure(1000);
    availability.reportFailure(1001);
    expect(database.asked()).to.equal(1);
    expect(availability.isServing(1002)).to.equal(true);
    database.answer(false);
    await availability.check(1003);
    expect(availability.isServing(1004)).to.equal(false);
  });

  it('re-probes once the last answer is a second old, and serves again as soon as one succeeds', async () => {
    const database = manualPing();
    const availability = databaseAvailability({ ping: database.ping, logger: silent, timeoutMs: 60_000 });
    const first = availability.check(0);
    database.answer(false);
    expect(await first).to.equal(false);
    expect(availability.isServing(500)).to.equal(false);
    expect(database.asked()).to.equal(0);
    expect(availability.isServing(1000)).to.equal(false);
    expect(availability.isServing(1001)).to.equal(false);
    expect(database.asked()).to.equal(1);
    const shared = availability.check(1002);
    database.answer(true);
    expect(await shared).to.equal(true);
    expect(availability.isServing(1003)).to.equal(true);
  });

  it('counts a probe that does not answer within the timeout as down, and lets the next probe start', async () => {
    let pings = 0;
    const availability = databaseAvailability({
      ping: () => {
        pings += 1;
        return new Promise<void>(() => {});
      },
      logger: silent,
      timeoutMs: 20,
    });
    expect(await availability.check(0)).to.equal(false);
    expect(await availability.check(5000)).to.equal(false);
    expect(pings).to.equal(2);
  });
});
