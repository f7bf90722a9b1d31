import { expect } from 'chai';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { PREPARE_AFTER_RUNS } from '../../server/db/prepared-statements';
import { testDatabaseUrl } from '../support/database';

// Only a PostgreSQL server prepares statements: the embedded database runs each as it comes.
describe('statements prepared on PostgreSQL', function () {
  let handle: DatabaseHandle;
  let table: string;

  before(async function () {
    const url = await testDatabaseUrl();
    if (!url) {
      console.warn("    (skipped: prepared statements are a PostgreSQL server connection's; set TEST_DATABASE_URL)");
      this.skip();
    }
    // One connection, so every statement meets what the ones before it prepared.
    handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    table = `prepared_probe_${process.pid}_${Date.now()}`;
    await sql`create table ${sql.table(table)} (id integer primary key)`.execute(handle.db);
    await sql`insert into ${sql.table(table)} values (1)`.execute(handle.db);
  });
  after(async () => {
    if (!handle) return;
    await sql`drop table if exists ${sql.table(table)}`.execute(handle.db);
    await handle.close();
  });

  const readAll = (db = handle.db) => sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(db);
  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map((row) => row.statement);

  it('prepares a statement the app runs often, and answers the same', async () => {
    const answers = [];
    for (let run = 0; run < PREPARE_AFTER_RUNS + 2; run += 1) answers.push((await readAll()).rows);
    expect(answers.every((rows) => JSON.stringify(rows) === JSON.stringify([{ id: 1 }]))).to.equal(true);
    expect(await prepared()).to.include(`select * from "${table}" order by id`);
  });

  it('answers with the new columns after a migration changed the table under a prepared statement', async () => {
    for (let run = 0; run < PREPARE_AFTER_RUNS + 1; run += 1) await readAll();
    await sql`alter table ${sql.table(table)} add column label text not null default 'added'`.execute(handle.db);
    expect((await readAll()).rows).to.deep.equal([{ id: 1, label: 'added' }]);
  });

  it('fails a transaction that meets such a statement, and serves the next request on a fresh connection', async () => {
    for (let run = 0; run < PREPARE_AFTER_RUNS + 1; run += 1) await readAll();
    await sql`alter table ${sql.table(table)} add column note text`.execute(handle.db);
    const failed = await handle.db
      .transaction()
      .execute((trx) => readAll(trx))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).to.be.instanceOf(Error).with.property('message').that.includes('cached plan must not change result type');
    expect((await readAll()).rows).to.deep.equal([{ id: 1, label: 'added', note: null }]);
  });
});
