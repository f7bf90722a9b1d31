import { expect } from 'chai';
import { isStalePreparedStatement, PREPARE_AFTER_RUNS, statementNames, transactionChange } from '../../server/db/prepared-statements';

describe('prepared statement names', () => {
  it('names a statement once it has run often enough, and the same name ever after', () => {
    const names = statementNames();
    const sql = 'select * from locations where rlid = $1';
    const given = Array.from({ length: PREPARE_AFTER_RUNS + 2 }, () => names.nameFor(sql));
    expect(given.slice(0, PREPARE_AFTER_RUNS - 1)).to.deep.equal(Array(PREPARE_AFTER_RUNS - 1).fill(undefined));
    expect(given[PREPARE_AFTER_RUNS - 1]).to.be.a('string');
    expect(new Set(given.slice(PREPARE_AFTER_RUNS - 1))).to.have.length(1);
    expect(names.nameFor('select 1')).to.equal(undefined);
  });

  it('gives each text its own name and stops naming new texts at the cap', () => {
    const names = statementNames({ prepareAfterRuns: 1, maxPrepared: 2 });
    const first = names.nameFor('select 1');
    const second = names.nameFor('select 2');
    expect(first).to.be.a('string').and.not.equal(second);
    expect(names.nameFor('select 3')).to.equal(undefined);
    expect(names.nameFor('select 1')).to.equal(first);
  });

  it('tells a statement prepared before its table changed from any other error', () => {
    expect(isStalePreparedStatement({ code: '0A000', message: 'cached plan must not change result type' })).to.equal(true);
    expect(isStalePreparedStatement({ code: '0A000', message: 'FOR UPDATE is not allowed with aggregate functions' })).to.equal(false);
    expect(isStalePreparedStatement({ code: '42P01', message: 'relation "x" does not exist' })).to.equal(false);
  });

  it('knows the statements that open and end a transaction', () => {
    for (const sql of ['begin', 'BEGIN', 'start transaction isolation level serializable']) expect(transactionChange(sql), sql).to.equal('opens');
    for (const sql of ['commit', 'rollback', 'ROLLBACK;', 'rollback transaction', 'end', 'abort']) expect(transactionChange(sql), sql).to.equal('ends');
    for (const sql of ['rollback to savepoint "sp1"', 'savepoint "sp1"', 'release savepoint "sp1"', 'select 1', 'update locations set x = 1']) {
      expect(transactionChange(sql), sql).to.equal(undefined);
    }
  });
});
