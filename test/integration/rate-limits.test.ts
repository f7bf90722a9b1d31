import { expect } from 'chai';
import { sql } from 'kysely';
import { hitRateLimit } from '../../server/models/rate-limits';
import { testDb } from '../support/database';
import { settableClock } from '../support/clock';
import { uniqueSuffix } from '../support/fixtures';
import { uniqueClientAddress } from '../support/forms';
import { request, startTestServer } from '../support/server';

describe('rate limit counters', () => {
  const at = (iso: string) => new Date(iso);

  it('allows the maximum per fixed window, then refuses until the window ends, counting each client apart', async () => {
    const db = await testDb();
    const rule = { bucket: `test:${uniqueSuffix()}`, max: 2, windowSeconds: 60 };
    expect(await hitRateLimit(db, rule, 'a', at('2026-01-01T10:00:05Z'))).to.deep.equal({ allowed: true });
    expect(await hitRateLimit(db, rule, 'a', at('2026-01-01T10:00:10Z'))).to.deep.equal({ allowed: true });
    expect(await hitRateLimit(db, rule, 'a', at('2026-01-01T10:00:15Z'))).to.deep.equal({ allowed: false, retryAfterSeconds: 45 });
    expect(await hitRateLimit(db, rule, 'b', at('2026-01-01T10:00:20Z'))).to.deep.equal({ allowed: true });
    expect(await hitRateLimit(db, rule, 'a', at('2026-01-01T10:01:00Z'))).to.deep.equal({ allowed: true });
  });

  it('forgets the windows that ended, for every client of the limit', async () => {
    const db = await testDb();
    const rule = { bucket: `test:${uniqueSuffix()}`, max: 5, windowSeconds: 60 };
    await hitRateLimit(db, rule, 'a', at('2026-01-01T10:00:00Z'));
    await hitRateLimit(db, rule, 'b', at('2026-01-01T10:00:30Z'));
    await hitRateLimit(db, rule, 'c', at('2026-01-01T10:02:00Z'));
    const rows = await db.selectFrom('rate_limit_hits').select(['client_key', 'hits']).where('bucket', '=', rule.bucket).execute();
    expect(rows).to.deep.equal([{ client_key: 'c', hits: 1 }]);
  });

  it('keeps the counters out of the write-ahead log, so a hit waits for no disk flush', async () => {
    const db = await testDb();
    const { rows } = await sql<{ relpersistence: string }>`select relpersistence from pg_class where oid = 'rate_limit_hits'::regclass`.execute(db);
    expect(rows).to.deep.equal([{ relpersistence: 'u' }]);
  });
});

describe('rate limits on the server', () => {
  it("count in the windows of the server's clock, not the machine's", async () => {
    const windowStart = new Date('2026-01-01T10:00:00Z');
    const time = settableClock(new Date(windowStart.getTime() + 300_000));
    const server = await startTestServer({ TRUST_PROXY: '1', LOOKUPS_PER_WINDOW: '2', FORM_RATE_WINDOW_SECONDS: '600' }, { clock: time.clock });
    try {
      const from = { 'x-forwarded-for': uniqueClientAddress() };
      const lookUp = () => request(server, '/api/waitlist/AAAAAAAAAAAAAAAAAAAAAA/', { headers: from });
      expect((await lookUp()).status).to.equal(404);
      expect((await lookUp()).status).to.equal(404);
      const refused = await lookUp();
      expect(refused.status).to.equal(429);
      // Half of the clock's window is left, whatever the machine's clock says.
      expect(Number(refused.headers['retry-after'])).to.be.within(290, 300);
      time.set(new Date(windowStart.getTime() + 600_000));
      expect((await lookUp()).status, "the clock's next window").to.equal(404);
    } finally {
      await server.close();
    }
  });
});
