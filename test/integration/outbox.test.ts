import { expect } from 'chai';
import pino from 'pino';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { OutboxEmail } from '../../server/db/schema';
import { deliverDueEmails } from '../../server/mail/outbox-worker';
import { MAX_DELIVERY_ATTEMPTS, queueEmail } from '../../server/models/outbox';
import { openScratchDatabase, type TestDatabase } from '../support/database';

// The worker takes every due email, so these tests use a database of their own.
describe('outbox', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  let db: Db;
  const logger = pino({ level: 'silent' });

  before(async () => {
    database = await openScratchDatabase();
    db = database.handle.db;
    await migrateToLatest(db);
  });
  after(async () => database.dispose());
  beforeEach(async () => {
    await db.deleteFrom('outbox_emails').execute();
  });

  const row = (id: number) => db.selectFrom('outbox_emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses an invalid address or a subject with a line break, and queues nothing', async () => {
    let error: unknown;
    try {
      await queueEmail(db, { to: 'not-an-address', subject: 'Hi', text: 'Body' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(Error);
    error = undefined;
    try {
      await queueEmail(db, { to: 'guest@example.com', subject: 'Hi\r\nBcc: victim@example.com', text: 'Body' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(Error);
    expect(await db.selectFrom('outbox_emails').select('id').execute()).to.have.length(0);
  });

  it('sends each due email once and records it as sent', async () => {
    const id = await queueEmail(db, { to: 'guest@example.com', subject: 'Your message', text: 'Thanks for writing.' });
    const sent: OutboxEmail[] = [];
    expect(await deliverDueEmails(db, async (email) => void sent.push(email), logger)).to.equal(1);
    expect(await deliverDueEmails(db, async (email) => void sent.push(email), logger)).to.equal(0);
    expect(sent.map((email) => [email.to_address, email.subject, email.text_body])).to.deep.equal([['guest@example.com', 'Your message', 'Thanks for writing.']]);
    const stored = await row(id);
    expect(stored.status).to.equal('sent');
    expect(stored.sent_at).to.be.instanceOf(Date);
  });

  it('keeps the email when no mail server is configured', async () => {
    const id = await queueEmail(db, { to: 'guest@example.com', subject: 'Kept', text: 'Body' });
    await deliverDueEmails(db, null, logger);
    expect((await row(id)).status).to.equal('kept');
  });

  it('retries a failed send later with a growing delay, then gives up', async () => {
    const id = await queueEmail(db, { to: 'guest@example.com', subject: 'Flaky', text: 'Body' });
    const failing = async () => {
      throw new Error('connection refused');
    };
    await deliverDueEmails(db, failing, logger);
    let stored = await row(id);
    expect(stored.status).to.equal('queued');
    expect(stored.attempts).to.equal(1);
    expect(stored.last_error).to.equal('connection refused');
    expect(stored.next_attempt_at.getTime()).to.be.greaterThan(Date.now());
    // Not due yet: the next round leaves it alone.
    expect(await deliverDueEmails(db, failing, logger)).to.equal(0);

    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      await db
        .updateTable('outbox_emails')
        .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', id)
        .execute();
      await deliverDueEmails(db, failing, logger);
    }
    stored = await row(id);
    expect(stored.attempts).to.equal(MAX_DELIVERY_ATTEMPTS);
    expect(stored.status).to.equal('failed');
  });
});
