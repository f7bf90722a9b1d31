import { expect } from 'chai';
import { sql } from 'kysely';
import { compiledOnce, type Slots } from '../../server/db/compiled-once';
import type { Db } from '../../server/db/database';
import { testDb } from '../support/database';
import { uniqueSuffix } from '../support/fixtures';

describe('queries compiled once', () => {
  it('builds a query once and runs it with each call’s values, a value named twice in both places', async () => {
    const db = await testDb();
    let builds = 0;
    const sum = compiledOnce((built: Db, values: Slots<{ a: number; b: number; label: string }>) => {
      builds += 1;
      return built
        .selectNoFrom((eb) => [
          sql<number>`${eb.val(values.a)}::int + ${eb.val(values.b)}::int`.as('sum'),
          sql<number>`${eb.val(values.a)}::int * 2`.as('double'),
          eb.val(values.label).as('label'),
          eb.val('fixed').as('constant'),
        ])
        .$castTo<{ sum: number; double: number; label: string; constant: string }>();
    });
    expect(await sum(db, { a: 1, b: 2, label: 'first' })).to.deep.equal([{ sum: 3, double: 2, label: 'first', constant: 'fixed' }]);
    expect(await sum(db, { a: 40, b: 2, label: 'second' })).to.deep.equal([{ sum: 42, double: 80, label: 'second', constant: 'fixed' }]);
    expect(builds).to.equal(1);
  });

  it('runs in a transaction of the database, seeing what the transaction wrote', async () => {
    const db = await testDb();
    const countOf = compiledOnce((built: Db, values: Slots<{ bucket: string }>) =>
      built
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('bucket', '=', values.bucket),
    );
    const bucket = `compiled-once:${uniqueSuffix()}`;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('rate_limit_hits').values({ bucket, client_key: 'a', window_start: new Date(), hits: 1 }).execute();
        expect(await countOf(trx, { bucket })).to.deep.equal([{ count: 1 }]);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect(await countOf(db, { bucket })).to.deep.equal([{ count: 0 }]);
  });
});
