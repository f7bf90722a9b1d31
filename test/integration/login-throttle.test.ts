import { expect } from 'chai';
import { claimLoginAttempt, forgetLoginAttempt, LOGIN_WINDOW_MS, loginAttemptKeys, pagePasswordAttemptKeys } from '../../server/models/login-throttle';
import { testDb } from '../support/database';
import { uniqueSuffix } from '../support/fixtures';

describe('login throttle counters', () => {
  const limits = { pair: 3, ip: 5 };
  const start = new Date('2026-03-01T12:00:00Z');
  const later = (ms: number) => new Date(start.getTime() + ms);
  /** An address no other test counts under. */
  const freshAddress = () => `test-${uniqueSuffix()}`;
  /** Keys no other test counts under. */
  const freshKeys = () => pagePasswordAttemptKeys(Number.parseInt(uniqueSuffix(), 16), freshAddress());

  it('checks up to the limit, refuses while the lockout lasts, and checks again once it ended', async () => {
    const db = await testDb();
    const keys = freshKeys();
    for (let attempt = 0; attempt < limits.pair; attempt += 1) expect(await claimLoginAttempt(db, keys, later(attempt * 1000), limits)).to.deep.equal({ throttled: false });
    expect(await claimLoginAttempt(db, keys, later(5_000), limits)).to.deep.equal({ throttled: true });
    expect(await claimLoginAttempt(db, keys, later(LOGIN_WINDOW_MS), limits)).to.deep.equal({ throttled: true });
    expect(await claimLoginAttempt(db, keys, later(2 * LOGIN_WINDOW_MS + 10_000), limits)).to.deep.equal({ throttled: false });
  });

  it('locks an account out only from the address its failures came from', async () => {
    const db = await testDb();
    const username = `chef-${uniqueSuffix()}`;
    const attacker = loginAttemptKeys(username, freshAddress());
    for (let attempt = 0; attempt <= limits.pair; attempt += 1) await claimLoginAttempt(db, attacker, later(attempt * 1000), limits);
    expect(await claimLoginAttempt(db, attacker, later(10_000), limits)).to.deep.equal({ throttled: true });
    expect(await claimLoginAttempt(db, loginAttemptKeys(username, freshAddress()), later(10_000), limits)).to.deep.equal({ throttled: false });
  });

  it("counts each secret an address guessed wrong once towards the address's limit, and locks the address for all once it is reached", async () => {
    const db = await testDb();
    const address = freshAddress();
    const first = Number.parseInt(uniqueSuffix(), 16);
    const secret = (n: number) => pagePasswordAttemptKeys(first + n, address);
    // One secret guessed wrong up to its own limit is one secret to the address, however many guesses.
    const mistyped = secret(0);
    for (let attempt = 0; attempt < limits.pair; attempt += 1) expect(await claimLoginAttempt(db, mistyped, later(attempt), limits)).to.deep.equal({ throttled: false });
    for (let n = 1; n < limits.ip; n += 1) expect(await claimLoginAttempt(db, secret(n), later(100 + n), limits), `secret ${n}`).to.deep.equal({ throttled: false });
    expect(await claimLoginAttempt(db, secret(limits.ip), later(200), limits)).to.deep.equal({ throttled: true });
    // A secret the address had already guessed once is refused as well.
    expect(await claimLoginAttempt(db, secret(1), later(300), limits)).to.deep.equal({ throttled: true });
    expect(await claimLoginAttempt(db, secret(1), later(2 * LOGIN_WINDOW_MS), limits)).to.deep.equal({ throttled: false });
  });

  it("counts a right guess against no one: the pair's failures go and the address no longer counts the secret", async () => {
    const db = await testDb();
    const keys = freshKeys();
    for (let round = 0; round < 10; round += 1) {
      expect(await claimLoginAttempt(db, keys, later(round * 1000), limits)).to.deep.equal({ throttled: false });
      expect(await claimLoginAttempt(db, keys, later(round * 1000 + 1), limits)).to.deep.equal({ throttled: false });
      await forgetLoginAttempt(db, keys, limits);
    }
    const rows = await db.selectFrom('login_failures').select(['key', 'failures', 'locked_until']).where('key', 'in', [keys.pair, keys.ip]).execute();
    expect(rows).to.deep.equal([{ key: keys.ip, failures: 0, locked_until: null }]);
  });
});
