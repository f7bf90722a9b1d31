import { expect } from 'chai';
import pino from 'pino';
import type { Db } from '../../server/db/database';
import { systemClock } from '../../server/clock';
import { startScheduler } from '../../server/scheduler';
import { DatabaseSessionStore } from '../../server/sessions';
import { testDb } from '../support/database';
import { uniqueSuffix } from '../support/fixtures';

describe('database session store', () => {
  let db: Db;
  before(async () => {
    db = await testDb();
  });

  async function storeSession(store: DatabaseSessionStore, expires: Date): Promise<string> {
    const sid = `sid-${uniqueSuffix()}`;
    await new Promise<void>((resolve, reject) =>
      store.set(sid, { cookie: { originalMaxAge: null, expires } }, (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve())),
    );
    return sid;
  }

  const exists = async (sid: string) => (await db.selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst()) !== undefined;

  it('purges expired sessions and keeps live ones', async () => {
    const store = new DatabaseSessionStore(db);
    const expired = await storeSession(store, new Date(Date.now() - 60_000));
    const live = await storeSession(store, new Date(Date.now() + 3_600_000));
    expect(await store.purgeExpired(new Date())).to.be.at.least(1);
    expect(await exists(expired)).to.equal(false);
    expect(await exists(live)).to.equal(true);
  });

  it('is purged by the background scheduler', async () => {
    const store = new DatabaseSessionStore(db);
    const expired = await storeSession(store, new Date(Date.now() - 60_000));
    const scheduler = startScheduler(db, pino({ level: 'silent' }), systemClock, 20);
    try {
      for (let attempt = 0; attempt < 100 && (await exists(expired)); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      scheduler.stop();
    }
    expect(await exists(expired)).to.equal(false);
  });
});
