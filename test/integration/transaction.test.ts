import { expect } from 'chai';
import type { Db } from '../../server/db/database';
import { afterCommit, withTransaction } from '../../server/db/transaction';
import { ValidationError } from '../../server/errors';
import { expectRefused } from '../support/actions';
import { testDb } from '../support/database';
import { uniqueSuffix } from '../support/fixtures';

describe('withTransaction', () => {
  let db: Db;
  before(async () => {
    db = await testDb();
  });

  /** A row only a committed transaction leaves behind: a redirect from an address of its own. */
  async function insertMarker(trx: Db): Promise<string> {
    const oldPath = `/transaction-${uniqueSuffix()}`;
    await trx.insertInto('redirects').values({ old_path: oldPath, site_id: null, redirect_link: '/' }).execute();
    return oldPath;
  }

  async function markerExists(oldPath: string): Promise<boolean> {
    return (await db.selectFrom('redirects').select('id').where('old_path', '=', oldPath).executeTakeFirst()) !== undefined;
  }

  it('runs after-commit work once the transaction committed, in order', async () => {
    const ran: string[] = [];
    let marker = '';
    const result = await withTransaction(db, async (trx) => {
      marker = await insertMarker(trx);
      afterCommit(trx, async () => void ran.push(`first saw the row: ${await markerExists(marker)}`));
      afterCommit(trx, () => void ran.push('second'));
      expect(ran).to.deep.equal([]);
      return 'done';
    });
    expect(result).to.equal('done');
    expect(ran).to.deep.equal(['first saw the row: true', 'second']);
  });

  it('drops after-commit work on rollback', async () => {
    const ran: string[] = [];
    let marker = '';
    await expectRefused(
      withTransaction(db, async (trx) => {
        marker = await insertMarker(trx);
        afterCommit(trx, () => void ran.push('never'));
        throw new ValidationError('no');
      }),
      ValidationError,
    );
    expect(ran).to.deep.equal([]);
    expect(await markerExists(marker)).to.equal(false);
  });

  it('joins the transaction it is given: the joined work commits, and its after-commit work runs, with the outer one', async () => {
    const ran: string[] = [];
    const markers = await withTransaction(db, async (trx) => {
      const outer = await insertMarker(trx);
      const inner = await withTransaction(trx, async (joined) => {
        afterCommit(joined, () => void ran.push('inner'));
        return insertMarker(joined);
      });
      expect(ran, 'nothing runs before the outer commit').to.deep.equal([]);
      return [outer, inner];
    });
    expect(ran).to.deep.equal(['inner']);
    for (const marker of markers) expect(await markerExists(marker)).to.equal(true);
  });

  it('runs every after-commit hook when one fails, and reports the failure', async () => {
    const ran: string[] = [];
    const error = await expectRefused(
      withTransaction(db, async (trx) => {
        afterCommit(trx, () => {
          throw new Error('cache unreachable');
        });
        afterCommit(trx, () => void ran.push('second'));
      }),
      Error,
    );
    expect(error.message).to.equal('cache unreachable');
    expect(ran).to.deep.equal(['second']);
  });

  it('refuses after-commit work in a transaction it did not open, whose commit it would never see', async () => {
    const error = await expectRefused(
      db.transaction().execute(async (trx) => afterCommit(trx, () => undefined)),
      Error,
    );
    expect(error.message).to.match(/withTransaction/);
  });
});
