import { expect } from 'chai';
import { pino } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import { databaseAvailability } from '../../server/db/database-availability';
import { DatabaseUnavailableError } from '../../server/db/database-unavailable-error';
import { queryWatch } from '../../server/db/query-watch';

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

  it('probes once a query has waited a quarter of the timeout; a failed probe fails every waiting query, and nothing is sent until a probe succeeds', async () => {
    const database = manualPing();
    const watch = queryWatch();
    const availability = databaseAvailability({ ping: database.ping, logger: silent, timeoutMs: 1000, watch, now: () => 0 });
    const settled = watch.wait(new Promise<never>(() => {})).catch((error: unknown) => error);
    await sleep(50);
    expect(database.asked()).to.equal(0);
    while (database.asked() === 0) await sleep(10);
    database.answer(false);
    expect(await settled).to.be.instanceOf(DatabaseUnavailableError);
    expect(availability.isServing(1)).to.equal(false);
    expect(() => watch.ensureUp()).to.throw(DatabaseUnavailableError);
    expect(availability.isServing(1000)).to.equal(false);
    database.answer(true);
    await availability.check(1001);
    expect(availability.isServing(1002)).to.equal(true);
    expect(() => watch.ensureUp()).to.not.throw();
  });

  it('refuses as soon as a connect fails or a query times out, and a new probe starts every second while the last still waits', async () => {
    const pings: { resolve(): void }[] = [];
    let now = 0;
    const watch = queryWatch();
    const availability = databaseAvailability({ ping: () => new Promise<void>((resolve) => pings.push({ resolve })), logger: silent, timeoutMs: 60_000, watch, now: () => now });
    watch.reportUnreachable();
    expect(availability.isServing(0)).to.equal(false);
    expect(pings).to.have.length(1);
    expect(availability.isServing(999)).to.equal(false);
    expect(pings).to.have.length(1);
    now = 1000;
    expect(availability.isServing(1000)).to.equal(false);
    expect(pings).to.have.length(2);
    pings[1]!.resolve();
    await availability.check(1001);
    expect(availability.isServing(1002)).to.equal(true);
    // The first probe's late answer is older than the one that decided.
    pings[0]!.resolve();
    await sleep(0);
    expect(availability.isServing(1003)).to.equal(true);
  });
});
