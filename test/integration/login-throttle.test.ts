import { expect } from 'chai';
import { claimLoginAttempt, forgetLoginAttempt, LOGIN_WINDOW_MS, pagePasswordAttemptKeys } from '../../server/models/login-throttle';
import { testDb } from '../support/database';
import { uniqueSuffix } from '../support/fixtures';

describe('login throttle counters', () => {
  const limits = { account: 3, ip: 5 };
  const start = new Date('2026-03-01T12:00:00Z');
  const later = (ms: number) => new Date(start.getTime() + ms);
  /** Keys no other test counts under. */
  const freshKeys = () => pagePasswordAttemptKeys(Number.parseInt(uniqueSuffix(), 16), `test-${uniqueSuffix()}`);

  it('checks up to the limit, refuses while the lockout lasts, and checks again once it ended', async () => {
    const db = await testDb();
    const keys = freshKeys();
    for (let attempt = 0; attempt < limits.account; attempt += 1) expect(await claimLoginAttempt(db, keys, later(attempt * 1000), limits)).to.deep.equal({ throttled: false });
    expect(await claimLoginAttempt(db, keys, later(5_000), limits)).to.deep.equal({ throttled: true });
    expect(await claimLoginAttempt(db, keys, later(LOGIN_WINDOW_MS), limits)).to.deep.equal({ throttled: true });
    expect(await claimLoginAttempt(db, keys, later(2 * LOGIN_WINDOW_MS + 10_000), limits)).to.deep.equal({ throttled: false });
  });

  it("counts a right guess against no one: the secret's failures go and the address takes its attempt back", async () => {
    const db = await testDb();
    const keys = freshKeys();
    for (let round = 0; round < 10; round += 1) {
      expect(await claimLoginAttempt(db, keys, later(round * 1000), limits)).to.deep.equal({ throttled: false });
      await forgetLoginAttempt(db, keys, limits);
    }
    const rows = await db.selectFrom('login_failures').select(['key', 'failures', 'locked_until']).where('key', 'in', [keys.account, keys.ip]).execute();
    expect(rows).to.deep.equal([{ key: keys.ip, failures: 0, locked_until: null }]);
  });
});
